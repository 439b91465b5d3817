// @vitest-environment jsdom
// The partner dashboard's contact requests: each with the candidate (or "no
// longer available"), its state in words, its dates and offer; an accepted
// one with the candidate's address and the way to the conversation; the ten
// newest first, then all on demand; in both languages; the empty list's next
// step, a failure's Retry, and a partner waiting for approval told so.
import { cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Schemas } from '@/api/schemas';
import { acceptedRequest, pendingRequest } from '@/testing/contacts';
import { jsonResponse, stubRecordingServer } from '@/testing/fetch';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { SentContactRequestsCard } from './sent-contact-requests-card';

configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const requests: Schemas['ContactRequestView'][] = [
  { ...acceptedRequest, id: 34, candidate_id: 101, candidate_firstname: 'Hugo', candidate_lastname: 'Petit', contact_email: 'hugo.petit@example.test' },
  { ...pendingRequest, offer_title: null },
  { ...pendingRequest, id: 33, state: 'declined', candidate_firstname: 'Inès', candidate_lastname: 'Roux', offer_title: null, answered_at: '2026-11-22T10:00:00Z' },
  { ...pendingRequest, id: 32, state: 'expired', candidate_firstname: null, candidate_lastname: null, offer_title: null },
];

function serve(list: typeof requests) {
  return stubRecordingServer(() => jsonResponse(200, { requests: list }));
}

const rows = () => screen.getAllByTestId('sent-request');

describe('the contact requests sent, in French', () => {
  const i18n = testI18n('fr');

  it('lists each request with its candidate, state and dates, and the address and conversation of an accepted one', async () => {
    const calls = serve(requests);
    renderWithProviders(<SentContactRequestsCard />, { i18n });

    await screen.findByTestId('sent-requests-list');
    expect(calls.map((call) => [call.method, call.url])).toEqual([['GET', '/api/api/contact-requests']]);
    expect(screen.getByRole('heading', { name: 'Mes demandes de contact 4' })).toBeTruthy();
    const [accepted, pending, declined, expired] = rows();
    expect(accepted?.textContent).toBe(
      'Hugo PetitEnvoyée le 20 nov. 2026 · réponse le 21 nov. 2026 · à propos de « Assistant·e logistique »hugo.petit@example.testAcceptéeConversation',
    );
    expect(within(accepted!).getByRole('link', { name: 'hugo.petit@example.test' }).getAttribute('href')).toBe('mailto:hugo.petit@example.test');
    expect(within(accepted!).getByRole('link', { name: 'Ouvrir la conversation avec Hugo Petit' }).getAttribute('href')).toBe(
      '/dashboard/partenaire/messages?conversation=34',
    );
    expect(pending?.textContent).toBe('Léa DurandEnvoyée le 20 nov. 2026 · expire le 4 déc. 2026 sans réponseEn attente');
    expect(declined?.textContent).toBe('Inès RouxEnvoyée le 20 nov. 2026 · réponse le 22 nov. 2026Déclinée');
    expect(expired?.textContent).toBe('Plus disponibleEnvoyée le 20 nov. 2026 · expirée le 4 déc. 2026Expirée');
    for (const row of [pending, declined, expired]) {
      expect(within(row!).queryByRole('link')).toBeNull();
    }
  });

  it('says beside the initials of a blind-first candidate that they chose to hide their name', async () => {
    serve([{ ...pendingRequest, candidate_firstname: 'L.', candidate_lastname: 'D.', name_hidden: true, offer_title: null }]);
    renderWithProviders(<SentContactRequestsCard />, { i18n });
    await screen.findByTestId('sent-requests-list');
    expect(rows()[0]?.textContent).toBe('L. D.Nom masqué à sa demandeEnvoyée le 20 nov. 2026 · expire le 4 déc. 2026 sans réponseEn attente');
  });

  it('shows the ten newest, and all of them on demand', async () => {
    serve(Array.from({ length: 12 }, (_, index) => ({ ...pendingRequest, id: 100 + index, candidate_id: 200 + index })));
    renderWithProviders(<SentContactRequestsCard />, { i18n });
    await screen.findByTestId('sent-requests-list');
    expect(rows()).toHaveLength(10);
    const more = screen.getByRole('button', { name: 'Afficher les 12 demandes' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(rows()).toHaveLength(12);
    expect(screen.getByRole('button', { name: 'Afficher moins' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('says where to start when no candidate was contacted', async () => {
    serve([]);
    renderWithProviders(<SentContactRequestsCard />, { i18n });
    const empty = await screen.findByTestId('sent-requests-empty');
    expect(empty.textContent).toContain('Vous n’avez encore contacté aucun candidat.');
    expect(within(empty).getByRole('link', { name: 'Trouver des candidats' }).getAttribute('href')).toBe('/dashboard/partenaire/sourcing');
  });

  it('says the list could not be loaded and asks again on Retry', async () => {
    let fail = true;
    stubRecordingServer(() => (fail ? jsonResponse(500, { code: 'internal_error', message: 'boom' }) : jsonResponse(200, { requests })));
    renderWithProviders(<SentContactRequestsCard />, { i18n });
    const error = await screen.findByTestId('sent-requests-error');
    expect(error.textContent).toContain('Impossible de charger vos demandes de contact.');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByTestId('sent-requests-list')).toBeTruthy();
  });
});

describe('the contact requests sent, in English', () => {
  const i18n = testI18n('en');

  it('says each state in English', async () => {
    serve(requests);
    renderWithProviders(<SentContactRequestsCard />, { i18n });
    await screen.findByTestId('sent-requests-list');
    expect(rows().map((row) => within(row).getByTestId('contact-state').textContent)).toEqual(['Accepted', 'Waiting', 'Declined', 'Expired']);
    expect(rows()[1]?.textContent).toContain('Sent on Nov 20, 2026 · expires on Dec 4, 2026 without an answer');
    expect(rows()[3]?.textContent).toContain('No longer available');
    expect(screen.getByRole('link', { name: 'Open the conversation with Hugo Petit' })).toBeTruthy();
  });

  it('tells a partner waiting for approval so, in place of the list', async () => {
    stubRecordingServer(() => jsonResponse(403, { code: 'account_pending', message: 'waiting' }));
    renderWithProviders(<SentContactRequestsCard />, { i18n });
    expect(await screen.findByTestId('sent-requests-standing')).toBeTruthy();
    expect(screen.queryByTestId('sent-requests-error')).toBeNull();
  });
});
