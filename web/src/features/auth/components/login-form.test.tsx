// @vitest-environment jsdom
// The login form: it checks the fields, shows the server's reason for a
// refusal in the user's language, and goes back to the page that asked for a
// session when that page is the user's. It also emails a login link to the
// address typed, with a confirmation that never says whether it has an account.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession, resetSessionForTests } from '@/lib/session';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { LoginForm } from './login-form';

const i18n = testI18n('en');
const frenchI18n = testI18n('fr');

const candidate = {
  id: 1000, email: 'candidat@vivier.demo', firstname: 'Camille', lastname: 'Martin', discriminator: 'candidate',
  isCandidate: true, isSchool: false, isPartner: false,
};

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })));
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderLogin(path = '/login', language = i18n) {
  renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginForm />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { i18n: language, path },
  );
}

function submit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email address'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginForm', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    resetSessionForTests();
  });

  it('checks the fields before calling the server', async () => {
    answer(200, candidate);
    renderLogin();
    submit('not-an-email', '');
    expect(await screen.findByText(/Enter a valid email address/)).toBeTruthy();
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says the email is not validated yet', async () => {
    answer(403, { code: 'email_not_validated', message: 'email not validated' });
    renderLogin();
    submit('candidat@vivier.demo', 'Vivier-demo-2026');
    expect((await screen.findByTestId('login-error')).textContent).toBe(
      'Your email address is not validated yet. Click the link in the sign-up email.',
    );
  });

  it('says the account is suspended', async () => {
    answer(403, { code: 'account_suspended', message: 'account suspended' });
    renderLogin();
    submit('partenaire@vivier.demo', 'Vivier-demo-2026');
    expect((await screen.findByTestId('login-error')).textContent).toBe(
      'This account is suspended. Contact our team to find out more.',
    );
  });

  it('takes an operator to the approval queue', async () => {
    answer(200, { ...candidate, id: 2, email: 'operateur@vivier.demo', discriminator: 'operator', isCandidate: false, isOperator: true });
    renderLogin();
    submit('operateur@vivier.demo', 'Vivier-demo-2026');
    expect((await screen.findByTestId('where')).textContent).toBe('/admin');
  });

  it('says how long to wait when rate limited', async () => {
    answer(429, { code: 'too_many_requests', message: 'slow down' }, { 'retry-after': '90' });
    renderLogin();
    submit('candidat@vivier.demo', 'Vivier-demo-2026');
    expect((await screen.findByTestId('login-error')).textContent).toBe('Too many attempts. Try again in 2 minutes.');
  });

  it('logs in and goes back to the page that asked, with remember me sent', async () => {
    answer(200, candidate);
    renderLogin('/login?redirect=%2Fdashboard%2Fcandidate%2Flangues');
    fireEvent.click(screen.getByLabelText('Keep me logged in for 30 days'));
    submit('candidat@vivier.demo', 'Vivier-demo-2026');
    expect((await screen.findByTestId('where')).textContent).toBe('/dashboard/candidate/langues');
    expect(getSession().user?.id).toBe(1000);
    const [url, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(url).toBe('/api/api/auth/login');
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'candidat@vivier.demo', password: 'Vivier-demo-2026', remember: true });
  });

  it('goes to the dashboard instead of a page outside the user area', async () => {
    answer(200, candidate);
    renderLogin('/login?redirect=%2Fdashboard%2Fecole');
    submit('candidat@vivier.demo', 'Vivier-demo-2026');
    expect((await screen.findByTestId('where')).textContent).toBe('/dashboard/candidate');
  });

  describe('login link', () => {
    const requestLink = () => fireEvent.click(screen.getByRole('button', { name: 'Email me a login link' }));

    it('checks the address first, and asks for no password', async () => {
      answer(204, null);
      renderLogin();
      requestLink();
      expect(await screen.findByText('This field is required.')).toBeTruthy();
      expect(document.activeElement).toBe(screen.getByLabelText('Email address'));
      expect(fetch).not.toHaveBeenCalled();
    });

    it('sends the typed address and confirms without saying whether it has an account', async () => {
      vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
      renderLogin();
      fireEvent.change(screen.getByLabelText('Email address'), { target: { value: ' candidat@vivier.demo ' } });
      requestLink();
      const sent = await screen.findByTestId('login-link-sent');
      expect(sent.textContent).toBe('If an account exists for this address, a login link has just been sent to it. It is valid for 15 minutes.');
      expect(sent.getAttribute('role')).toBe('status');
      expect(sent.parentElement?.getAttribute('aria-live')).toBe('polite');
      const [url, init] = vi.mocked(fetch).mock.calls[0] ?? [];
      expect(url).toBe('/api/api/auth/login-links');
      expect(JSON.parse(String(init?.body))).toEqual({ email: 'candidat@vivier.demo' });
      expect(screen.queryByText('This field is required.')).toBeNull();
    });

    it('says how long to wait when rate limited', async () => {
      answer(429, { code: 'too_many_requests', message: 'slow down' }, { 'retry-after': '600' });
      renderLogin();
      fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'candidat@vivier.demo' } });
      requestLink();
      expect((await screen.findByTestId('login-link-error')).textContent).toBe('Too many attempts. Try again in 10 minutes.');
      expect(screen.queryByTestId('login-link-sent')).toBeNull();
    });

    it('is offered in French', async () => {
      renderLogin('/login', frenchI18n);
      expect(await screen.findByRole('button', { name: 'Recevoir un lien de connexion' })).toBeTruthy();
    });
  });
});
