// Paging and sort of the result list as a small reducer: changing the sort or
// the criteria goes back to the first page, moving stays within the total.
import type { SortOrder } from '../api/search-types';

export const defaultPageSize = 20;

export type PagingState = { offset: number; limit: number; sort: SortOrder };

export type PagingAction =
  | { type: 'next'; total: number }
  | { type: 'previous' }
  | { type: 'goTo'; page: number; total: number }
  | { type: 'sort'; sort: SortOrder }
  | { type: 'reset' };

export function initialPaging(sort: SortOrder = 'score', limit = defaultPageSize): PagingState {
  return { offset: 0, limit, sort };
}

export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / limit));
}

/** One-based page number shown to the user. */
export function currentPage(state: PagingState): number {
  return Math.floor(state.offset / state.limit) + 1;
}

export function pagingReducer(state: PagingState, action: PagingAction): PagingState {
  switch (action.type) {
    case 'next': {
      const offset = state.offset + state.limit;
      return offset < action.total ? { ...state, offset } : state;
    }
    case 'previous':
      return state.offset === 0 ? state : { ...state, offset: Math.max(0, state.offset - state.limit) };
    case 'goTo': {
      const page = Math.min(Math.max(1, Math.trunc(action.page)), pageCount(action.total, state.limit));
      const offset = (page - 1) * state.limit;
      return offset === state.offset ? state : { ...state, offset };
    }
    case 'sort':
      return state.sort === action.sort && state.offset === 0 ? state : { ...state, sort: action.sort, offset: 0 };
    case 'reset':
      return state.offset === 0 ? state : { ...state, offset: 0 };
  }
}

/** "21–40" of the total, for the list header. */
export function shownRange(state: PagingState, hitsOnPage: number): { from: number; to: number } {
  if (hitsOnPage === 0) return { from: 0, to: 0 };
  return { from: state.offset + 1, to: state.offset + hitsOnPage };
}
