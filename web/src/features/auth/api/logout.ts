// Logging out: the server ends the session and clears the cookie; the client
// goes home, then forgets the user and every cached answer that belonged to
// them (home first, so the guard never sees an anonymous visitor on a page of
// the area being left).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { logout as forgetUser } from '@/lib/session';

export function logoutFromServer(): Promise<void> {
  return api.post<void>('/logout', undefined, { silent: true, anonymousAllowed: true });
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logoutFromServer,
    // Even if the call failed, this browser must not look logged in any more.
    onSettled: () => {
      void navigate(paths.home, { replace: true });
      forgetUser();
      queryClient.clear();
    },
  });
}
