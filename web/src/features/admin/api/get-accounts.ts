// GET /api/api/admin/accounts: accounts found by text, role and standing, a
// page at a time; pending accounts come first, the oldest first (the queue).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AdminAccountList } from './admin-types';
import { type AccountFilters, adminKeys, adminPageSize } from './query-keys';

export function getAccounts(filters: AccountFilters, signal?: AbortSignal): Promise<AdminAccountList> {
  return api.get<AdminAccountList>('/api/admin/accounts', {
    query: {
      q: filters.q?.trim() || undefined,
      role: filters.role,
      standing: filters.standing,
      page: filters.page,
      per_page: adminPageSize,
    },
    signal,
  });
}

export function getAccountsQueryOptions(filters: AccountFilters) {
  return queryOptions({
    queryKey: adminKeys.accounts(filters),
    queryFn: ({ signal }) => getAccounts(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAccounts(filters: AccountFilters) {
  return useQuery(getAccountsQueryOptions(filters));
}
