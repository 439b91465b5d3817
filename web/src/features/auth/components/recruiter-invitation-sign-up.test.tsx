// @vitest-environment jsdom
// The page of a school's invitation link for a recruiter: which school
// invites them, the invited address read-only, their names as the school
// typed them (editable), their company and job title, the password (with the
// policy, checked against the invited address), its confirmation and the
// consent; the partner account created and logged in, on to the partner
// dashboard. A link refused (missing, unknown, answered, withdrawn, expired)
// says the invitation is no longer valid; an address with an account is told
// to log in; the page says while it reads the invitation, and offers to try
// again when it could not.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession, resetSessionForTests } from '@/lib/session';
import { jsonResponse } from '@/testing/fetch';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { schoolScopedPartnerUser } from '@/testing/users';
import { RecruiterInvitationSignUp } from './recruiter-invitation-sign-up';

afterEach(() => {
  cleanup();
  resetSessionForTests();
  vi.unstubAllGlobals();
});

const preview = { firstname: 'Léa', lastname: 'Morel', email: 'lea.morel@acme.fr', school: 'IUT Lyon 1' };
const password = 'Confluence-2026';

type Answer = { status: number; body?: unknown };

/** The server: the preview of token `abc` (or `previewAnswer`), and `accountAnswer` to the account's creation. */
function serve({
  previewAnswer = { status: 200, body: preview },
  accountAnswer = { status: 201, body: schoolScopedPartnerUser },
}: { previewAnswer?: Answer; accountAnswer?: Answer } = {}) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const path = String(url);
    if (path === '/api/api/recruiter-invitations/abc' && (init?.method ?? 'GET') === 'GET') return jsonResponse(previewAnswer.status, previewAnswer.body);
    if (path === '/api/api/recruiter-invitations/abc/account' && init?.method === 'POST') return jsonResponse(accountAnswer.status, accountAnswer.body);
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
      <Route path="/inscription/recruteur" element={<RecruiterInvitationSignUp />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { i18n, path: `/inscription/recruteur${search}` },
  );
}

const invalidToken = { status: 400, body: { code: 'invalid_token', message: '', errors: {} } };
const sentBody = (fetch: ReturnType<typeof serve>) => {
  const sent = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
  return sent ? (JSON.parse(String(sent[1]?.body)) as unknown) : undefined;
};

/** Names the company, fills a good password, accepts the terms and sends the form. */
async function fillAndSend({ company = 'Acme Logistique', role = '' } = {}) {
  await screen.findByTestId('recruiter-invitation-sign-up');
  fireEvent.change(screen.getByLabelText(/^Entreprise/), { target: { value: company } });
  fireEvent.change(screen.getByLabelText(/^Poste/), { target: { value: role } });
  fireEvent.change(screen.getByLabelText(/^Mot de passe/), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(/^Confirmation/), { target: { value: password } });
  fireEvent.click(screen.getByRole('checkbox'));
  fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte recruteur' }));
}

