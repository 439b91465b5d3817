// @vitest-environment jsdom
// The candidate's contact requests: a waiting one with its company, recruiter,
// offer, dates and message as plain text (line breaks kept, no HTML, no
// links); Accept sends the answer and offers the recruiter's address and the
// conversation; Decline and "Block this company" ask first; a request closed
// meanwhile is said in the user's language; the answered ones folded into a
// history with their states; the empty list's next step and a failure's
// Retry; in both languages.
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Schemas } from '@/api/schemas';
import { acceptedRequest, pendingRequest } from '@/testing/contacts';
import { jsonResponse, type RecordedCall, stubRecordingServer } from '@/testing/fetch';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { ReceivedContactRequestsCard } from './received-contact-requests-card';

configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type ContactRequest = Schemas['ContactRequestView'];

const declined: ContactRequest = {
  ...pendingRequest, id: 28, company: 'Atelier Bois', company_id: 12, recruiter_firstname: 'Nora', recruiter_lastname: 'Lemoine',
  state: 'declined', answered_at: '2026-11-02T10:00:00Z',
};
const expired: ContactRequest = { ...pendingRequest, id: 27, company: 'Transports Rhône', company_id: 13, state: 'expired', expires_at: '2026-10-30T09:00:00Z' };

/**
 * A server of the candidate's requests: answering one changes its state,
 * blocking a company declines its waiting ones; `answer` replaces the answer
 * to an acceptance or refusal.
 */
function serve(list: ContactRequest[], answer?: () => Response) {
  let requests = list;
  const settle = (id: number, state: ContactRequest['state']) => {
    requests = requests.map((request) =>
      request.id === id ? { ...request, state, answered_at: '2026-11-21T10:00:00Z', contact_email: state === 'accepted' ? acceptedRequest.contact_email : null } : request,
    );
    return requests.find((request) => request.id === id);
  };
  return stubRecordingServer(({ method, url }) => {
    const answered = /\/contact-requests\/(\d+)\/(acceptance|refusal)$/.exec(url);
    if (answered && method === 'POST') {
      return answer?.() ?? jsonResponse(200, settle(Number(answered[1]), answered[2] === 'acceptance' ? 'accepted' : 'declined'));
    }
    const blocked = /\/blocked-companies\/(\d+)$/.exec(url);
    if (blocked && method === 'PUT') {
      requests = requests.map((request) => (request.company_id === Number(blocked[1]) && request.state === 'pending' ? { ...request, state: 'declined' } : request));
      return new Response(null, { status: 204 });
    }
    return jsonResponse(200, { requests });
  });
}

const writes = (calls: RecordedCall[]) => calls.filter((call) => call.method !== 'GET').map((call) => [call.method, call.url]);

