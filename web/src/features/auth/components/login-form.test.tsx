// @vitest-environment jsdom
// The login form: it checks the fields, shows the server's reason for a
// refusal in the user's language, and goes back to the page that asked for a
// session when that page is the user's.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession, resetSessionForTests } from '@/lib/session';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { LoginForm } from './login-form';

const i18n = testI18n('en');

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

function renderLogin(path = '/login') {
  renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginForm />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { i18n, path },
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
});
