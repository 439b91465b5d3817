// The session store: who is logged in, if anyone. A plain module store read
// through useSyncExternalStore so non-React code (the API client on a 401) can
// log the user out. It starts "hydrating": the app asks the server who the
// cookie belongs to (whoami) before deciding anything, and stays logged out
// unless a user comes back (spec §4).
import { useSyncExternalStore } from 'react';

export type UserRole = 'candidate' | 'school' | 'partner';

/** The server's description of the logged-in user (body of whoami and of logins). */
export type WhoAmI = {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  locale?: string;
  discriminator?: string;
  isCandidate: boolean;
  isSchool: boolean;
  isPartner: boolean;
  isBelongToASchool?: boolean;
  hasCampus?: boolean;
  firstTime?: boolean;
  candidate?: { slug: string; campus_id?: number | null; school_id?: number | null; completion?: number } | null;
  partner?: { company_id?: number | null; company_name?: string | null; role?: string | null } | null;
  school?: { name?: string | null } | null;
};

export type SessionUser = WhoAmI;

export type SessionStatus = 'hydrating' | 'ready';

/**
 * `endedByUser` is true after the user pressed "log out": the guard then sends
 * them home rather than to the login page (a lost session, on a 401, goes to login).
 */
export type Session = { status: SessionStatus; user: SessionUser | null; endedByUser: boolean };

let session: Session = { status: 'hydrating', user: null, endedByUser: false };
const listeners = new Set<() => void>();

function publish(next: Session): void {
  session = next;
  for (const listener of listeners) listener();
}

export function getSession(): Session {
  return session;
}

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a response body really is a WhoAmI (a misrouted call can answer an HTML page). */
export function isWhoAmI(value: unknown): value is WhoAmI {
  if (value === null || typeof value !== 'object') return false;
  const user = value as Partial<WhoAmI>;
  return typeof user.id === 'number' && typeof user.email === 'string';
}

/** The user's role, from the flags of WhoAmI (the discriminator as a fallback). */
export function userRole(user: Pick<WhoAmI, 'isCandidate' | 'isSchool' | 'isPartner' | 'discriminator'>): UserRole | null {
  if (user.isCandidate) return 'candidate';
  if (user.isSchool) return 'school';
  if (user.isPartner) return 'partner';
  if (user.discriminator === 'candidate' || user.discriminator === 'school' || user.discriminator === 'partner') {
    return user.discriminator;
  }
  return null;
}

export function setSessionUser(user: SessionUser): void {
  publish({ status: 'ready', user, endedByUser: false });
}

/** Forgets the user on this client (the server session is already gone on a 401). */
export function logout(): void {
  if (session.user !== null || session.status !== 'ready') publish({ status: 'ready', user: null, endedByUser: false });
}

/** Forgets the user after they chose to log out. */
export function endSession(): void {
  publish({ status: 'ready', user: null, endedByUser: true });
}

/**
 * Start-up: asks `fetchWhoAmI` who is logged in. Any failure (401, network,
 * an unexpected body) leaves the session logged out. A login that finishes
 * while the question is pending wins over the answer.
 */
export async function hydrateSession(fetchWhoAmI: () => Promise<unknown>): Promise<void> {
  let answer: unknown = null;
  try {
    answer = await fetchWhoAmI();
  } catch {
    answer = null;
  }
  if (session.status !== 'hydrating') return;
  if (isWhoAmI(answer)) setSessionUser(answer);
  else logout();
}

/** Back to the state of a fresh page load (tests). */
export function resetSessionForTests(): void {
  publish({ status: 'hydrating', user: null, endedByUser: false });
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeToSession, getSession, getSession);
}