describe('the contact requests received, in French', () => {
  const i18n = testI18n('fr');

  it('shows a waiting request, its message as plain text, and accepts it', async () => {
    const calls = serve([pendingRequest]);
    renderWithProviders(<ReceivedContactRequestsCard />, { i18n });

    const item = await screen.findByTestId('received-request');
    expect(screen.getByRole('heading', { name: 'Demandes de contact' })).toBeTruthy();
    expect(item.textContent).toContain('Numéria Conseil');
    expect(item.textContent).toContain('Karim Mansour · Responsable du recrutement');
    expect(item.textContent).toContain('À propos de l’offre « Assistant·e logistique »');
    expect(item.textContent).toContain('Reçue le 20 nov. 2026 · sans réponse de votre part, elle expire le 4 déc. 2026.');
    const message = within(item).getByTestId('received-request-message');
    expect(message.textContent).toBe(pendingRequest.message);
    expect(message.querySelector('b, a')).toBeNull();
    expect(within(item).queryByRole('link')).toBeNull();

    fireEvent.click(within(item).getByRole('button', { name: 'Accepter la demande de Numéria Conseil' }));
    const note = await screen.findByTestId('received-requests-note');
    expect(note.textContent).toContain('Vous avez accepté la demande de Karim Mansour (Numéria Conseil)');
    expect(within(note).getByRole('link', { name: 'karim.mansour@numeria.example' }).getAttribute('href')).toBe('mailto:karim.mansour@numeria.example');
    expect(within(note).getByRole('link', { name: 'Ouvrir la conversation' }).getAttribute('href')).toBe('/dashboard/candidate/messages?conversation=31');
    await waitFor(() => expect(document.activeElement).toBe(note));
    expect(writes(calls)).toEqual([['POST', '/api/api/candidates/contact-requests/31/acceptance']]);
    await waitFor(() => expect(screen.queryByTestId('received-request')).toBeNull());
    expect(screen.getByTestId('received-requests-none-waiting').textContent).toBe('Aucune demande n’attend votre réponse.');
    expect(within(screen.getByTestId('answered-request')).getByTestId('contact-state').textContent).toBe('Acceptée');
  });

  it('shows how the candidate fits the offer a request is about, drawn by the slot it is given', async () => {
    const aboutAnOffer = { ...pendingRequest, offer_score: 82.5, offer_place: 'Lyon', offer_breakdown: {} as Schemas['Explanation'] };
    serve([aboutAnOffer, { ...pendingRequest, id: 32, offer_id: null, offer_title: null }]);
    renderWithProviders(<ReceivedContactRequestsCard fit={(fit) => <p data-testid="fit-drawn">{`${fit.score} · ${fit.place}`}</p>} />, { i18n });

    await screen.findAllByTestId('received-request');
    const fit = screen.getByRole('region', { name: 'Votre correspondance avec l’offre « Assistant·e logistique »' });
    expect(fit.textContent).toBe('Votre correspondance avec l’offre82.5 · Lyon');
    expect(screen.getAllByTestId('fit-drawn')).toHaveLength(1);
  });

  it('declines a request only after the confirmation', async () => {
    const calls = serve([pendingRequest]);
    renderWithProviders(<ReceivedContactRequestsCard />, { i18n });

    fireEvent.click(await screen.findByRole('button', { name: 'Décliner la demande de Numéria Conseil' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Décliner la demande de Numéria Conseil ?' });
    expect(dialog.textContent).toContain('ne pourra pas vous recontacter avant 90 jours');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(writes(calls)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Décliner la demande de Numéria Conseil' }));
    dialog = screen.getByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Décliner' }));
    const note = await screen.findByTestId('received-requests-note');
    expect(note.textContent).toBe('Demande de Numéria Conseil déclinée.');
    await waitFor(() => expect(document.activeElement).toBe(note));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(writes(calls)).toEqual([['POST', '/api/api/candidates/contact-requests/31/refusal']]);
  });

  it('blocks the company after the confirmation', async () => {
    const calls = serve([pendingRequest]);
    renderWithProviders(<ReceivedContactRequestsCard />, { i18n });

    fireEvent.click(await screen.findByRole('button', { name: 'Bloquer cette entreprise : Numéria Conseil' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Bloquer Numéria Conseil ?' });
    expect(dialog.textContent).toContain('Vous pourrez la débloquer depuis vos paramètres.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bloquer l’entreprise' }));

    expect((await screen.findByTestId('received-requests-note')).textContent).toBe(
      'Entreprise bloquée : Numéria Conseil. Ses recruteurs ne peuvent plus vous contacter.',
    );
    expect(writes(calls)).toEqual([['PUT', '/api/api/candidates/blocked-companies/9']]);
    await waitFor(() => expect(screen.queryByTestId('received-request')).toBeNull());
  });

  it('says when the request was answered or expired meanwhile', async () => {
    serve([pendingRequest], () => jsonResponse(409, { code: 'contact_request_closed', message: 'closed' }));
    renderWithProviders(<ReceivedContactRequestsCard />, { i18n });
    fireEvent.click(await screen.findByRole('button', { name: 'Accepter la demande de Numéria Conseil' }));
    const note = await screen.findByTestId('received-requests-note');
    expect(note.textContent).toBe('Cette demande de contact n’est plus ouverte : elle a déjà reçu une réponse ou a expiré.');
    expect(note.className).toContain('form-alert--error');
  });

  it('folds the answered requests into a history with their states', async () => {
    serve([acceptedRequest, declined, expired]);
    renderWithProviders(<ReceivedContactRequestsCard />, { i18n });
    const history = await screen.findByTestId('answered-requests');
    expect(history.querySelector('summary')?.textContent).toBe('Demandes traitées (3)');
    expect(history.hasAttribute('open')).toBe(false);
    const rows = within(history).getAllByTestId('answered-request');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Numéria ConseilKarim Mansour · réponse le 21 nov. 2026karim.mansour@numeria.exampleAcceptéeConversation',
      'Atelier BoisNora Lemoine · réponse le 2 nov. 2026Déclinée',
      'Transports RhôneKarim Mansour · expirée le 30 oct. 2026Expirée',
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Ouvrir la conversation avec Karim Mansour (Numéria Conseil)' }).getAttribute('href')).toBe(
      '/dashboard/candidate/messages?conversation=31',
    );
    expect(screen.getByTestId('received-requests-none-waiting')).toBeTruthy();
  });

  it('says what to expect when no request came, and where to choose who finds the candidate', async () => {
    serve([]);
    renderWithProviders(<ReceivedContactRequestsCard />, { i18n });
    const empty = await screen.findByTestId('received-requests-empty');
    expect(empty.textContent).toContain('Aucune demande de contact pour l’instant.');
    expect(within(empty).getByRole('link', { name: 'Qui peut me trouver' }).getAttribute('href')).toBe('/dashboard/candidate/parametres');
  });

  it('says the requests could not be loaded and asks again on Retry', async () => {
    let fail = true;
    stubRecordingServer(() => (fail ? jsonResponse(500, { code: 'internal_error', message: 'boom' }) : jsonResponse(200, { requests: [pendingRequest] })));
    renderWithProviders(<ReceivedContactRequestsCard />, { i18n });
    const error = await screen.findByTestId('received-requests-error');
    expect(error.textContent).toContain('Impossible de charger vos demandes de contact.');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByTestId('received-request')).toBeTruthy();
  });
});

describe('the contact requests received, in English', () => {
  const i18n = testI18n('en');

  it('shows a waiting request and accepts it', async () => {
    serve([{ ...pendingRequest, offer_title: null, recruiter_role: null }]);
    renderWithProviders(<ReceivedContactRequestsCard />, { i18n });
    const item = await screen.findByTestId('received-request');
    expect(item.textContent).toContain('Karim Mansour');
    expect(item.textContent).not.toContain('About the offer');
    expect(item.textContent).toContain('Received on Nov 20, 2026 · without an answer from you, it expires on Dec 4, 2026.');
    fireEvent.click(within(item).getByRole('button', { name: 'Accept the request of Numéria Conseil' }));
    const note = await screen.findByTestId('received-requests-note');
    expect(note.textContent).toContain('You accepted the request of Karim Mansour (Numéria Conseil)');
    expect(within(note).getByRole('link', { name: 'Open the conversation' })).toBeTruthy();
  });

  it('asks before declining and blocking, and folds the answered ones', async () => {
    serve([pendingRequest, declined, expired]);
    renderWithProviders(<ReceivedContactRequestsCard />, { i18n });
    fireEvent.click(await screen.findByRole('button', { name: 'Decline the request of Numéria Conseil' }));
    expect(screen.getByRole('alertdialog', { name: 'Decline the request of Numéria Conseil?' }).textContent).toContain(
      'cannot contact you again for 90 days',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Block this company: Numéria Conseil' }));
    expect(screen.getByRole('alertdialog', { name: 'Block Numéria Conseil?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('answered-requests').querySelector('summary')?.textContent).toBe('Answered requests (2)');
    expect(screen.getAllByTestId('contact-state').map((state) => state.textContent)).toEqual(['Declined', 'Expired']);
  });
});
