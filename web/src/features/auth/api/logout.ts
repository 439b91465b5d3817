// Logging out: the server ends the session and clears the cookie; the client
// forgets the user and every cached answer that belonged to them, and goes
// home. The session remembers the logout was chosen, so the guard (which may
// see the emptied session before the router has moved) sends them home too,
// not to the login page.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { endSession } from '@/lib/session';

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
      endSession();
      queryClient.clear();
      void navigate(paths.home, { replace: true });
    },
  });
}
