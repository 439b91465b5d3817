// @vitest-environment jsdom
// The "who looked" card: one row per company with the last day it viewed and
// saved the profile, dates in the page's language; the note that only
// companies are shown, over 90 days; an empty state with the next step, and a
// failure with a Retry that asks again.
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/fetch';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { ProfileViewsPanel } from './profile-views-panel';

const i18n = testI18n('fr');

const views = [
  { company: 'Numéria Conseil', kind: 'viewed', day: '2025-11-26' },
  { company: 'Numéria Conseil', kind: 'saved', day: '2025-11-25' },
  { company: 'Atelier Bois', kind: 'saved', day: '2025-10-02' },
  { company: 'Numéria Conseil', kind: 'viewed', day: '2025-10-01' },
];

function serve(...answers: Response[]) {
  const fetch = vi.fn<(url: string) => Promise<Response>>();
  for (const answer of answers) fetch.mockResolvedValueOnce(answer);
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function renderIn(language: 'fr' | 'en') {
  await act(() => i18n.changeLanguage(language));
  renderWithProviders(<ProfileViewsPanel />, { i18n });
}

describe('ProfileViewsPanel', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists each company once with its last view and save, in French', async () => {
    const fetch = serve(jsonResponse(200, { views }));
    await renderIn('fr');

    const rows = within(await screen.findByTestId('profile-views-list')).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Numéria Conseila consulté votre profil le 26 nov. 2025, l’a sauvegardé le 25 nov. 2025',
      'Atelier Boisa sauvegardé votre profil le 2 oct. 2025',
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Entreprises qui ont consulté votre profil' })).toBeTruthy();
    expect(screen.getByText(/jamais le nom de leurs recruteurs.*90 derniers jours/)).toBeTruthy();
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/api/candidates/profile-views');
  });

  it('writes the dates the English way', async () => {
    serve(jsonResponse(200, { views }));
    await renderIn('en');

    expect(await screen.findByText('viewed your profile on Nov 26, 2025, saved it on Nov 25, 2025')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Companies that viewed your profile' })).toBeTruthy();
    expect(screen.getByText(/never the names of their recruiters/)).toBeTruthy();
  });

  it('says no company has looked yet, and what to do', async () => {
    serve(jsonResponse(200, { views: [] }));
    await renderIn('fr');

    const empty = await screen.findByTestId('profile-views-empty');
    expect(empty.textContent).toContain('Aucune entreprise n’a encore consulté votre profil.');
    expect(within(empty).getByRole('link', { name: 'Compléter mon profil' }).getAttribute('href')).toBe('/dashboard/candidate/profil');
  });

  it('says it could not load the companies and asks again on Retry', async () => {
    serve(jsonResponse(500, { code: 'internal_error', message: 'boom' }), jsonResponse(200, { views }));
    await renderIn('en');

    const error = await screen.findByTestId('profile-views-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toContain('The companies that viewed your profile could not be loaded.');
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Atelier Bois')).toBeTruthy();
  });
});
