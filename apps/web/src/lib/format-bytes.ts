const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/**
 * A file size in the reader's language, in binary steps as file sizes are usually shown, every
 * unit in its short form so sizes side by side match: 426 → "426 B", 1536 → "1.5 kB",
 * 200 MiB → "200 MB" (zh-CN).
 */
export function formatBytes(bytes: number, locale: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const format = new Intl.NumberFormat(locale, {
    style: 'unit',
    // bytes are written like the kilobytes beside them: Intl's short byte is the word "byte" in
    // English, Korean and Vietnamese, so the kilobyte's symbol loses its "k" instead (kB → B, кБ → Б)
    unit: units[Math.max(unit, 1)],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  });
  if (unit > 0) return format.format(value);
  return format
    .formatToParts(value)
    .map((part) => (part.type === 'unit' ? part.value.replace(/^[kк]/i, '') : part.value))
    .join('');
}
