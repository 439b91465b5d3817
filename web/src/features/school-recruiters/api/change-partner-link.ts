// The school's link with a partner:
// POST /api/api/partners/{id}/add-school asks the partner for a link, which
// holds once they accept; POST /api/api/partners/{id}/remove-school ends the
// link or withdraws the request (both 204, `id` being the partner's). Either
// way the list is asked again, also after a failure (the partner may have
// answered meanwhile).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { schoolRecruiterKeys } from './query-keys';

/** `ask` for a link, or `remove` one (a link that holds, or a request not answered yet). */
export type PartnerLinkChange = 'ask' | 'remove';

export function changePartnerLink({ partnerId, change }: { partnerId: number; change: PartnerLinkChange }): Promise<void> {
  return api.post<void>(`/api/partners/${partnerId}/${change === 'ask' ? 'add-school' : 'remove-school'}`);
}

export function useChangePartnerLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePartnerLink,
    onSettled: () => queryClient.invalidateQueries({ queryKey: schoolRecruiterKeys.partners() }),
  });
}
