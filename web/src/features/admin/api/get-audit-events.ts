// GET /api/api/admin/audit-events: what operators (and partners accepting a
// colleague) did to accounts and institutions, newest first, a page at a time.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AuditEventList } from './admin-types';
import { adminKeys, adminPageSize } from './query-keys';

export function getAuditEvents(page: number, signal?: AbortSignal): Promise<AuditEventList> {
  return api.get<AuditEventList>('/api/admin/audit-events', { query: { page, per_page: adminPageSize }, signal });
}

export function getAuditEventsQueryOptions(page: number) {
  return queryOptions({
    queryKey: adminKeys.auditEvents(page),
    queryFn: ({ signal }) => getAuditEvents(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAuditEvents(page: number) {
  return useQuery(getAuditEventsQueryOptions(page));
}