describe('the recruiter invitation page in French', () => {
  const i18n = testI18n('fr');

  it('says while it reads the invitation, then shows which school invites whom', async () => {
    serve();
    renderPage(i18n);
    expect(screen.getByTestId('recruiter-invitation-loading').textContent).toContain('Lecture de l’invitation…');

    expect(await screen.findByRole('heading', { level: 1, name: 'IUT Lyon 1 vous invite à trouver ses étudiants sur Vivier' })).toBeDefined();
    expect(screen.getByText(/vous trouvez aussitôt les étudiants d’IUT Lyon 1, et les autres étudiants dès que Vivier aura validé votre entreprise/)).toBeDefined();
    const email = screen.getByLabelText(/^Adresse e-mail/) as HTMLInputElement;
    expect(email.value).toBe('lea.morel@acme.fr');
    expect(email.readOnly).toBe(true);
    const firstname = screen.getByLabelText(/^Prénom/) as HTMLInputElement;
    expect(firstname.value).toBe('Léa');
    expect(firstname.readOnly).toBe(false);
    expect((screen.getByLabelText(/^Nom/) as HTMLInputElement).value).toBe('Morel');
  });

  it('checks the company, the password, its confirmation and the consent before sending', async () => {
    const fetch = serve();
    renderPage(i18n);
    await screen.findByTestId('recruiter-invitation-sign-up');
    fireEvent.change(screen.getByLabelText(/^Prénom/), { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText(/^Mot de passe/), { target: { value: 'lea.morel-2026' } });
    fireEvent.change(screen.getByLabelText(/^Confirmation/), { target: { value: 'autre' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte recruteur' }));

    expect(await screen.findByText('Les deux mots de passe ne sont pas identiques.')).toBeDefined();
    expect(screen.getByText('Vous devez accepter les conditions d’utilisation pour continuer.')).toBeDefined();
    expect(screen.getByLabelText(/^Entreprise/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/^Prénom/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/^Poste/).getAttribute('aria-invalid')).toBeNull();
    // the password contains the invited address's local part
    expect(screen.getByLabelText(/^Mot de passe/).getAttribute('aria-invalid')).toBe('true');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('creates the account with the corrected names, logs in and goes to the partner dashboard', async () => {
    const fetch = serve();
    renderPage(i18n);
    await screen.findByTestId('recruiter-invitation-sign-up');
    fireEvent.change(screen.getByLabelText(/^Prénom/), { target: { value: 'Léa-Marie ' } });
    await fillAndSend({ company: ' Acme Logistique ', role: 'Chargée de recrutement' });

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard/partenaire'));
    expect(getSession().user?.email).toBe(schoolScopedPartnerUser.email);
    expect(sentBody(fetch)).toEqual({
      password,
      consent: true,
      locale: 'fr',
      company: 'Acme Logistique',
      role: 'Chargée de recrutement',
      firstname: 'Léa-Marie',
      lastname: 'Morel',
    });
  });

  it('sends no job title when it is left blank', async () => {
    const fetch = serve();
    renderPage(i18n);
    await fillAndSend();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard/partenaire'));
    expect(sentBody(fetch)).toMatchObject({ company: 'Acme Logistique', role: null, firstname: 'Léa', lastname: 'Morel' });
  });

  it('says an account exists for the address, and to log in', async () => {
    serve({ accountAnswer: { status: 409, body: { code: 'email_taken', message: '', errors: {} } } });
    renderPage(i18n);
    await fillAndSend();

    const taken = await screen.findByTestId('recruiter-invitation-email-taken', {}, { timeout: 4000 });
    expect(taken.textContent).toContain('Un compte existe déjà pour cette adresse : connectez-vous, la demande de l’école vous attend sur votre tableau de bord.');
    expect(taken.querySelector('a')?.getAttribute('href')).toBe('/login');
    expect(getSession().user).toBeNull();
  });

  it('puts the server\'s refusal of a field beside it', async () => {
    serve({ accountAnswer: { status: 422, body: { code: 'validation_failed', message: '', errors: { company: ['too_long'] } } } });
    renderPage(i18n);
    await fillAndSend();
    await waitFor(() => expect(screen.getByLabelText(/^Entreprise/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.queryByTestId('recruiter-invitation-error')).toBeNull();
  });

  it('says the invitation is no longer valid when the server refuses the link', async () => {
    serve({ previewAnswer: invalidToken });
    renderPage(i18n);
    const invalid = await screen.findByTestId('recruiter-invitation-invalid');
    expect(invalid.textContent).toContain('Cette invitation n’est plus valable');
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/login');
  });

  it('says so without asking the server when the link has no token', () => {
    const fetch = serve();
    renderPage(i18n, '');
    expect(screen.getByTestId('recruiter-invitation-invalid')).toBeDefined();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says the invitation is no longer valid when it was closed while the page was open', async () => {
    serve({ accountAnswer: invalidToken });
    renderPage(i18n);
    await fillAndSend();
    expect(await screen.findByTestId('recruiter-invitation-invalid')).toBeDefined();
  });

  it('offers to try again when the invitation could not be read', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => (fail ? jsonResponse(500, { code: 'internal_error', message: '', errors: {} }) : jsonResponse(200, preview))),
    );
    renderPage(i18n);
    expect(await screen.findByTestId('recruiter-invitation-load-error')).toBeDefined();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'IUT Lyon 1 vous invite à trouver ses étudiants sur Vivier' })).toBeDefined();
  });
});

describe('the recruiter invitation page in English', () => {
  const i18n = testI18n('en');

  it('shows the invitation, creates the account and goes to the partner dashboard', async () => {
    const fetch = serve();
    renderPage(i18n);
    expect(await screen.findByRole('heading', { level: 1, name: 'IUT Lyon 1 invites you to find its students on Vivier' })).toBeDefined();
    expect(screen.getByText(/you find IUT Lyon 1's students at once, and other students once Vivier has approved your company/)).toBeDefined();
    fireEvent.change(screen.getByLabelText(/^Company/), { target: { value: 'Acme Logistique' } });
    fireEvent.change(screen.getByLabelText(/^Job title/), { target: { value: 'Recruiter' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
    fireEvent.change(screen.getByLabelText(/^Confirm/), { target: { value: password } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Create my recruiter account' }));

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard/partenaire'));
    expect(sentBody(fetch)).toMatchObject({ company: 'Acme Logistique', role: 'Recruiter', firstname: 'Léa', lastname: 'Morel' });
  });

  it('says an account exists for the address, and to log in', async () => {
    serve({ accountAnswer: { status: 409, body: { code: 'email_taken', message: '', errors: {} } } });
    renderPage(i18n);
    await screen.findByTestId('recruiter-invitation-sign-up');
    fireEvent.change(screen.getByLabelText(/^Company/), { target: { value: 'Acme Logistique' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
    fireEvent.change(screen.getByLabelText(/^Confirm/), { target: { value: password } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Create my recruiter account' }));
    expect((await screen.findByTestId('recruiter-invitation-email-taken', {}, { timeout: 4000 })).textContent).toContain(
      "An account exists for this address: log in, the school's request waits in your dashboard.",
    );
  });

  it('says the invitation is no longer valid', async () => {
    serve({ previewAnswer: invalidToken });
    renderPage(i18n);
    expect((await screen.findByTestId('recruiter-invitation-invalid')).textContent).toContain('This invitation is no longer valid');
  });
});
