// The logged-in candidate's id (the pages of this feature only open for a
// candidate, so the route guard has made sure there is one), and their own
// profile as the session holds it.
import type { CandidateProfile } from '@/api/candidates/get-candidate';
import { useSession } from '@/lib/session';

export function useCandidateId(): number | null {
  const { user } = useSession();
  return user === null ? null : (user.candidate?.id ?? user.id);
}

/** The session's profile once loaded, else null. */
export function useOwnProfile(): CandidateProfile | null {
  const { candidate } = useSession();
  return candidate?.status === 'ready' ? candidate.profile : null;
}
