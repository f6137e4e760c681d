import { describe, expect, it } from 'vitest';
import { pageSlots } from './page-slots';

describe('the ranking pager slots', () => {
  it('shows every page when there are six or fewer', () => {
    expect(pageSlots(1, 3, 6)).toEqual([1, 2, 3]);
    expect(pageSlots(6, 6, 6)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('shows six pages around the current one, kept inside the range', () => {
    expect(pageSlots(1, 20, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pageSlots(10, 20, 6)).toEqual([8, 9, 10, 11, 12, 13]);
    expect(pageSlots(20, 20, 6)).toEqual([15, 16, 17, 18, 19, 20]);
  });

  it('shows nothing for an empty ranking', () => {
    expect(pageSlots(1, 0, 6)).toEqual([]);
  });
});
