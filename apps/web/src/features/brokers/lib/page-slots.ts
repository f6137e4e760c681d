/**
 * The page numbers the pager shows: at most `slots` consecutive pages around `current`, kept
 * inside 1..total (spec: 6 page slots).
 */
export function pageSlots(current: number, total: number, slots: number): number[] {
  if (total <= 0) return [];
  const count = Math.min(slots, total);
  const start = Math.min(Math.max(1, current - Math.floor((count - 1) / 2)), total - count + 1);
  return Array.from({ length: count }, (_, index) => start + index);
}
