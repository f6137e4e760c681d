const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/**
 * 168 → "168 bytes", 1536 → "1.5 kB" in the reader's language (binary steps, as file sizes are
 * usually shown). Bytes are spelled out: their short form is "168 byte" in English and "168 B" in
 * Chinese, while the long one reads "168 bytes", "168字节".
 */
export function formatBytes(bytes: number, locale: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

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
