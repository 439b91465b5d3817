// @vitest-environment jsdom
// Inviting a recruiter by email, from the recruiters panel: what it leads to;
// the address and names checked, then sent trimmed; "Invitation sent to …"
// whatever the address, the form emptied for the next one; a refused field
// beside it, too many invitations within the hour above the button. The
// open invitations, with their dates and Withdraw (DELETE, a toast, the
// focus on the list's heading; nothing said of one answered meanwhile), and
// their empty and error states.
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissAllToasts, getToasts } from '@/lib/toasts';
import { jsonResponse, type RecordedCall, stubRecordingServer } from '@/testing/fetch';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import type { RecruiterInvitation } from '../api/recruiter-invitation-types';
import { RecruiterInvitationsSection } from './recruiter-invitations-section';

configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  dismissAllToasts();
  vi.unstubAllGlobals();
});

const invitations: RecruiterInvitation[] = [
  { id: 31, email: 'lea.morel@acme.fr', firstname: 'Léa', lastname: 'Morel', created_at: '2026-03-02T09:00:00Z', expires_at: '2026-04-01T09:00:00Z' },
  { id: 30, email: 'hugo@brasserie.fr', firstname: 'Hugo', lastname: 'Bernard', created_at: '2026-02-20T09:00:00Z', expires_at: '2026-03-22T09:00:00Z' },
];

type Answer = { status: number; body?: unknown };

/**
 * A server holding `held` as the open invitations; the invitation's POST gets
 * `sendAnswer` (204 by default), a DELETE removes the invitation, or answers
 * `withdrawAnswer`; `failFirstList` fails the first read.
 */
function serve({
  held = invitations,
  sendAnswer = { status: 204 },
  withdrawAnswer,
  failFirstList = false,
}: { held?: RecruiterInvitation[]; sendAnswer?: Answer; withdrawAnswer?: Answer; failFirstList?: boolean } = {}) {
  let open = [...held];
  let failing = failFirstList;
  return stubRecordingServer(({ method, url }) => {
    if (url === '/api/api/school/recruiter-invitations' && method === 'GET') {
      if (failing) {
        failing = false;
        return jsonResponse(500, { code: 'internal_error', message: '', errors: {} });
      }
      return jsonResponse(200, { invitations: open });
    }
    if (url === '/api/api/school/recruiter-invitations' && method === 'POST') {
      return sendAnswer.status === 204 ? new Response(null, { status: 204 }) : jsonResponse(sendAnswer.status, sendAnswer.body);
    }
    const withdrawn = /^\/api\/api\/school\/recruiter-invitations\/(\d+)$/.exec(url);
    if (withdrawn && method === 'DELETE') {
      open = open.filter((invitation) => invitation.id !== Number(withdrawn[1]));
      return withdrawAnswer ? jsonResponse(withdrawAnswer.status, withdrawAnswer.body) : new Response(null, { status: 204 });
    }
    return jsonResponse(404, { code: 'not_found', message: '', errors: {} });
  });
}

const listReads = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'GET').length;
const sent = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'POST');

function fill(i18n: ReturnType<typeof testI18n>, values: { email: string; firstname: string; lastname: string }) {
  fireEvent.change(screen.getByLabelText(new RegExp(`^${i18n.t('school:recruiters.invite.email')}`)), { target: { value: values.email } });
  fireEvent.change(screen.getByLabelText(new RegExp(`^${i18n.t('school:recruiters.invite.firstname')}`)), { target: { value: values.firstname } });
  fireEvent.change(screen.getByLabelText(new RegExp(`^${i18n.t('school:recruiters.invite.lastname')}`)), { target: { value: values.lastname } });
  fireEvent.click(screen.getByRole('button', { name: i18n.t('school:recruiters.invite.submit') }));
}

