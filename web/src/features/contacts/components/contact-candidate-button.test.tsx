// @vitest-environment jsdom
// A partner's "Contact" on a candidate: the dialog (named, focus in the
// message, Escape closes it) with the live count and the offers to name; the
// request sent as the server takes it, then "Request sent"; the server's
// refusals said in the dialog in the partner's language (no longer available,
// a request open or declined lately, the daily quota, a rule beside the
// field); a request already waiting or accepted, read from the partner's list.
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissAllToasts, getToasts } from '@/lib/toasts';
import { acceptedRequest, pendingRequest } from '@/testing/contacts';
import { jsonResponse, type RecordedCall, stubRecordingServer } from '@/testing/fetch';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { ContactCandidateButton } from './contact-candidate-button';

configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  dismissAllToasts();
});

const offers = [
  { id: 4, title: 'Assistant·e logistique' },
  { id: 5, title: 'Préparateur·rice de commandes' },
];
const message = 'Bonjour Léa, votre parcours en logistique nous intéresse.';

/** The partner's requests (none by default) and the answer to a new one (the created request by default). */
function serve({ sent = [], answer }: { sent?: (typeof pendingRequest)[]; answer?: () => Response } = {}) {
  return stubRecordingServer(({ method }) =>
    method === 'POST' ? (answer?.() ?? jsonResponse(201, pendingRequest)) : jsonResponse(200, { requests: sent }),
  );
}

const posts = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body]);

function write(text: string) {
  fireEvent.change(screen.getByLabelText('Votre message'), { target: { value: text } });
}

describe('the contact button in French', () => {
  const i18n = testI18n('fr');

  it('opens a named dialog with the focus in the message, counts the characters, sends the request and then says it was sent', async () => {
    const calls = serve();
    renderWithProviders(<ContactCandidateButton candidateId={99} name="Léa Durand" offers={offers} />, { i18n });
    const button = await screen.findByRole('button', { name: 'Contacter Léa Durand' });
    button.focus();
    fireEvent.click(button);

    const dialog = screen.getByRole('dialog', { name: 'Contacter Léa Durand' });
    const field = within(dialog).getByLabelText('Votre message');
    expect(document.activeElement).toBe(field);
    expect(dialog.textContent).toContain('Vos adresses e-mail ne sont échangées que si la demande est acceptée');
    expect(screen.getByTestId('contact-message-count').textContent).toBe(`0 / ${new Intl.NumberFormat('fr').format(2000)}`);
    write(`  ${message}\n  `);
    expect(screen.getByTestId('contact-message-count').textContent).toBe(`57 / ${new Intl.NumberFormat('fr').format(2000)}`);
    expect(field.getAttribute('aria-describedby')).toBe('contact-message-hint');
    fireEvent.change(within(dialog).getByLabelText('Offre concernée (facultatif)'), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));

    const sent = await screen.findByRole('button', { name: 'Demande de contact envoyée à Léa Durand' });
    expect(sent.textContent).toBe('Demande envoyée');
    expect(sent.getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(sent);
    expect(posts(calls)).toEqual([['/api/api/contact-requests', { candidate_id: 99, message, offer_id: 4 }]]);
    expect(getToasts().map((toast) => [toast.type, toast.message])).toEqual([['success', 'Demande de contact envoyée à Léa Durand.']]);
  });

  it('sends no offer when none is chosen', async () => {
    const calls = serve();
    renderWithProviders(<ContactCandidateButton candidateId={99} name="Léa Durand" offers={offers} />, { i18n });
    fireEvent.click(await screen.findByRole('button', { name: 'Contacter Léa Durand' }));
    write(message);
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer la demande' }));
    await screen.findByRole('button', { name: 'Demande de contact envoyée à Léa Durand' });
    expect(posts(calls)).toEqual([['/api/api/contact-requests', { candidate_id: 99, message, offer_id: null }]]);
  });

  it('keeps a message that is too short, and Escape closes the dialog without sending anything', async () => {
    const calls = serve();
    renderWithProviders(<ContactCandidateButton candidateId={99} name="Léa Durand" />, { i18n });
    fireEvent.click(await screen.findByRole('button', { name: 'Contacter Léa Durand' }));
    write('Bonjour Léa');
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer la demande' }));
    expect(await screen.findByText('Ce texte est trop court.')).toBeTruthy();
    expect(screen.getByLabelText('Votre message').getAttribute('aria-invalid')).toBe('true');

    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts(calls)).toEqual([]);
    expect(screen.getByRole('button', { name: 'Contacter Léa Durand' })).toBeTruthy();
  });

  it.each([
    ['a candidate no longer reachable', () => jsonResponse(404, { code: 'not_found', message: 'no such candidate' }), 'Léa Durand n’est plus disponible : cette personne ne peut plus être contactée.'],
    [
      'a request declined lately',
      () => jsonResponse(409, { code: 'contact_recently_declined', message: 'declined' }),
      'Cette personne a décliné votre demande il y a moins de 90 jours : vous pourrez la recontacter plus tard.',
    ],
    ['a request still open', () => jsonResponse(409, { code: 'contact_request_open', message: 'open' }), 'Votre demande de contact précédente à cette personne attend encore sa réponse.'],
    [
      'the daily quota spent',
      () => jsonResponse(429, { code: 'daily_quota_reached', message: 'quota' }),
      'Vous avez atteint votre quota quotidien de demandes de contact. Il se renouvelle à minuit (UTC).',
    ],
  ])('says why the server refused it: %s', async (_, answer, text) => {
    serve({ answer });
    renderWithProviders(<ContactCandidateButton candidateId={99} name="Léa Durand" />, { i18n });
    fireEvent.click(await screen.findByRole('button', { name: 'Contacter Léa Durand' }));
    write(message);
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer la demande' }));
    const error = await screen.findByTestId('contact-dialog-error');
    expect(error.textContent).toBe(text);
    expect(error.getAttribute('role')).toBe('alert');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(getToasts()).toEqual([]);
  });

  it("puts the server's rule beside the message", async () => {
    serve({ answer: () => jsonResponse(422, { code: 'validation_failed', message: 'invalid', errors: { message: ['too_long'] } }) });
    renderWithProviders(<ContactCandidateButton candidateId={99} name="Léa Durand" />, { i18n });
    fireEvent.click(await screen.findByRole('button', { name: 'Contacter Léa Durand' }));
    write(message);
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer la demande' }));
    expect(await screen.findByText('Ce texte est trop long.')).toBeTruthy();
    expect(screen.queryByTestId('contact-dialog-error')).toBeNull();
  });

  it("reads a request already waiting, or accepted, from the partner's list", async () => {
    serve({ sent: [pendingRequest] });
    renderWithProviders(<ContactCandidateButton candidateId={99} name="Léa Durand" />, { i18n });
    expect((await screen.findByRole('button', { name: 'Demande de contact envoyée à Léa Durand' })).getAttribute('aria-disabled')).toBe('true');
    cleanup();
    serve({ sent: [acceptedRequest] });
    renderWithProviders(<ContactCandidateButton candidateId={99} name="Léa Durand" />, { i18n });
    const link = await screen.findByRole('link', { name: 'Ouvrir la conversation avec Léa Durand' });
    expect(link.getAttribute('href')).toBe('/dashboard/partenaire/messages?conversation=31');
    cleanup();
    serve({ sent: [{ ...pendingRequest, candidate_id: 12 }, { ...pendingRequest, state: 'declined' }] });
    renderWithProviders(<ContactCandidateButton candidateId={99} name="Léa Durand" />, { i18n });
    expect(await screen.findByRole('button', { name: 'Contacter Léa Durand' })).toBeTruthy();
  });
});

