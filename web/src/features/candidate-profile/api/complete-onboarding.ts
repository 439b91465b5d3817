// POST /api/api/candidates/onboarding: the candidate finished (or skipped) the
// onboarding; `first_time` is now false, so logging in leads to the dashboard.
// The session's user is read again so the app knows it too.
import { api } from '@/lib/api-client';
import { setSessionUser, type WhoAmI } from '@/lib/session';

export async function completeOnboarding(): Promise<void> {
  await api.post<void>('/api/candidates/onboarding');
  setSessionUser(await api.get<WhoAmI>('/api/auth/whoami'));
}
