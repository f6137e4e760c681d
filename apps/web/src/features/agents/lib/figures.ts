/** The share of good feedback among all feedback, 0–100; null while nobody rated. */
export function likeRatio(good: number, bad: number): number | null {
  const total = good + bad;
  return total > 0 ? Math.round((good / total) * 100) : null;
}

/** Large counts in the reader's language and short form: 1.2K, 3.4万. */
export function compactCount(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}
