// The query keys of the sourcing feature, in one tree so a mutation can
// invalidate everything below a branch (e.g. every saved search's results).
import type { SortOrder, SourcingSearchRequest } from './search-types';

export const sourcingKeys = {
  all: ['sourcing'] as const,
  adHocSearch: (request: SourcingSearchRequest) => ['sourcing', 'ad-hoc-search', request] as const,
  savedSearches: () => ['sourcing', 'saved-searches'] as const,
  savedSearch: (id: number, view: { onlySaved: boolean; limit: number; offset: number; sort: SortOrder }) =>
    ['sourcing', 'saved-searches', id, view] as const,
};
