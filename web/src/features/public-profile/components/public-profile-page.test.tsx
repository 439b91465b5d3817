// @vitest-environment jsdom
// The public profile page: a shared profile shows its header, records (with
// their photos), languages (flag as a picture, level as everywhere) and
// soft-skill table, and sets viewer mode and `noindex` while open; a 404 shows "not
// available" rather than an error, and a spent daily quota says until when.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '@/lib/session';
import { testI18n } from '@/testing/i18n';
import { jsonResponse } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';
import { PublicProfilePage } from './public-profile-page';

const i18n = testI18n('fr');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const profile = {
  id: 7, slug: 'lea-durand-7', firstname: 'Léa', lastname: 'Durand', headline: 'Développeuse web',
  localization: { value: 'Lyon', type: 'city', id: '69123', country_code: 'FR', lat: 45.7, lng: 4.8 },
  profile_picture: null, type: null, degree: null, in_research: true, is_public: true, completion: 60, entry_year: null,
  job_categories: [{ id: 1, name: 'Informatique' }], contract_types: [{ id: 5, name: 'Stage' }],
  contract_hourly_schemes: [], company_types: [], contract_min_duration: 0, availability: null, job_localizations: [],
  languages: [{ id: 2, name: 'Anglais', flag: '🇬🇧', level: 5 }],
  softskill_percentages: [
    { id: 1, code: 'communication', icon: 'x', name: 'Communication', percentage: 75 },
    { id: 2, code: 'teamwork', icon: 'x', name: 'Travail en équipe', percentage: 25 },
  ],
  school: null, campus: null, program: null, institution: null,
};

const project = {
  id: 4, name: 'Jardin partagé', discr: 'personal', category: { id: 1, name: 'Association' },
  localization: { value: 'Lyon', type: 'city' }, start_date: '2024-03-01', end_date: '2024-09-01', is_current: false,
  car_method: null, softskills: [],
  pictures: [
    { id: 'a1', url: '/api/uploads/a1', width: 800, height: 600 },
    { id: 'b2', url: '/api/uploads/b2', width: 600, height: 800 },
  ],
};

function serve(status: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = String(url);
      const records = path.endsWith('/projects') ? [project] : [];
      const body = status !== 200 ? { code: 'not_found', message: 'not found', errors: {} } : path.endsWith('lea-durand-7') ? profile : records;
      return jsonResponse(status, body);
    }),
  );
}

function renderPage() {
  return renderWithProviders(<PublicProfilePage slug="lea-durand-7" />, { i18n });
}

describe('PublicProfilePage', () => {
  it('shows a shared profile with its soft-skill families as a table, in viewer mode', async () => {
    serve(200);
    const { unmount } = renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Léa Durand' })).toBeTruthy();
    expect(getSession().viewerSlug).toBe('lea-durand-7');
    const rows = await screen.findAllByRole('row');
    expect(rows.map((row) => row.textContent?.replace(/\s/g, ''))).toContain('Communication75%');
    expect(screen.getByText('Aucune expérience renseignée.')).toBeTruthy();
    expect(screen.getByText('C1 · autonome')).toBeTruthy();
    const flag = screen.getByTestId('public-languages').querySelector('img');
    expect(flag?.getAttribute('src')).toMatch(/gb\.svg/);
    expect(screen.getByTestId('public-languages').textContent).not.toContain('🇬🇧');
    const photos = await screen.findAllByRole('img', { name: /^Jardin partagé, photo \d$/ });
    expect(photos.map((photo) => photo.getAttribute('src'))).toEqual(['/api/uploads/a1', '/api/uploads/b2']);

    unmount();
    expect(getSession().viewerSlug).toBeNull();
  });

  it('asks search engines not to index the page while it is open', async () => {
    serve(200);
    const robots = () => document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
    const { unmount } = renderPage();

    expect(robots()?.content).toBe('noindex');
    expect(await screen.findByRole('heading', { level: 1, name: 'Léa Durand' })).toBeTruthy();
    expect(document.head.querySelectorAll('meta[name="robots"]')).toHaveLength(1);

    unmount();
    expect(robots()).toBeNull();
  });

  it('says the profile is not available on a 404', async () => {
    serve(404);
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: "Ce profil n'est pas disponible" })).toBeTruthy();
  });

  it('says a partner\'s daily quota of profiles is spent, and does not ask again', async () => {
    const fetch = vi.fn(async () => jsonResponse(429, { code: 'daily_quota_reached', message: 'daily quota reached' }));
    vi.stubGlobal('fetch', fetch);
    renderPage();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Quota quotidien atteint');
    expect(alert.textContent).toContain('Il se renouvelle à minuit (UTC).');
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull();
    expect(fetch).toHaveBeenCalledOnce();
  });
});
