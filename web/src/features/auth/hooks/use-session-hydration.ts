// Asks the server once, at start-up, who the session cookie belongs to.
import { useEffect } from 'react';
import { hydrateSession } from '@/lib/session';
import { getWhoAmI } from '../api/get-whoami';

let started = false;

export function useSessionHydration(): void {
  useEffect(() => {
    if (started) return;
    started = true;
    void hydrateSession(getWhoAmI);
  }, []);
}