describe('the recruiter invitations in French', () => {
  const i18n = testI18n('fr');

  it('says what an invitation leads to, and lists the open ones with their dates', async () => {
    serve();
    renderWithProviders(<RecruiterInvitationsSection />, { i18n });

    expect(screen.getByRole('heading', { level: 3, name: 'Inviter un recruteur par e-mail' })).toBeTruthy();
    expect(
      screen.getByText('Le recruteur pourra trouver vos étudiants aussitôt, et les autres étudiants dès que Vivier aura validé son entreprise.'),
    ).toBeTruthy();
    const rows = await screen.findAllByTestId('recruiter-invitation');
    expect(rows.map((row) => row.querySelector('.row-list__title')?.textContent)).toEqual(['Léa Morel', 'Hugo Bernard']);
    expect(rows[0]!.textContent).toContain('lea.morel@acme.fr · envoyée le 2 mars 2026, lien valable jusqu’au 1 avr. 2026');
    expect(within(rows[0]!).getByRole('button', { name: 'Retirer l’invitation de Léa Morel (lea.morel@acme.fr)' })).toBeTruthy();
  });

  it('sends the invitation trimmed, says so whatever the address, and is ready for the next one', async () => {
    const calls = serve();
    renderWithProviders(<RecruiterInvitationsSection />, { i18n });
    await screen.findAllByTestId('recruiter-invitation');

    fill(i18n, { email: ' ines.roux@cimes.fr ', firstname: ' Inès', lastname: 'Roux ' });

    await waitFor(() => expect(screen.getByTestId('invite-recruiter-sent').textContent).toBe('Invitation envoyée à ines.roux@cimes.fr.'));
    expect(sent(calls)).toEqual([
      { method: 'POST', url: '/api/api/school/recruiter-invitations', body: { email: 'ines.roux@cimes.fr', firstname: 'Inès', lastname: 'Roux' } },
    ]);
    const email = screen.getByLabelText(/^Adresse e-mail/) as HTMLInputElement;
    expect(email.value).toBe('');
    expect(document.activeElement).toBe(email);
    await waitFor(() => expect(listReads(calls)).toBe(2));
  });

  it('checks the fields before sending anything', async () => {
    const calls = serve();
    renderWithProviders(<RecruiterInvitationsSection />, { i18n });

    fill(i18n, { email: 'ines.roux@', firstname: '', lastname: 'Roux' });

    await waitFor(() => expect(screen.getByLabelText(/^Adresse e-mail/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByLabelText(/^Prénom/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/^Nom/).getAttribute('aria-invalid')).toBeNull();
    expect(sent(calls)).toEqual([]);
  });

  it('puts a field the server refuses beside it', async () => {
    serve({ sendAnswer: { status: 422, body: { code: 'validation_failed', message: '', errors: { lastname: ['too_long'] } } } });
    renderWithProviders(<RecruiterInvitationsSection />, { i18n });

    fill(i18n, { email: 'ines.roux@cimes.fr', firstname: 'Inès', lastname: 'Roux' });

    await waitFor(() => expect(screen.getByLabelText(/^Nom/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByTestId('invite-recruiter-sent').textContent).toBe('');
    expect(screen.queryByTestId('invite-recruiter-error')).toBeNull();
  });

  it('says when the school sent too many invitations within the hour', async () => {
    serve({ sendAnswer: { status: 429, body: { code: 'too_many_requests', message: '', errors: {} } } });
    renderWithProviders(<RecruiterInvitationsSection />, { i18n });

    fill(i18n, { email: 'ines.roux@cimes.fr', firstname: 'Inès', lastname: 'Roux' });

    expect((await screen.findByTestId('invite-recruiter-error')).textContent).toBe(
      'Vous avez envoyé beaucoup d’invitations en une heure. Réessayez plus tard.',
    );
    expect((screen.getByLabelText(/^Adresse e-mail/) as HTMLInputElement).value).toBe('ines.roux@cimes.fr');
  });

  it('withdraws an invitation, says so and keeps the keyboard in the list', async () => {
    const calls = serve();
    renderWithProviders(<RecruiterInvitationsSection />, { i18n });

    fireEvent.click(await screen.findByRole('button', { name: 'Retirer l’invitation de Léa Morel (lea.morel@acme.fr)' }));

    await waitFor(() => expect(screen.getAllByTestId('recruiter-invitation')).toHaveLength(1));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/api/school/recruiter-invitations/31']);
    expect(getToasts().map((toast) => toast.message)).toContain('Invitation envoyée à Léa Morel retirée.');
    expect(document.activeElement?.textContent).toBe('Invitations en attente de réponse');
  });
});

describe('the recruiter invitations in English', () => {
  const i18n = testI18n('en');

  it('says what an invitation leads to, and that it was sent', async () => {
    serve();
    renderWithProviders(<RecruiterInvitationsSection />, { i18n });
    expect(screen.getByText('They will be able to find your students at once, and other students once Vivier has approved their company.')).toBeTruthy();
    expect((await screen.findAllByTestId('recruiter-invitation'))[1]!.textContent).toContain(
      'hugo@brasserie.fr · sent on Feb 20, 2026, link valid until Mar 22, 2026',
    );

    fill(i18n, { email: 'ines.roux@cimes.fr', firstname: 'Inès', lastname: 'Roux' });
    await waitFor(() => expect(screen.getByTestId('invite-recruiter-sent').textContent).toBe('Invitation sent to ines.roux@cimes.fr.'));
  });

  it('says nothing of an invitation answered meanwhile, and the list no longer holds it', async () => {
    serve({ withdrawAnswer: { status: 404, body: { code: 'not_found', message: '', errors: {} } } });
    renderWithProviders(<RecruiterInvitationsSection />, { i18n });

    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw the invitation of Hugo Bernard (hugo@brasserie.fr)' }));

    await waitFor(() => expect(screen.getAllByTestId('recruiter-invitation')).toHaveLength(1));
    await act(() => Promise.resolve());
    expect(getToasts()).toEqual([]);
  });

  it('says when no invitation waits', async () => {
    serve({ held: [] });
    renderWithProviders(<RecruiterInvitationsSection />, { i18n });

    const empty = await screen.findByTestId('recruiter-invitations-empty');
    expect(empty.textContent).toContain('No invitation waiting');
    expect(empty.textContent).toContain('An invitation stays here until the recruiter answers it or its link expires.');
  });

  it('says the invitations could not be loaded, and asks again on Retry', async () => {
    serve({ failFirstList: true });
    renderWithProviders(<RecruiterInvitationsSection />, { i18n });

    const error = await screen.findByTestId('recruiter-invitations-error');
    expect(error.textContent).toContain('The invitations could not be loaded.');
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('recruiter-invitation')).toHaveLength(2);
  });
});
