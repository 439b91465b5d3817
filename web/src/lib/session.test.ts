// The session store: it hydrates from whoami, loads a candidate's profile
// after them, logging out (or a 401) forgets both and tells subscribers, and
// the role comes from the WhoAmI flags; a pending partner a school works with
// may already source.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CandidateProfile } from '@/api/candidates/get-candidate';
import { candidateUser as candidate, partnerUser, pendingPartnerUser, schoolScopedPartnerUser } from '@/testing/users';
import { ApiError } from './api-client';
import {
  endSession,
  getSession,
  hydrateSession,
  isSchoolScoped,
  isViewerMode,
  logout,
  registerCandidateLoader,
  reloadSessionCandidate,
  resetSessionForTests,
  setSessionUser,
  setViewerSlug,
  subscribeToSession,
  userRole,
  type WhoAmI,
} from './session';

const school: WhoAmI = { ...candidate, id: 2, isCandidate: false, isSchool: true, candidate: null };

const profile = {
  id: 1000, slug: 'camille-martin-1000', firstname: 'Camille', lastname: 'Martin', name_hidden: false, headline: 'Assistante RH en alternance',
  localization: { value: 'Lyon', type: 'city', lat: 45.76, lng: 4.83, id: '69123', country_code: 'FR' },
  job_localizations: [{ value: 'Lyon', type: 'city', lat: 45.76, lng: 4.83, id: '69123', country_code: 'FR' }],
  job_categories: [], contract_types: [], contract_hourly_schemes: [], company_types: [], languages: [],
  softskill_percentages: [], in_research: true, is_public: true, completion: 80, contract_min_duration: 0,
  availability: null, entry_year: null, type: null, degree: null, school: null, campus: null, program: null,
  institution: null, contact: { email: 'candidat@vivier.demo', phone: null, birthdate: null },
} satisfies CandidateProfile;

/** A loader whose answers the test gives, one call at a time. */
function controlledLoader() {
  const calls: { candidateId: number; resolve: (value: unknown) => void; reject: (error: unknown) => void }[] = [];
  const loader = vi.fn(
    (candidateId: number) => new Promise<unknown>((resolve, reject) => calls.push({ candidateId, resolve, reject })),
  );
  return { loader, calls };
}

const loggedOut = { status: 'ready', user: null, candidate: null, endedByUser: false, viewerSlug: null };

describe('session store', () => {
  afterEach(() => resetSessionForTests());

  it('starts hydrating, with nobody logged in', () => {
    expect(getSession()).toEqual({ status: 'hydrating', user: null, candidate: null, endedByUser: false, viewerSlug: null });
  });

  it('remembers that the user chose to log out, until the next login', () => {
    setSessionUser(candidate);
    endSession();
    expect(getSession()).toEqual({ ...loggedOut, endedByUser: true });
    setSessionUser(candidate);
    expect(getSession().endedByUser).toBe(false);
  });

  it('keeps the user until logout, notifying subscribers each time', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToSession(listener);

    setSessionUser(school);
    expect(getSession()).toEqual({ status: 'ready', user: school, candidate: null, endedByUser: false, viewerSlug: null });
    logout();
    expect(getSession()).toEqual(loggedOut);
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
    await hydrateSession(async () => school);
    expect(getSession()).toEqual({ status: 'ready', user: school, candidate: null, endedByUser: false, viewerSlug: null });
  });

  it('stays logged out on a 401 or a network failure', async () => {
    await hydrateSession(() => Promise.reject(new Error('401')));
    expect(getSession()).toEqual(loggedOut);
  });

  it('ignores a body that is not a user (an HTML page from a misrouted call)', async () => {
    await hydrateSession(async () => '<!doctype html><html></html>');
    expect(getSession()).toEqual(loggedOut);
  });

  it('lets a login that finished first win over a late answer', async () => {
    let answer: (value: unknown) => void = () => {};
    const pending = hydrateSession(() => new Promise((resolve) => (answer = resolve)));
    setSessionUser(school);
    answer(null);
    await pending;
    expect(getSession().user).toEqual(school);
  });
});

