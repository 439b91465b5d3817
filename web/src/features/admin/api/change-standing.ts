// PUT /api/api/admin/accounts/{id}/standing: approve, refuse or suspend an
// account (a reason is required to refuse or suspend); the account gets an email.
// Silent: the page says what went wrong where the operator acted.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AdminAccount, StandingChange } from './admin-types';
import { adminKeys } from './query-keys';

export type StandingChangeVariables = { id: number; change: StandingChange };

export function changeStanding({ id, change }: StandingChangeVariables): Promise<AdminAccount> {
  return api.put<AdminAccount>(`/api/admin/accounts/${id}/standing`, change, { silent: true });
}

export function useChangeStanding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeStanding,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.accounts() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.auditEvents() }),
      ]),
  });
}
