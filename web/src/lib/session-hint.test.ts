// @vitest-environment jsdom
// When the start-up asks the server who is logged in: always on a protected
// page, on a public one only if a session was seen on this browser, and the
// session store keeps that hint in step with logins and logouts.
import { afterEach, describe, expect, it } from 'vitest';
import { partnerUser as partner } from '@/testing/users';
import { endSession, logout, resetSessionForTests, setSessionUser } from './session';
import { sessionWorthProbing } from './session-hint';

describe('session hint', () => {
  afterEach(() => {
    resetSessionForTests();
    window.localStorage.clear();
  });

  it('asks on a protected page, and not on a public one of a browser where nobody logged in', () => {
    expect(sessionWorthProbing('/dashboard/partenaire')).toBe(true);
    expect(sessionWorthProbing('/metier/offre/creer')).toBe(true);
    expect(sessionWorthProbing('/')).toBe(false);
    expect(sessionWorthProbing('/candidat/camille-martin')).toBe(false);
  });

  it('asks everywhere once a user logged in, and no more after a logout or a lost session', () => {
    setSessionUser(partner);
    expect(sessionWorthProbing('/')).toBe(true);
    endSession();
    expect(sessionWorthProbing('/')).toBe(false);

    setSessionUser(partner);
    logout();
    expect(sessionWorthProbing('/login')).toBe(false);
  });
});
