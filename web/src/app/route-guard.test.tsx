// @vitest-environment jsdom
// The guard in the app: a loader while the session hydrates, then each visitor
// on the pages the rules allow them.
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { endSession, hydrateSession, logout, resetSessionForTests } from '@/lib/session';
import { testI18n } from '@/testing/i18n';
import { operatorUser, partnerUser as partner } from '@/testing/users';
import { RouteGuard } from './route-guard';

const i18n = testI18n('fr');

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string) {
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <RouteGuard>
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </RouteGuard>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('RouteGuard', () => {
  afterEach(() => {
    cleanup();
    resetSessionForTests();
  });

  it('shows a loader until whoami answers', async () => {
    renderAt('/dashboard/partenaire');
    expect(screen.getByRole('status').textContent).toBe('Chargement…');
    expect(screen.queryByTestId('where')).toBeNull();
    await act(() => hydrateSession(async () => partner));
    expect(screen.getByTestId('where').textContent).toBe('/dashboard/partenaire');
  });

  it('sends an anonymous visitor to login with the way back', async () => {
    renderAt('/dashboard/candidate/langues?tab=1');
    await act(() => hydrateSession(() => Promise.reject(new Error('401'))));
    expect(screen.getByTestId('where').textContent).toBe('/login?redirect=%2Fdashboard%2Fcandidate%2Flangues%3Ftab%3D1');
  });

  it('sends a partner out of the candidate area to their own dashboard', async () => {
    renderAt('/dashboard/candidate');
    await act(() => hydrateSession(async () => partner));
    expect(screen.getByTestId('where').textContent).toBe('/dashboard/partenaire');
  });

  it('keeps the operator area to operators, and sends an operator from any other area to the approval queue', async () => {
    renderAt('/admin/journal');
    await act(() => hydrateSession(async () => partner));
    expect(screen.getByTestId('where').textContent).toBe('/dashboard/partenaire');
    cleanup();
    resetSessionForTests();
    renderAt('/dashboard/partenaire/sourcing');
    await act(() => hydrateSession(async () => operatorUser));
    expect(screen.getByTestId('where').textContent).toBe('/admin');
  });

  it('sends the user home, not to login, when they chose to log out', async () => {
    renderAt('/dashboard/partenaire');
    await act(() => hydrateSession(async () => partner));
    act(() => endSession());
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('sends the user to login as soon as the session is lost on a protected page', async () => {
    renderAt('/dashboard/partenaire/sourcing');
    await act(() => hydrateSession(async () => partner));
    act(() => logout());
    expect(screen.getByTestId('where').textContent).toBe('/login?redirect=%2Fdashboard%2Fpartenaire%2Fsourcing');
  });
});

describe('RouteGuard during a transition', () => {
  afterEach(() => {
    cleanup();
    resetSessionForTests();
  });

  it('does not show a page being left that the session no longer allows', async () => {
    const leaving = { pathname: '/dashboard/partenaire', search: '', hash: '', state: null, key: 'old' };
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/']}>
          <RouteGuard displayed={leaving}>
            <p data-testid="page">page</p>
          </RouteGuard>
        </MemoryRouter>
      </I18nextProvider>,
    );
    await act(() => hydrateSession(() => Promise.reject(new Error('401'))));
    expect(screen.queryByTestId('page')).toBeNull();
    expect(screen.getByRole('status')).toBeTruthy();
  });
});
