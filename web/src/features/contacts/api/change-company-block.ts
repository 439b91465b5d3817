// PUT and DELETE /api/api/candidates/blocked-companies/{companyId} (204): the
// candidate blocks a company (its waiting requests are declined and its
// conversations closed) or unblocks it (its recruiters may ask again; closed
// conversations stay closed). Every contacts list is asked again afterwards.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contactKeys } from './query-keys';

export function blockCompany(companyId: number): Promise<void> {
  return api.put<void>(`/api/candidates/blocked-companies/${companyId}`);
}

export function unblockCompany(companyId: number): Promise<void> {
  return api.delete<void>(`/api/candidates/blocked-companies/${companyId}`);
}

function useCompanyBlockMutation(call: (companyId: number) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.all }),
  });
}

export function useBlockCompany() {
  return useCompanyBlockMutation(blockCompany);
}

export function useUnblockCompany() {
  return useCompanyBlockMutation(unblockCompany);
}
