// @vitest-environment jsdom
// When the start-up asks the server who is logged in: only while a session
// noted on this browser may be alive (so a logged-out visit, on any page,
// asks nothing and logs no 401), and the session store keeps that note in
// step with logins and logouts.
import { afterEach, describe, expect, it } from 'vitest';
import { partnerUser as partner } from '@/testing/users';
import { endSession, logout, resetSessionForTests, setSessionUser } from './session';
import { rememberSessionFor, sessionLifetimeMs, sessionWorthProbing } from './session-hint';

const now = Date.parse('2026-03-02T10:00:00Z');
const hours = (count: number) => count * 60 * 60 * 1000;

describe('session hint', () => {
  afterEach(() => {
    resetSessionForTests();
    window.localStorage.clear();
  });

  it('asks nothing on a browser where nobody logged in, whatever the page', () => {
    expect(sessionWorthProbing(now)).toBe(false);
  });

  it('asks while the session given at login may be alive: a day, or thirty with "remember me"', () => {
    rememberSessionFor(sessionLifetimeMs.short, now);
    expect(sessionWorthProbing(now + hours(23))).toBe(true);
    expect(sessionWorthProbing(now + hours(25))).toBe(false);

    rememberSessionFor(sessionLifetimeMs.remembered, now);
    expect(sessionWorthProbing(now + hours(24 * 29))).toBe(true);
    expect(sessionWorthProbing(now + hours(24 * 31))).toBe(false);
  });

  it('asks once a user logged in, and no more after a logout or a lost session', () => {
    setSessionUser(partner);
    expect(sessionWorthProbing()).toBe(true);
    endSession();
    expect(sessionWorthProbing()).toBe(false);

    setSessionUser(partner);
    logout();
    expect(sessionWorthProbing()).toBe(false);
  });

  it('keeps the end noted at login when the start-up finds the user again', () => {
    rememberSessionFor(sessionLifetimeMs.short, now);
    setSessionUser(partner);
    expect(sessionWorthProbing(now + hours(25))).toBe(false);
  });

  it('still asks for a note of an earlier version, which had no end', () => {
    window.localStorage.setItem('vivier.session-hint', '1');
    expect(sessionWorthProbing(now)).toBe(true);
  });
});
