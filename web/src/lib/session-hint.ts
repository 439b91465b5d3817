// Whether this browser may hold a session, and until when: a note in
// localStorage, kept in step with the session store (written when a user logs
// in, cleared when logged out). The session cookie is httpOnly, so the page
// cannot see it; without this note every logged-out page would ask the server
// "whoami" and get the 401 that means "nobody", which the browser always
// reports as an error in the console. So the start-up asks only while a
// session may be alive here: one was seen on this browser, and the lifetime
// the server gave its cookie (a day, thirty with "remember me") has not run
// out. A browser where nobody is logged in asks nothing, on any page, and a
// protected page then sends to the login page without a 401. The one 401
// left is a session the server ended early (a logout or a password change on
// another device).
const storageKey = 'vivier.session-hint';

const dayMs = 24 * 60 * 60 * 1000;
/** The server's cookie lifetimes (`api/src/auth/session.rs`): a day, or thirty with "remember me". */
export const sessionLifetimeMs = { short: dayMs, remembered: 30 * dayMs } as const;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** When the noted session ends (ms since the epoch); Infinity for a note without its end; null without a note. */
function notedEnd(store: Storage): number | null {
  const value = store.getItem(storageKey);
  if (value === null) return null;
  const end = Number(value);
  return Number.isFinite(end) && end > 1 ? end : Infinity;
}

function write(change: (store: Storage) => void): void {
  try {
    const store = storage();
    if (store) change(store);
  } catch {
    // a full or refused storage: the next page load asks the server, as without the note
  }
}

/**
 * Notes that a session was given now, for `lifetimeMs` (the login's: a day,
 * or thirty days with "remember me").
 */
export function rememberSessionFor(lifetimeMs: number, now: number = Date.now()): void {
  write((store) => store.setItem(storageKey, String(now + lifetimeMs)));
}

/**
 * Keeps the note in step with the session store: a user known keeps the noted
 * end (or notes the longest lifetime when none is known), nobody clears it.
 */
export function rememberSession(present: boolean): void {
  write((store) => {
    if (!present) store.removeItem(storageKey);
    else if (notedEnd(store) === null || notedEnd(store) === Infinity) rememberSessionFor(sessionLifetimeMs.remembered);
  });
}

/**
 * Whether the start-up should ask the server who is logged in: while a
 * session noted on this browser may still be alive. Without storage there is
 * no knowing, so the server is asked.
 */
export function sessionWorthProbing(now: number = Date.now()): boolean {
  const store = storage();
  if (store === null) return true;
  try {
    const end = notedEnd(store);
    return end !== null && end > now;
  } catch {
    return true;
  }
}
