// Whether this browser may hold a session: a flag in localStorage, kept in step
// with the session store (set when a user is known, cleared when logged out).
// The session cookie is httpOnly, so the page cannot see it; without this flag
// every anonymous page would ask the server "whoami" and get the 401 that
// means "nobody", which the browser always reports as an error in the console.
// With it, a visitor who never logged in on this browser is not asked about;
// a protected page still asks (its 401 sends to the login page anyway).
import { routeNeedsAuth } from '@/config/paths';

const storageKey = 'vivier.session-hint';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Records whether a user is logged in on this browser (missing storage only loses the hint). */
export function rememberSession(present: boolean): void {
  try {
    if (present) storage()?.setItem(storageKey, '1');
    else storage()?.removeItem(storageKey);
  } catch {
    // a full or refused storage: the next page load asks the server, as without the hint
  }
}

/**
 * Whether the start-up should ask the server who is logged in: on a page that
 * needs a session, or when a session was seen on this browser and not ended.
 * Without storage there is no knowing, so the server is asked.
 */
export function sessionWorthProbing(pathname: string): boolean {
  const store = storage();
  if (store === null || routeNeedsAuth(pathname)) return true;
  try {
    return store.getItem(storageKey) !== null;
  } catch {
    return true;
  }
}
