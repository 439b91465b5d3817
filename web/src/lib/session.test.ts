// The session store: logging out forgets the user and tells subscribers.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession, logout, setSessionUser, subscribeToSession } from './session';

const candidate = { id: 1, firstname: 'Camille', lastname: 'Dupont', email: 'camille@example.com', role: 'candidate' as const };

describe('session store', () => {
  afterEach(() => logout());

  it('starts logged out', () => {
    expect(getSession().user).toBeNull();
  });

  it('keeps the user until logout, notifying subscribers each time', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToSession(listener);

    setSessionUser(candidate);
    expect(getSession().user).toEqual(candidate);
    logout();
    expect(getSession().user).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);

    // Logging out twice changes nothing and notifies nobody.
    logout();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});
