// The session store: who is logged in, if anyone, and for a candidate their
// full profile (spec §3: user, hydrated candidate). A plain module store read
// through useSyncExternalStore so non-React code (the API client on a 401) can
// log the user out. It starts "hydrating": the app asks the server who the
// cookie belongs to (whoami) before deciding anything, and stays logged out
// unless a user comes back; for a candidate the profile is then loaded too, and
// a 401 on the way logs out (spec §4). The app registers how a profile is
// loaded (through the query cache), so this module knows no HTTP. The viewer
// slug (spec §3, §4) is the slug of the public profile open in the page, if
// any: viewer mode is on while it is set; logging in or out keeps it.
import { useSyncExternalStore } from 'react';
import type { CandidateProfile } from '@/api/candidates/get-candidate';
import type { Schemas } from '@/api/schemas';
import { rememberSession } from './session-hint';

export type UserRole = Schemas['Role'];

/** The server's description of the logged-in user (body of whoami and of logins). */
export type WhoAmI = Schemas['WhoAmI'];

export type SessionUser = WhoAmI;

export type SessionStatus = 'hydrating' | 'ready';

/** The logged-in candidate's profile, loaded once the user is known. */
export type SessionCandidate =
  | { status: 'loading' }
  | { status: 'ready'; profile: CandidateProfile }
  | { status: 'failed' };

/**
 * `candidate` is null unless the user is a candidate. `endedByUser` is true
 * after the user pressed "log out": the guard then sends them home rather than
 * to the login page (a lost session, on a 401, goes to login).
 */
export type Session = {
  status: SessionStatus;
  user: SessionUser | null;
  candidate: SessionCandidate | null;
  endedByUser: boolean;
  /** The slug of the public profile being viewed; null outside viewer mode. */
  viewerSlug: string | null;
};

/** Loads a candidate's profile by id; rejects on failure (with the HTTP `status` when there was one). */
export type CandidateLoader = (candidateId: number) => Promise<unknown>;

const loggedOut: Session = { status: 'ready', user: null, candidate: null, endedByUser: false, viewerSlug: null };
let session: Session = { ...loggedOut, status: 'hydrating' };
const listeners = new Set<() => void>();
let loadCandidate: CandidateLoader | null = null;
/** Counts profile loads, so that only the answer to the latest one is kept. */
let candidateLoads = 0;

function publish(next: Session): void {
  session = next;
  if (next.status === 'ready') rememberSession(next.user !== null);
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

const knownRoles: readonly string[] = ['candidate', 'school', 'partner', 'operator'] satisfies UserRole[];

/**
 * The user's role, from the flags of WhoAmI (the discriminator as a fallback).
 * `discriminator` is read as any string: a role this app does not know is no role.
 */
export function userRole(
  user: Pick<WhoAmI, 'isCandidate' | 'isSchool' | 'isPartner'> & { isOperator?: boolean; discriminator?: string },
): UserRole | null {
  if (user.isCandidate) return 'candidate';
  if (user.isSchool) return 'school';
  if (user.isPartner) return 'partner';
  if (user.isOperator) return 'operator';
  if (user.discriminator !== undefined && knownRoles.includes(user.discriminator)) return user.discriminator as UserRole;
  return null;
}

/** The standing of an account, as whoami says it. */
export type AccountStanding = Schemas['AccountStanding'];

/**
 * Whether the user's account waits for, or was denied, an operator's approval:
 * its standing when it is not approved, else null. Only school and partner
 * accounts have a standing other than approved.
 */
export function restrictedStanding(user: Pick<WhoAmI, 'standing'> | null): Exclude<AccountStanding, 'approved'> | null {
  if (user === null || user.standing === undefined || user.standing === 'approved') return null;
  return user.standing;
}

/**
 * Whether a partner waiting for an operator's approval may already source,
 * among the candidates of the schools it works with only (a school invited
 * it, or it accepted a school's request): whoami's `partner.school_scoped`.
 */
export function isSchoolScoped(user: Pick<WhoAmI, 'standing' | 'partner'> | null): boolean {
  return user !== null && user.standing === 'pending' && user.partner?.school_scoped === true;
}

/** The id of the candidate profile that goes with `user`; null for other roles and nobody. */
function candidateIdOf(user: SessionUser | null): number | null {
  if (user === null || userRole(user) !== 'candidate') return null;
  return user.candidate?.id ?? user.id;
}

function isProfileOf(value: unknown, candidateId: number): value is CandidateProfile {
  if (value === null || typeof value !== 'object') return false;
  const profile = value as Partial<CandidateProfile>;
  return profile.id === candidateId && typeof profile.slug === 'string' && Array.isArray(profile.job_localizations);
}

function isUnauthorized(error: unknown): boolean {
  return error !== null && typeof error === 'object' && (error as { status?: unknown }).status === 401;
}

/**
 * Loads the logged-in candidate's profile (again). A profile already shown
 * stays until the new one arrives; a 401 logs out; an answer that comes after
 * the user changed, or after a newer load, is dropped.
 */
export async function reloadSessionCandidate(): Promise<void> {
  const candidateId = candidateIdOf(session.user);
  if (candidateId === null || loadCandidate === null) return;
  const load = ++candidateLoads;
  if (session.candidate?.status !== 'ready') publish({ ...session, candidate: { status: 'loading' } });
  let next: SessionCandidate;
  try {
    const answer = await loadCandidate(candidateId);
    next = isProfileOf(answer, candidateId) ? { status: 'ready', profile: answer } : { status: 'failed' };
  } catch (error) {
    if (load === candidateLoads && isUnauthorized(error)) {
      logout();
      return;
    }
    next = { status: 'failed' };
  }
  if (load !== candidateLoads || candidateIdOf(session.user) !== candidateId) return;
  publish({ ...session, candidate: next });
}

/**
 * How the candidate's profile is loaded. A candidate who logged in before the
 * loader was known gets their profile now.
 */
export function registerCandidateLoader(loader: CandidateLoader): void {
  loadCandidate = loader;
  if (session.candidate !== null && session.candidate.status !== 'ready') void reloadSessionCandidate();
}

export function setSessionUser(user: SessionUser): void {
  const candidateId = candidateIdOf(user);
  const keptProfile = candidateId !== null && candidateId === candidateIdOf(session.user) ? session.candidate : null;
  const candidate: SessionCandidate | null = candidateId === null ? null : (keptProfile ?? { status: 'loading' });
  publish({ status: 'ready', user, candidate, endedByUser: false, viewerSlug: session.viewerSlug });
  if (candidateId !== null) void reloadSessionCandidate();
}

/** Forgets the user on this client (the server session is already gone on a 401). */
export function logout(): void {
  if (session.user !== null || session.status !== 'ready') publish({ ...loggedOut, viewerSlug: session.viewerSlug });
}

/** Forgets the user after they chose to log out. */
export function endSession(): void {
  publish({ ...loggedOut, endedByUser: true, viewerSlug: session.viewerSlug });
}

/** Enters viewer mode on the public profile `slug`, or leaves it (null). */
export function setViewerSlug(slug: string | null): void {
  if (session.viewerSlug !== slug) publish({ ...session, viewerSlug: slug });
}

/** Whether a public profile is being viewed (spec §4: viewer mode). */
export function isViewerMode(current: Session = session): boolean {
  return current.viewerSlug !== null;
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

/** Back to the state of a fresh page load, with no profile loader (tests). */
export function resetSessionForTests(): void {
  loadCandidate = null;
  candidateLoads += 1;
  publish({ ...loggedOut, status: 'hydrating', viewerSlug: null });
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeToSession, getSession, getSession);
}