describe('the candidate profile', () => {
  afterEach(() => resetSessionForTests());

  it('is loaded by id once whoami returned a candidate, who is logged in meanwhile', async () => {
    const { loader, calls } = controlledLoader();
    registerCandidateLoader(loader);

    await hydrateSession(async () => candidate);

    expect(getSession()).toMatchObject({ status: 'ready', user: candidate, candidate: { status: 'loading' } });
    expect(loader).toHaveBeenCalledExactlyOnceWith(1000);
    calls[0]?.resolve(profile);
    await vi.waitFor(() => expect(getSession().candidate).toEqual({ status: 'ready', profile }));
    expect(getSession().user).toEqual(candidate);
  });

  it('is not loaded for a school or a partner', async () => {
    const { loader } = controlledLoader();
    registerCandidateLoader(loader);

    await hydrateSession(async () => school);
    setSessionUser({ ...school, id: 3, isSchool: false, isPartner: true });

    expect(loader).not.toHaveBeenCalled();
    expect(getSession().candidate).toBeNull();
  });

  it('logs the user out when the server answers 401', async () => {
    const { loader, calls } = controlledLoader();
    registerCandidateLoader(loader);
    setSessionUser(candidate);

    calls[0]?.reject(new ApiError(401, 'unauthorized', 'authentication required'));

    await vi.waitFor(() => expect(getSession()).toEqual(loggedOut));
  });

  it('is marked failed on another error, or a body that is not this profile, and loads again on demand', async () => {
    const { loader, calls } = controlledLoader();
    registerCandidateLoader(loader);
    setSessionUser(candidate);

    calls[0]?.reject(new ApiError(500, 'internal_error', ''));
    await vi.waitFor(() => expect(getSession().candidate).toEqual({ status: 'failed' }));
    void reloadSessionCandidate();
    expect(getSession().candidate).toEqual({ status: 'loading' });
    calls[1]?.resolve({ ...profile, id: 1001 });
    await vi.waitFor(() => expect(getSession().candidate).toEqual({ status: 'failed' }));
    void reloadSessionCandidate();
    calls[2]?.resolve(profile);
    await vi.waitFor(() => expect(getSession().candidate).toEqual({ status: 'ready', profile }));
    expect(getSession().user).toEqual(candidate);
  });

  it('arriving after the user logged out is dropped', async () => {
    const { loader, calls } = controlledLoader();
    registerCandidateLoader(loader);
    setSessionUser(candidate);

    endSession();
    calls[0]?.resolve(profile);
    await Promise.resolve();

    expect(getSession()).toEqual({ ...loggedOut, endedByUser: true });
  });

  it('waits for a loader when the candidate logged in before the app registered one', async () => {
    setSessionUser(candidate);
    expect(getSession().candidate).toEqual({ status: 'loading' });

    registerCandidateLoader(async () => profile);

    await vi.waitFor(() => expect(getSession().candidate).toEqual({ status: 'ready', profile }));
  });
});

describe('viewer mode', () => {
  it('is on while a public profile is open, and outlives a login and a logout', () => {
    resetSessionForTests();
    expect(isViewerMode()).toBe(false);

    setViewerSlug('camille-martin-1000');
    setSessionUser(school);
    logout();

    expect(getSession().viewerSlug).toBe('camille-martin-1000');
    expect(isViewerMode()).toBe(true);
    setViewerSlug(null);
    expect(isViewerMode()).toBe(false);
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

describe('isSchoolScoped', () => {
  it('holds for a pending partner a school works with, and for nobody else', () => {
    expect(isSchoolScoped(schoolScopedPartnerUser)).toBe(true);
    expect(isSchoolScoped(pendingPartnerUser)).toBe(false);
    expect(isSchoolScoped(partnerUser)).toBe(false);
    expect(isSchoolScoped({ ...schoolScopedPartnerUser, standing: 'suspended' })).toBe(false);
    expect(isSchoolScoped(null)).toBe(false);
  });
});
