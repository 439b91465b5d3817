// The session store: it hydrates from whoami, logging out forgets the user and
// tells subscribers, and the role comes from the WhoAmI flags.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  endSession,
  getSession,
  hydrateSession,
  logout,
  resetSessionForTests,
  setSessionUser,
  subscribeToSession,
  userRole,
  type WhoAmI,
} from './session';

const candidate: WhoAmI = {
  id: 1000, firstname: 'Camille', lastname: 'Martin', email: 'candidat@vivier.demo', discriminator: 'candidate',
  isCandidate: true, isSchool: false, isPartner: false,
};

describe('session store', () => {
  afterEach(() => resetSessionForTests());

  it('starts hydrating, with nobody logged in', () => {
    expect(getSession()).toEqual({ status: 'hydrating', user: null, endedByUser: false });
  });

  it('remembers that the user chose to log out, until the next login', () => {
    setSessionUser(candidate);
    endSession();
    expect(getSession()).toEqual({ status: 'ready', user: null, endedByUser: true });
    setSessionUser(candidate);
    expect(getSession().endedByUser).toBe(false);
  });

  it('keeps the user until logout, notifying subscribers each time', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToSession(listener);

    setSessionUser(candidate);
    expect(getSession()).toEqual({ status: 'ready', user: candidate, endedByUser: false });
    logout();
    expect(getSession()).toEqual({ status: 'ready', user: null, endedByUser: false });
    expect(listener).toHaveBeenCalledTimes(2);

    // Logging out twice changes nothing and notifies nobody.
    logout();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});

describe('hydrateSession', () => {
  afterEach(() => resetSessionForTests());

  it('logs in the user whoami returns', async () => {
    await hydrateSession(async () => candidate);
    expect(getSession()).toEqual({ status: 'ready', user: candidate, endedByUser: false });
  });

  it('stays logged out on a 401 or a network failure', async () => {
    await hydrateSession(() => Promise.reject(new Error('401')));
    expect(getSession()).toEqual({ status: 'ready', user: null, endedByUser: false });
  });

  it('ignores a body that is not a user (an HTML page from a misrouted call)', async () => {
    await hydrateSession(async () => '<!doctype html><html></html>');
    expect(getSession()).toEqual({ status: 'ready', user: null, endedByUser: false });
  });

  it('lets a login that finished first win over a late answer', async () => {
    let answer: (value: unknown) => void = () => {};
    const pending = hydrateSession(() => new Promise((resolve) => (answer = resolve)));
    const school = { ...candidate, id: 2, isCandidate: false, isSchool: true };
    setSessionUser(school);
    answer(null);
    await pending;
    expect(getSession().user).toEqual(school);
  });
});

describe('userRole', () => {
  it('reads the flags, then the discriminator', () => {
    expect(userRole(candidate)).toBe('candidate');
    expect(userRole({ isCandidate: false, isSchool: true, isPartner: false })).toBe('school');
    expect(userRole({ isCandidate: false, isSchool: false, isPartner: true })).toBe('partner');
    expect(userRole({ isCandidate: false, isSchool: false, isPartner: false, discriminator: 'partner' })).toBe('partner');
    expect(userRole({ isCandidate: false, isSchool: false, isPartner: false, discriminator: 'admin' })).toBeNull();
  });
});
