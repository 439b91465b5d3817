// The query keys of the operator area, in one place so that each change
// invalidates exactly what it changes (a new standing moves an account out of
// the queue and adds a line to the audit log).
import type { AccountRole, AccountStanding } from './admin-types';

export type AccountFilters = {
  q?: string;
  role?: AccountRole;
  standing?: AccountStanding;
  page: number;
};

export const adminKeys = {
  all: ['admin'] as const,
  accounts: (filters?: AccountFilters) =>
    filters ? ([...adminKeys.all, 'accounts', filters] as const) : ([...adminKeys.all, 'accounts'] as const),
  institutionRequests: () => [...adminKeys.all, 'institution-requests'] as const,
  auditEvents: (page?: number) =>
    page === undefined ? ([...adminKeys.all, 'audit-events'] as const) : ([...adminKeys.all, 'audit-events', page] as const),
};

/** Rows per page of the operator's lists. */
export const adminPageSize = 50;
