// @vitest-environment jsdom
// Start-up against a stubbed server, through the real API client and query
// cache: whoami names a candidate, whose profile is then loaded and kept in
// the query cache; a 401 on the profile logs the session out. (When the
// start-up asks at all: see session-hint.test.ts.)
import { QueryClient } from '@tanstack/react-query';
import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { candidateKeys } from '@/api/candidates/get-candidate';
import { currentLocale } from '@/lib/i18n';
import { getSession, resetSessionForTests, setSessionUser } from '@/lib/session';
import { rememberSession } from '@/lib/session-hint';
import { jsonResponse } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';
import { candidateUser as candidate } from '@/testing/users';
import { useSessionHydration } from './use-session-hydration';

const profile = {
  id: 1000, slug: 'camille-martin-1000', firstname: 'Camille', lastname: 'Martin', headline: 'Assistante RH',
  job_localizations: [], contact: { email: 'candidat@vivier.demo', phone: null, birthdate: null },
};

/** The server: each path answers its status and body; anything else is a 404. */
function stubServer(answers: Record<string, [number, unknown]>) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const [status, body] = answers[String(input)] ?? [404, { code: 'not_found' }];
    return jsonResponse(status, body);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function Hydration() {
  useSessionHydration();
  return null;
}

function start(): QueryClient {
  return renderWithProviders(<Hydration />, { router: false }).client;
}

describe('useSessionHydration', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    resetSessionForTests();
    window.localStorage.clear();
  });

  it('logs in the candidate whoami names and loads their profile into the query cache', async () => {
    rememberSession(true);
    const fetch = stubServer({
      '/api/api/auth/whoami': [200, candidate],
      '/api/api/candidates/1000': [200, profile],
    });

    const client = start();

    await vi.waitFor(() => expect(getSession().candidate).toEqual({ status: 'ready', profile }));
    expect(getSession().user).toEqual(candidate);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(client.getQueryData(candidateKeys.detail(1000, currentLocale()))).toEqual(profile);
  });

  it('logs out when the profile answers 401', async () => {
    // a login (whoami runs once per page load, and its answer never overrides a login)
    stubServer({ '/api/api/candidates/1000': [401, { code: 'unauthorized' }] });
    start();

    setSessionUser(candidate);

    await vi.waitFor(() => expect(getSession()).toEqual({ status: 'ready', user: null, candidate: null, endedByUser: false, viewerSlug: null }));
  });

});
