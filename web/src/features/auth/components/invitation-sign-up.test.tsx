// @vitest-environment jsdom
// The page of a school's invitation link: who invites whom, read-only; the
// password (with the policy, checked against the invited address), its
// confirmation and the consent; the account created and logged in, on to the
// candidate dashboard. A link refused (missing, unknown, answered, expired)
// says the invitation is no longer valid with the ways on; an address that got
// an account meanwhile is told to log in; a failed load offers to try again.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession, resetSessionForTests } from '@/lib/session';
import { jsonResponse } from '@/testing/fetch';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { candidateUser } from '@/testing/users';
import { InvitationSignUp } from './invitation-sign-up';

afterEach(() => {
  cleanup();
  resetSessionForTests();
  vi.unstubAllGlobals();
});

const preview = { firstname: 'Léa', lastname: 'Martin', email: 'lea.martin@example.org', school: 'Rhône Management', campus: 'Lyon Confluence' };
const password = 'Confluence-2026';

type Answer = { status: number; body?: unknown };

/** The server: the preview of token `abc` (or `previewAnswer`), and `accountAnswer` to the account's creation. */
function serve({ previewAnswer = { status: 200, body: preview }, accountAnswer = { status: 201, body: candidateUser } }: { previewAnswer?: Answer; accountAnswer?: Answer } = {}) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const path = String(url);
    if (path === '/api/api/school-invitations/abc' && (init?.method ?? 'GET') === 'GET') return jsonResponse(previewAnswer.status, previewAnswer.body);
    if (path === '/api/api/school-invitations/abc/account' && init?.method === 'POST') {
      // the session loads the new candidate's profile next
      return jsonResponse(accountAnswer.status, accountAnswer.body);
    }
    return jsonResponse(404, { code: 'not_found', message: '', errors: {} });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderPage(i18n: ReturnType<typeof testI18n>, search = '?token=abc') {
  renderWithProviders(
    <Routes>
      <Route path="/inscription/invitation" element={<InvitationSignUp />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { i18n, path: `/inscription/invitation${search}` },
  );
}

const invalidToken = { status: 400, body: { code: 'invalid_token', message: '', errors: {} } };

/** Fills the form with a good password, accepts the terms and sends it. */
async function fillAndSend() {
  await screen.findByTestId('invitation-sign-up');
  fireEvent.change(screen.getByLabelText(/^Mot de passe/), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(/^Confirmation/), { target: { value: password } });
  fireEvent.click(screen.getByRole('checkbox'));
  fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte et rejoindre l’école' }));
}

describe('the invitation page in French', () => {
  const i18n = testI18n('fr');

  it('shows who invites whom, read-only', async () => {
    serve();
    renderPage(i18n);
    expect(await screen.findByRole('heading', { level: 1, name: 'Rhône Management vous invite à rejoindre Vivier' })).toBeDefined();
    const name = screen.getByLabelText('Nom') as HTMLInputElement;
    const email = screen.getByLabelText('Adresse e-mail') as HTMLInputElement;
    expect(name.value).toBe('Léa Martin');
    expect(name.readOnly).toBe(true);
    expect(email.value).toBe('lea.martin@example.org');
    expect(email.readOnly).toBe(true);
    expect(screen.getByText(/vous rejoignez aussitôt Rhône Management, campus Lyon Confluence/)).toBeDefined();
  });

  it('checks the password, its confirmation and the consent before sending', async () => {
    const fetch = serve();
    renderPage(i18n);
    await screen.findByTestId('invitation-sign-up');
    await screen.findByLabelText(/^Mot de passe/);
    fireEvent.change(screen.getByLabelText(/^Mot de passe/), { target: { value: 'lea.martin-2026' } });
    fireEvent.change(screen.getByLabelText(/^Confirmation/), { target: { value: 'autre' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte et rejoindre l’école' }));

    expect(await screen.findByText('Les deux mots de passe ne sont pas identiques.')).toBeDefined();
    expect(screen.getByText('Vous devez accepter les conditions d’utilisation pour continuer.')).toBeDefined();
    // the password contains the invited address's local part
    expect(screen.getByLabelText(/^Mot de passe/).getAttribute('aria-invalid')).toBe('true');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('creates the account, logs in and goes to the candidate dashboard', async () => {
    const fetch = serve();
    renderPage(i18n);
    await fillAndSend();

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard/candidate'));
    expect(getSession().user?.email).toBe(candidateUser.email);
    const sent = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ password, consent: true, locale: 'fr' });
  });

  it('says an account exists for the address, and to log in', async () => {
    serve({ accountAnswer: { status: 409, body: { code: 'email_taken', message: '', errors: {} } } });
    renderPage(i18n);
    await fillAndSend();

    const taken = await screen.findByTestId('invitation-email-taken', {}, { timeout: 4000 });
    expect(taken.textContent).toContain('Un compte existe déjà pour cette adresse : connectez-vous, l’invitation vous attend sur votre tableau de bord.');
    expect(taken.querySelector('a')?.getAttribute('href')).toBe('/login');
    expect(getSession().user).toBeNull();
  });

  it('puts the server\'s refusal of the password beside it', async () => {
    serve({ accountAnswer: { status: 422, body: { code: 'validation_failed', message: '', errors: { password: ['password_policy'] } } } });
    renderPage(i18n);
    await fillAndSend();
    await waitFor(() => expect(screen.getByLabelText(/^Mot de passe/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.queryByTestId('invitation-error')).toBeNull();
  });

  it('says the invitation is no longer valid when the server refuses the link', async () => {
    serve({ previewAnswer: invalidToken });
    renderPage(i18n);
    const invalid = await screen.findByTestId('invitation-invalid');
    expect(invalid.textContent).toContain('Cette invitation n’est plus valable');
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Créer un compte' }).getAttribute('href')).toBe('/inscription/candidat');
  });

  it('says so without asking the server when the link has no token', () => {
    const fetch = serve();
    renderPage(i18n, '');
    expect(screen.getByTestId('invitation-invalid')).toBeDefined();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says the invitation is no longer valid when it was closed while the page was open', async () => {
    serve({ accountAnswer: invalidToken });
    renderPage(i18n);
    await fillAndSend();
    expect(await screen.findByTestId('invitation-invalid')).toBeDefined();
  });

  it('offers to try again when the invitation could not be read', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => (fail ? jsonResponse(500, { code: 'internal_error', message: '', errors: {} }) : jsonResponse(200, preview))),
    );
    renderPage(i18n);
    expect(await screen.findByTestId('invitation-load-error')).toBeDefined();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Rhône Management vous invite à rejoindre Vivier' })).toBeDefined();
  });
});

describe('the invitation page in English', () => {
  const i18n = testI18n('en');

  it('shows the invitation and the existing-account message in English', async () => {
    serve({ accountAnswer: { status: 409, body: { code: 'email_taken', message: '', errors: {} } } });
    renderPage(i18n);
    expect(await screen.findByRole('heading', { level: 1, name: 'Rhône Management invites you to join Vivier' })).toBeDefined();
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
    fireEvent.change(screen.getByLabelText(/^Confirm/), { target: { value: password } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Create my account and join the school' }));
    expect((await screen.findByTestId('invitation-email-taken', {}, { timeout: 4000 })).textContent).toContain(
      'An account exists for this address: log in, the invitation waits in your dashboard.',
    );
  });

  it('says the invitation is no longer valid', async () => {
    serve({ previewAnswer: invalidToken });
    renderPage(i18n);
    expect((await screen.findByTestId('invitation-invalid')).textContent).toContain('This invitation is no longer valid');
  });
});
