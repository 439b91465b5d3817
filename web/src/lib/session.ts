// The session store: who is logged in, if anyone. A plain module store read
// through useSyncExternalStore so non-React code (the API client on a 401) can
// log the user out. Real sign-in comes with the auth feature.
import { useSyncExternalStore } from 'react';

export type UserRole = 'candidate' | 'school' | 'partner';

export type SessionUser = {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  role: UserRole;
};

export type Session = { user: SessionUser | null };

let session: Session = { user: null };
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

export function setSessionUser(user: SessionUser): void {
  publish({ user });
}

/** Forgets the user on this client (the server session is already gone on a 401). */
export function logout(): void {
  if (session.user !== null) publish({ user: null });
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeToSession, getSession, getSession);
}
