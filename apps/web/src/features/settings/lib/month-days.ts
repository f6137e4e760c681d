import type { DayUsage } from '@parley/contracts';

export interface ChartDay {
  day: string;
  /** Day of the month, 1-based. */
  date: number;
  tokens: number;
  messages: number;
}

/** Every day of the month (YYYY-MM), with the ledger's numbers where there was use and zeros elsewhere. */
export function monthDays(month: string, days: DayUsage[]): ChartDay[] {
  const [year = 1970, monthNumber = 1] = month.split('-').map(Number);
  const count = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  const byDay = new Map(days.map((entry) => [entry.day, entry]));
  return Array.from({ length: count }, (_, index) => {
    const day = `${month}-${String(index + 1).padStart(2, '0')}`;
    const entry = byDay.get(day);
    return {
      day,
      date: index + 1,
      tokens: entry ? entry.promptTokens + entry.completionTokens : 0,
      messages: entry?.messages ?? 0,
    };
  });
}
