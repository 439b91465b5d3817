// After the candidate joined or left a school: the invitations, the profile
// (its school, campus and program) and whoami (`isBelongToASchool`,
// `candidate.school_id`) are asked again, so every page shows the new school.
import type { QueryClient } from '@tanstack/react-query';
import { candidateKeys } from '@/api/candidates/get-candidate';
import { api } from '@/lib/api-client';
import { setSessionUser, type WhoAmI } from '@/lib/session';
import { schoolInvitationKeys } from './get-school-invitations';

export async function refreshMembership(queryClient: QueryClient): Promise<void> {
  // The profile's cache entry is marked stale first: the session reloads the profile through it.
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: schoolInvitationKeys.all }),
    queryClient.invalidateQueries({ queryKey: candidateKeys.all }),
  ]);
  try {
    setSessionUser(await api.get<WhoAmI>('/api/auth/whoami', { silent: true }));
  } catch {
    // The answer stands; the session catches up at the next page load (a 401 has logged out already).
  }
}
