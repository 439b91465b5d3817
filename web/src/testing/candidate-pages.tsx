// What the candidate profile's page tests share: a logged-in candidate, the
// app's translations (one instance, in the language each test asks for), a
// fresh query cache and router, the time and the clean-up of whole-page tests,
// and a fake server behind fetch (the API client calls the global fetch) that
// records the calls and answers from a table of routes, then from the
// reference lists the profile's forms read.
import { act, cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { afterEach, vi } from 'vitest';
import { resources } from '@/lib/i18n';
import { registerFormats } from '@/lib/i18n/format-number';
import { resetSessionForTests, setSessionUser } from '@/lib/session';
import { renderWithProviders } from './render';
import { candidateUser } from './users';

const pageI18n = i18next.createInstance();

// Pages with their reference lists take a while on a busy machine.
configure({ asyncUtilTimeout: 4000 });

async function initPageI18n(): Promise<void> {
  if (pageI18n.isInitialized) return;
  await pageI18n.use(initReactI18next).init({ resources, lng: 'fr', defaultNS: 'common' });
  registerFormats(pageI18n);
}

/**
 * For a file of whole-page tests: more time than the default 5 s (pages with
 * their reference lists are slow on a busy machine) and, after each test, the
 * page unmounted, the session forgotten and fetch given back.
 */
export function setUpPageTests(): void {
  vi.setConfig({ testTimeout: 20_000 });
  afterEach(() => {
    cleanup();
    resetSessionForTests();
    vi.unstubAllGlobals();
  });
}

export type Call = { method: string; path: string; body: unknown };
type Route = (call: Call) => { status: number; body?: unknown } | undefined;

/** The reference lists the forms read. */
const referenceLists: Record<string, unknown[]> = {
  '/api/api/contract/types': [{ id: 1, name: 'CDI', permanent: true }, { id: 2, name: 'Stage', permanent: false }],
  '/api/api/contract/hourly-schemes': [{ id: 1, name: 'Temps plein' }],
  '/api/api/job/categories': [{ id: 7, name: 'Restauration' }],
  '/api/api/candidate/degrees': [{ id: 3, name: 'Licence', level: 3 }],
  '/api/api/candidate/education/specializations': [{ id: 5, name: 'Commerce' }],
  '/api/api/company/types': [{ id: 1, name: 'PME' }],
  '/api/api/languages': [{ id: 10, name: 'Anglais' }, { id: 11, name: 'Espagnol' }],
  '/api/api/candidate/project/personal/categories': [{ id: 1, name: 'Web' }],
  '/api/api/candidate/hobby/categories': [
    { id: 1, name: 'Sport', question: 'Quel sport pratiquez-vous ?', hobbies: [{ id: 4, name: 'Course à pied', specialities: [{ id: 9, name: 'Trail' }] }] },
    { id: 2, name: 'Musique', hobbies: [{ id: 5, name: 'Guitare', specialities: [] }] },
  ],
  '/api/api/candidate/hobby/frequencies': [{ id: 3, name: 'Chaque semaine' }],
  '/api/api/candidate/hobby/purposes': [{ id: 6, name: 'Compétition' }],
  '/api/api/softskill/categories': [
    { id: 1, name: 'Relationnel', softskills: [{ id: 11, name: 'Écoute' }, { id: 12, name: 'Empathie' }, { id: 13, name: 'Diplomatie' }] },
    { id: 2, name: 'Rigueur', softskills: [{ id: 21, name: 'Organisation' }, { id: 22, name: 'Précision' }] },
  ],
};

/** Stubs fetch with `routes` (first answer wins), then the reference lists, then 404. */
export function fakeServer(...routes: Route[]) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const path = String(url).split('?')[0] ?? '';
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, path, body };
    calls.push(call);
    const answer =
      routes.map((route) => route(call)).find((found) => found !== undefined) ??
      (method === 'GET' && referenceLists[path] ? { status: 200, body: referenceLists[path] } : { status: 404, body: { code: 'not_found' } });
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, fetch };
}

/** Renders `page` for Camille, a candidate whose profile is 40 % complete, in `language`, the router at `path`. */
export async function renderAsCandidate(page: ReactNode, language: 'fr' | 'en' = 'fr', path?: string) {
  await initPageI18n();
  await act(() => pageI18n.changeLanguage(language));
  setSessionUser({ ...candidateUser, candidate: { id: 1000, slug: 'camille-martin-1000', completion: 40 }, locale: language });
  return renderWithProviders(page, { i18n: pageI18n, path });
}
