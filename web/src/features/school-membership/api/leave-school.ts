// DELETE /api/api/candidates/school: the candidate leaves their school, which
// is told by email and loses access to the profile at once. A 409
// `not_in_a_school` means they had none (left from another tab): the session
// is refreshed either way.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { refreshMembership } from './refresh-membership';

export function leaveSchool(): Promise<void> {
  return api.delete<void>('/api/candidates/school', { silent: true });
}

export function useLeaveSchool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveSchool,
    onSuccess: () => refreshMembership(queryClient),
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'not_in_a_school') return refreshMembership(queryClient);
    },
  });
}
