// POST /api/api/admin/institution-requests/{id}/acceptance creates the
// institution (under the name the operator checked) or finds the one of that
// name; DELETE /api/api/admin/institution-requests/{id} refuses the request.
// Silent: the page says what went wrong beside the request.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { InstitutionAcceptance, InstitutionView } from './admin-types';
import { adminKeys } from './query-keys';

export type AcceptanceVariables = { id: number; acceptance: InstitutionAcceptance };

export function acceptInstitutionRequest({ id, acceptance }: AcceptanceVariables): Promise<InstitutionView> {
  return api.post<InstitutionView>(`/api/admin/institution-requests/${id}/acceptance`, acceptance, { silent: true });
}

export function refuseInstitutionRequest(id: number): Promise<void> {
  return api.delete<void>(`/api/admin/institution-requests/${id}`, { silent: true });
}

function useInvalidateRequests() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.institutionRequests() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.auditEvents() }),
    ]);
}

export function useAcceptInstitutionRequest() {
  const invalidate = useInvalidateRequests();
  return useMutation({ mutationFn: acceptInstitutionRequest, onSuccess: invalidate });
}

export function useRefuseInstitutionRequest() {
  const invalidate = useInvalidateRequests();
  return useMutation({ mutationFn: refuseInstitutionRequest, onSuccess: invalidate });
}