describe('the contact button in English', () => {
  const i18n = testI18n('en');

  it('writes to the candidate without an offer to choose, and says the request was sent', async () => {
    const calls = serve();
    renderWithProviders(<ContactCandidateButton candidateId={99} name="Léa Durand" offers={[]} />, { i18n });
    fireEvent.click(await screen.findByRole('button', { name: 'Contact Léa Durand' }));
    const dialog = screen.getByRole('dialog', { name: 'Contact Léa Durand' });
    expect(within(dialog).queryByLabelText('Offer it is about (optional)')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Your message'), { target: { value: 'Too short' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    expect(await within(dialog).findByText('This text is too short.')).toBeTruthy();
    expect(screen.getByTestId('contact-message-count').textContent).toBe('9 / 2,000');

    fireEvent.change(within(dialog).getByLabelText('Your message'), { target: { value: 'Hello Léa, your logistics background caught our eye.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    expect((await screen.findByRole('button', { name: 'Contact request sent to Léa Durand' })).textContent).toBe('Request sent');
    await waitFor(() => expect(getToasts().map((toast) => toast.message)).toEqual(['Contact request sent to Léa Durand.']));
    expect(posts(calls)).toEqual([
      ['/api/api/contact-requests', { candidate_id: 99, message: 'Hello Léa, your logistics background caught our eye.', offer_id: null }],
    ]);
  });

  it('says in English that the candidate is no longer available', async () => {
    serve({ answer: () => jsonResponse(404, { code: 'not_found', message: 'no such candidate' }) });
    renderWithProviders(<ContactCandidateButton candidateId={99} name="Léa Durand" />, { i18n });
    fireEvent.click(await screen.findByRole('button', { name: 'Contact Léa Durand' }));
    fireEvent.change(screen.getByLabelText('Your message'), { target: { value: 'Hello Léa, your logistics background caught our eye.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the request' }));
    expect((await screen.findByTestId('contact-dialog-error')).textContent).toBe(
      'Léa Durand is no longer available: this person can no longer be contacted.',
    );
  });
});
