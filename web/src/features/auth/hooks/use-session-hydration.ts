// Asks the server once, at start-up, who the session cookie belongs to (unless
// this browser has no live session to ask about, see session-hint), and
// tells the session how to load a candidate's profile: through the query
// cache, so the pages reading the same profile share its request and its data.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getCandidateQueryOptions } from '@/api/candidates/get-candidate';
import { hydrateSession, registerCandidateLoader } from '@/lib/session';
import { sessionWorthProbing } from '@/lib/session-hint';
import { getWhoAmI } from '../api/get-whoami';

let started = false;

export function useSessionHydration(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    registerCandidateLoader((candidateId) => queryClient.fetchQuery(getCandidateQueryOptions(candidateId)));
    if (started) return;
    started = true;
    // No session alive on this browser: "nobody" is known without the 401.
    void hydrateSession(sessionWorthProbing() ? getWhoAmI : async () => null);
  }, [queryClient]);
}
