// @vitest-environment jsdom
// The candidate dashboard shows the session's profile (name, headline, home,
// job search) in French and in English, says when it is loading, and offers to
// try again when it could not be loaded; it shows how complete the profile is
// and links to the next most useful thing to fill.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CandidateProfile } from '@/api/candidates/get-candidate';
import { registerCandidateLoader, resetSessionForTests, setSessionUser } from '@/lib/session';
import { lyon } from '@/testing/places';
import { testI18n } from '@/testing/i18n';
import { jsonResponse, stubListServer } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';
import { candidateUser as candidate } from '@/testing/users';
import { CandidateDashboard } from './candidate-dashboard';

const i18n = testI18n('fr');

const profile: CandidateProfile = {
  id: 1000, slug: 'camille-martin-1000', firstname: 'Camille', lastname: 'Martin', name_hidden: false,
  headline: 'Assistante RH en alternance', localization: lyon,
  job_localizations: [lyon, { ...lyon, value: 'Villeurbanne', id: '69266' }],
  job_categories: [{ id: 4, name: 'Ressources humaines' }], contract_types: [{ id: 2, name: 'Alternance' }],
  contract_hourly_schemes: [], company_types: [], languages: [], softskill_percentages: [],
  in_research: true, is_public: false, completion: 80, contract_min_duration: 12, availability: '2026-09-01',
  entry_year: null, type: null, degree: null, school: null, campus: null, program: null, institution: null,
  contact: { email: 'candidat@vivier.demo', phone: null, birthdate: null },
};

/** The candidate's records, by path under /api/api; none by default. */
let records: Record<string, unknown[]> = {};

async function renderIn(language: 'fr' | 'en') {
  await act(() => i18n.changeLanguage(language));
  renderWithProviders(<CandidateDashboard />, { i18n });
}

describe('CandidateDashboard', () => {
  beforeEach(() => {
    records = {};
    // the "who looked" card reads an object, not a list
    stubListServer(records, (path) => (path === '/api/api/candidates/profile-views' ? jsonResponse(200, { views: [] }) : undefined));
  });
  afterEach(() => {
    cleanup();
    resetSessionForTests();
    vi.unstubAllGlobals();
  });

  it('shows the name, headline, home and job search in French', async () => {
    registerCandidateLoader(async () => profile);
    setSessionUser(candidate);

    await renderIn('fr');

    expect(await screen.findByTestId('candidate-name')).toHaveProperty('textContent', 'Camille Martin');
    expect(screen.getByText('Assistante RH en alternance')).toBeDefined();
    expect(screen.getByText('Habite à Lyon')).toBeDefined();
    expect(screen.getByText('Profil non partagé')).toBeDefined();
    expect(screen.getByRole('heading', { name: 'Ma recherche' })).toBeDefined();
    expect(screen.getByText('Villeurbanne')).toBeDefined();
    expect(screen.getByRole('heading', { name: 'Entreprises qui ont consulté votre profil' })).toBeDefined();
    expect(await screen.findByText('Aucune entreprise n’a encore consulté votre profil.')).toBeDefined();
    expect(screen.getByText('Ressources humaines')).toBeDefined();
    expect(screen.getByText('12 mois')).toBeDefined();
    expect(screen.getByText('1 sept. 2026')).toBeDefined();
  });

  it('shows the same in English, with a hint when there is no headline', async () => {
    registerCandidateLoader(async () => ({ ...profile, headline: null, is_public: true }));
    setSessionUser(candidate);

    await renderIn('en');

    expect(await screen.findByTestId('candidate-name')).toHaveProperty('textContent', 'Camille Martin');
    expect(screen.getByText('Lives in Lyon')).toBeDefined();
    expect(screen.getByText(/No headline yet/)).toBeDefined();
    expect(screen.getByText('Profile shared')).toBeDefined();
    expect(screen.getByRole('heading', { name: 'My job search' })).toBeDefined();
    expect(screen.getByText('12 months')).toBeDefined();
    expect(screen.getByText('Sep 1, 2026')).toBeDefined();
  });

  it('says it is loading, then offers to try again when the profile could not be loaded', async () => {
    const loader = vi.fn<(candidateId: number) => Promise<unknown>>();
    let fail: (error: unknown) => void = () => {};
    loader.mockImplementationOnce(() => new Promise((_, reject) => (fail = reject)));
    loader.mockResolvedValueOnce(profile);
    registerCandidateLoader(loader);
    setSessionUser(candidate);
    await renderIn('en');
    expect(screen.getByRole('status').textContent).toBe('Loading your profile…');

    await act(async () => fail(new Error('network')));
    expect(screen.getByRole('alert').textContent).toContain('Your profile could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Camille Martin')).toBeDefined();
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('shows the completion and sends to the next most useful page, once the records are known', async () => {
    registerCandidateLoader(async () => profile);
    setSessionUser(candidate);

    await renderIn('fr');

    const ring = await screen.findByRole('progressbar', { name: 'Profil complété' });
    expect(ring.getAttribute('aria-valuenow')).toBe('80');
    expect(ring.textContent).toMatch(/^80[\u00a0\u202f]%$/);
    // the sign stays with its number: a non-breaking space, never a line break before "%"
    expect(screen.getByRole('heading', { name: /^Profil complété à 80/ }).textContent).toMatch(/^Profil complété à 80[\u00a0\u202f]%$/);
    // The job search is filled; there are no experiences yet.
    const next = await screen.findByTestId('next-step');
    expect(next.textContent).toBe('Ajouter une expérience');
    expect(next.getAttribute('href')).toBe('/dashboard/candidate/experiences');
  });

  it('asks for the job search first, whatever the records', async () => {
    registerCandidateLoader(async () => ({ ...profile, job_localizations: [] }));
    setSessionUser(candidate);

    await renderIn('en');

    const next = await screen.findByTestId('next-step');
    expect(next.textContent).toBe('Fill in my job search');
    expect(screen.getByRole('heading', { name: /^Profile 80% complete$/ })).toBeDefined();
    expect(next.getAttribute('href')).toBe('/dashboard/candidate/ma-recherche');
  });
});
