// Paging and sort of the result list.
import { describe, expect, it } from 'vitest';
import { currentPage, initialPaging, pageCount, pagingReducer, shownRange } from './results-paging';

describe('result paging', () => {
  it('starts on the first page, by score, 20 per page', () => {
    const state = initialPaging();
    expect(state).toEqual({ offset: 0, limit: 20, sort: 'score' });
    expect(currentPage(state)).toBe(1);
  });

  it('moves forward only while there are more hits', () => {
    const second = pagingReducer(initialPaging(), { type: 'next', total: 45 });
    expect(second.offset).toBe(20);
    const third = pagingReducer(second, { type: 'next', total: 45 });
    expect(third.offset).toBe(40);
    expect(pagingReducer(third, { type: 'next', total: 45 })).toBe(third);
  });

  it('moves back down to the first page and no further', () => {
    const state = { offset: 40, limit: 20, sort: 'score' as const };
    const back = pagingReducer(state, { type: 'previous' });
    expect(back.offset).toBe(20);
    const first = pagingReducer(pagingReducer(back, { type: 'previous' }), { type: 'previous' });
    expect(first.offset).toBe(0);
  });

  it('jumps to a page within bounds', () => {
    expect(pagingReducer(initialPaging(), { type: 'goTo', page: 3, total: 45 }).offset).toBe(40);
    expect(pagingReducer(initialPaging(), { type: 'goTo', page: 9, total: 45 }).offset).toBe(40);
    expect(pagingReducer(initialPaging(), { type: 'goTo', page: 0, total: 45 }).offset).toBe(0);
  });

  it('goes back to the first page when the sort changes or the criteria change', () => {
    const state = { offset: 40, limit: 20, sort: 'score' as const };
    expect(pagingReducer(state, { type: 'sort', sort: 'distance' })).toEqual({ offset: 0, limit: 20, sort: 'distance' });
    expect(pagingReducer(state, { type: 'reset' }).offset).toBe(0);
  });

  it('counts pages and the shown range', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(40, 20)).toBe(2);
    expect(pageCount(41, 20)).toBe(3);
    expect(shownRange({ offset: 20, limit: 20, sort: 'score' }, 20)).toEqual({ from: 21, to: 40 });
    expect(shownRange({ offset: 0, limit: 20, sort: 'score' }, 0)).toEqual({ from: 0, to: 0 });
  });
});
