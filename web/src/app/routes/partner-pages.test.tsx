// @vitest-environment jsdom
// A partner whose account waits for approval: the sourcing page says so
// instead of searching, unless a school works with them (they then source
// among its students already), and the dashboard's lists, refused by the
// server, say so instead of "could not load". An approved partner sees the
// colleagues who wait for approval, and may accept them.
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetSessionForTests, setSessionUser } from '@/lib/session';
import { dismissAllToasts, getToasts } from '@/lib/toasts';
import { jsonResponse } from '@/testing/fetch';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { partnerUser, pendingPartnerUser, schoolScopedPartnerUser } from '@/testing/users';
import { PartnerDashboardPage, PartnerSourcingPage } from './partner-pages';

vi.mock('@/features/sourcing/components/map/sourcing-map', () => ({ default: () => <div data-testid="sourcing-map" /> }));

const i18n = testI18n('en');
configure({ asyncUtilTimeout: 4000 });

const pending = () => jsonResponse(403, { code: 'account_pending', message: 'the account waits for approval' });
const colleague = { id: 31, firstname: 'Léa', lastname: 'Morel', email: 'lea@vivier.demo', role: 'Recruiter', created_at: '2026-03-01T08:00:00Z' };

function stubServer(answer: (path: string, method: string) => Response | undefined) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const path = String(url).split('?')[0] ?? '';
    return answer(path, init?.method ?? 'GET') ?? (path === '/api/api/contact-requests' ? jsonResponse(200, { requests: [] }) : jsonResponse(200, []));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetSessionForTests();
  dismissAllToasts();
});

describe('a partner waiting for approval', () => {
  it('gets the pending state on the sourcing page, and no search is sent', async () => {
    setSessionUser(pendingPartnerUser);
    const fetch = stubServer(() => pending());
    renderWithProviders(<PartnerSourcingPage />, { i18n, path: '/dashboard/partenaire/sourcing' });
    const page = await screen.findByTestId('sourcing-standing');
    expect(within(page).getByRole('heading', { level: 1 })).toBeTruthy();
    expect(within(page).getByTestId('standing-notice-pending').textContent).toContain('as soon as our team has approved your account');
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/sourcing/searchs'))).toBe(false);
  });

  it('reaches the sourcing workspace when a school invited them', async () => {
    setSessionUser(schoolScopedPartnerUser);
    stubServer((path) => (path === '/api/config' ? jsonResponse(200, {}) : undefined));
    renderWithProviders(<PartnerSourcingPage />, { i18n, path: '/dashboard/partenaire/sourcing' });
    expect(await screen.findByTestId('sourcing-page')).toBeTruthy();
    expect(screen.queryByTestId('sourcing-standing')).toBeNull();
  });

  it('keeps the standing page for a refused partner, even one a school worked with', async () => {
    setSessionUser({ ...schoolScopedPartnerUser, standing: 'refused' });
    stubServer(() => pending());
    renderWithProviders(<PartnerSourcingPage />, { i18n, path: '/dashboard/partenaire/sourcing' });
    expect(await screen.findByTestId('sourcing-standing')).toBeTruthy();
  });

  it("sees the dashboard's lists say the account waits, without a toast or a colleague card", async () => {
    setSessionUser(pendingPartnerUser);
    const fetch = stubServer(() => pending());
    renderWithProviders(<PartnerDashboardPage />, { i18n, path: '/dashboard/partenaire' });
    expect(await screen.findByTestId('saved-searches-standing')).toBeTruthy();
    expect(await screen.findByTestId('offers-standing')).toBeTruthy();
    expect(await screen.findByTestId('sent-requests-standing')).toBeTruthy();
    expect(screen.queryByTestId('colleague-requests')).toBeNull();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('colleague-requests'))).toBe(false);
    expect(getToasts()).toEqual([]);
  });
});

describe('the colleagues waiting, for an approved partner', () => {
  it('are listed with Accept, which lets one in', async () => {
    setSessionUser(partnerUser);
    let accepted = false;
    const fetch = stubServer((path, method) => {
      if (path === '/api/api/partner/colleague-requests') return jsonResponse(200, { requests: accepted ? [] : [colleague] });
      if (path === '/api/api/partner/colleague-requests/31/acceptance' && method === 'POST') {
        accepted = true;
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    renderWithProviders(<PartnerDashboardPage />, { i18n, path: '/dashboard/partenaire' });
    const card = await screen.findByTestId('colleague-requests');
    expect(within(card).getByTestId('colleague-request').textContent).toContain('Léa Morel');
    expect(within(card).getByTestId('colleague-request').textContent).toContain('Recruiter · lea@vivier.demo · signed up on Mar 1, 2026');
    fireEvent.click(within(card).getByRole('button', { name: 'Accept Léa Morel as a colleague' }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url, init]) => String(url).endsWith('/colleague-requests/31/acceptance') && init?.method === 'POST')).toBe(true),
    );
    await waitFor(() => expect(getToasts().map((toast) => toast.message)).toContain('Léa Morel joined your company.'));
    // Nobody waits any more: the card goes.
    await waitFor(() => expect(screen.queryByTestId('colleague-requests')).toBeNull());
  });

  it('are not shown when nobody waits', async () => {
    setSessionUser(partnerUser);
    stubServer((path) => (path === '/api/api/partner/colleague-requests' ? jsonResponse(200, { requests: [] }) : undefined));
    renderWithProviders(<PartnerDashboardPage />, { i18n, path: '/dashboard/partenaire' });
    await screen.findByTestId('saved-searches-empty');
    expect(await screen.findByTestId('sent-requests-empty')).toBeTruthy();
    expect(screen.queryByTestId('colleague-requests')).toBeNull();
  });
});
