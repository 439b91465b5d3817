// Who the session cookie belongs to. Called once at start-up; a 401 is an
// answer ("nobody"), so it neither toasts nor redirects.
import { api } from '@/lib/api-client';
import type { WhoAmI } from '@/lib/session';

export function getWhoAmI(): Promise<WhoAmI> {
  return api.get<WhoAmI>('/api/auth/whoami', { silent: true, anonymousAllowed: true });
}
