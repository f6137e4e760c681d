/** Numbers and days in the reader's language: counts, compact token counts, wait times, UTC days. */
export function dashboardFormat(language: string) {
  const number = new Intl.NumberFormat(language);
  const compact = new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
  const milliseconds = new Intl.NumberFormat(language, { style: 'unit', unit: 'millisecond', unitDisplay: 'short', maximumFractionDigits: 0 });
  const seconds = new Intl.NumberFormat(language, { style: 'unit', unit: 'second', unitDisplay: 'short', maximumFractionDigits: 1 });
  const dayName = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  const shortDay = new Intl.DateTimeFormat(language, { month: 'numeric', day: 'numeric', timeZone: 'UTC' });
  const time = new Intl.DateTimeFormat(language, { timeStyle: 'short' });
  const utc = (day: string) => new Date(`${day}T00:00:00Z`);
  return {
    count: (value: number) => number.format(value),
    compact: (value: number) => compact.format(value),
    /** A share of a whole; a dash when there is no whole. */
    share: (part: number, whole: number) => (whole === 0 ? '–' : percent.format(part / whole)),
    /** A wait: milliseconds under a second, seconds above; a dash when nothing was measured. */
    wait: (ms: number | null) => (ms === null ? '–' : ms < 1000 ? milliseconds.format(ms) : seconds.format(ms / 1000)),
    day: (day: string) => dayName.format(utc(day)),
    shortDay: (day: string) => shortDay.format(utc(day)),
    time: (iso: string) => time.format(new Date(iso)),
  };
}

export type DashboardFormat = ReturnType<typeof dashboardFormat>;
