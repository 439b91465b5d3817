// @vitest-environment jsdom
// The settings' blocked companies: each with the day it was blocked and
// Unblock, which sends the DELETE and says what it means, with the focus on
// that sentence; none blocked says so; a failure offers Retry; in both
// languages.
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubRecordingServer } from '@/testing/fetch';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { BlockedCompaniesSection } from './blocked-companies-section';

configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const numeria = { id: 9, name: 'Numéria Conseil', created_at: '2026-11-21T10:00:00Z' };
const atelier = { id: 12, name: 'Atelier Bois', created_at: '2026-10-02T10:00:00Z' };

/** The blocked companies until one is unblocked. */
function serve(list = [numeria, atelier]) {
  let companies = list;
  return stubRecordingServer(({ method, url }) => {
    if (method === 'DELETE') {
      companies = companies.filter((company) => !url.endsWith(`/blocked-companies/${company.id}`));
      return new Response(null, { status: 204 });
    }
    return jsonResponse(200, { companies });
  });
}

describe('the blocked companies in French', () => {
  const i18n = testI18n('fr');

  it('lists the companies and unblocks one', async () => {
    const calls = serve();
    renderWithProviders(<BlockedCompaniesSection />, { i18n, router: false });

    const rows = await screen.findAllByTestId('blocked-company');
    expect(screen.getByRole('heading', { name: 'Entreprises bloquées' })).toBeTruthy();
    expect(rows.map((row) => row.textContent)).toEqual(['Numéria ConseilBloquée le 21 nov. 2026Débloquer', 'Atelier BoisBloquée le 2 oct. 2026Débloquer']);
    fireEvent.click(screen.getByRole('button', { name: 'Débloquer Numéria Conseil' }));

    const note = await screen.findByTestId('blocked-companies-note');
    expect(note.textContent).toBe(
      'Entreprise débloquée : Numéria Conseil. Ses recruteurs peuvent de nouveau vous contacter ; les conversations closes le restent.',
    );
    await waitFor(() => expect(document.activeElement).toBe(note));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/api/candidates/blocked-companies/9']);
    await waitFor(() => expect(screen.getAllByTestId('blocked-company')).toHaveLength(1));
  });

  it('says when no company is blocked, and how one would be', async () => {
    serve([]);
    renderWithProviders(<BlockedCompaniesSection />, { i18n, router: false });
    expect((await screen.findByTestId('blocked-companies-empty')).textContent).toBe('Vous n’avez bloqué aucune entreprise.');
    expect(screen.getByText(/ouvrez l’une de ses demandes de contact sur votre tableau de bord/)).toBeTruthy();
  });

  it('says the list could not be loaded and asks again on Retry', async () => {
    let fail = true;
    stubRecordingServer(() => (fail ? jsonResponse(500, { code: 'internal_error', message: 'boom' }) : jsonResponse(200, { companies: [numeria] })));
    renderWithProviders(<BlockedCompaniesSection />, { i18n, router: false });
    const error = await screen.findByTestId('blocked-companies-error');
    expect(error.textContent).toContain('Impossible de charger les entreprises bloquées.');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByTestId('blocked-company')).toBeTruthy();
  });
});

describe('the blocked companies in English', () => {
  const i18n = testI18n('en');

  it('lists the companies and unblocks one', async () => {
    const calls = serve([atelier]);
    renderWithProviders(<BlockedCompaniesSection />, { i18n, router: false });
    expect((await screen.findByTestId('blocked-company')).textContent).toBe('Atelier BoisBlocked on Oct 2, 2026Unblock');
    fireEvent.click(screen.getByRole('button', { name: 'Unblock Atelier Bois' }));
    expect((await screen.findByTestId('blocked-companies-note')).textContent).toBe(
      'Company unblocked: Atelier Bois. Its recruiters may contact you again; closed conversations stay closed.',
    );
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/api/candidates/blocked-companies/12']);
    expect(await screen.findByTestId('blocked-companies-empty')).toBeTruthy();
  });
});
