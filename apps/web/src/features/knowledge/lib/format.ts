const steps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

/** "3 minutes ago" within a week, else the date and time, in the reader's language. */
export function formatWhen(iso: string, locale: string, now = Date.now()): string {
  const then = new Date(iso).getTime();
  let delta = (then - now) / 1000;
  for (const [unit, size] of steps) {
    if (Math.abs(delta) < size) return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(Math.round(delta), unit);
    delta /= size;
  }
  return formatDateTime(iso, locale);
}

export function formatDateTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** 0.873 → "87%". */
export function formatPercent(fraction: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(fraction);
}
