// @vitest-environment jsdom
// The accounts page: the filters go to the server (the text once typing
// pauses, each new search on its first page), each account shows its
// standing and reason, an approved account is suspended with a reason and a
// suspended one reinstated at once; operators have no actions.
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissAllToasts, getToasts } from '@/lib/toasts';
import { accountRow } from '@/testing/account-rows';
import { jsonResponse, type RecordedCall, stubRecordingServer } from '@/testing/fetch';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import type { AdminAccount } from '../api/admin-types';
import { AccountsPage } from './accounts-page';

const i18n = testI18n('en');
configure({ asyncUtilTimeout: 4000 });

const approved: AdminAccount = {
  id: 7, role: 'partner', email: 'partenaire@vivier.demo', firstname: 'Karim', lastname: 'Mansour', organisation: 'Vivier Demo',
  joins_existing_company: false, standing: 'approved', standing_reason: null, email_validated: true, created_at: '2026-01-10T08:00:00Z',
};
const suspended: AdminAccount = {
  ...approved, id: 8, email: 'ecole@vivier.demo', role: 'school', organisation: 'École Demo', firstname: 'Claire', lastname: 'Dubois',
  standing: 'suspended', standing_reason: 'Spam sent to candidates',
};
const operator: AdminAccount = {
  ...approved, id: 2, email: 'operateur@vivier.demo', role: 'operator', organisation: null, firstname: 'Olivia', lastname: 'Perrin',
};

let calls: RecordedCall[];

beforeEach(() => {
  calls = stubRecordingServer(({ method, body }) =>
    method === 'PUT'
      ? jsonResponse(200, { ...approved, standing: (body as { standing: string }).standing })
      : jsonResponse(200, { total: 120, accounts: [approved, suspended, operator] }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  dismissAllToasts();
});

const gets = () => calls.filter((call) => call.method === 'GET').map((call) => call.url);

describe('AccountsPage', () => {
  it('shows each account with its standing, its reason and the actions its standing allows', async () => {
    renderWithProviders(<AccountsPage />, { i18n });
    const active = await accountRow('partenaire@vivier.demo');
    expect(within(active).getByTestId('standing-badge').textContent).toBe('Approved');
    expect(within(active).getByTestId('account-suspend')).toBeTruthy();
    const away = await accountRow('ecole@vivier.demo');
    expect(within(away).getByTestId('standing-badge').textContent).toBe('Suspended');
    expect(away.textContent).toContain('Reason: Spam sent to candidates');
    expect(within(away).getByTestId('account-reinstate')).toBeTruthy();
    expect(within(await accountRow('operateur@vivier.demo')).queryByRole('button')).toBeNull();
    expect(screen.getByTestId('accounts-count').textContent).toBe('120 accounts');
  });

  it('sends the filters, the text once typing pauses, and starts a new search on its first page', async () => {
    renderWithProviders(<AccountsPage />, { i18n });
    await accountRow('partenaire@vivier.demo');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(gets()).toContain('/api/api/admin/accounts?page=2&per_page=50'));

    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'suspended' } });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'school' } });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: ' ecole ' } });
    await waitFor(() =>
      expect(gets()).toContain('/api/api/admin/accounts?q=ecole&role=school&standing=suspended&page=1&per_page=50'),
    );
  });

  it('suspends with a reason, and reinstates at once', async () => {
    renderWithProviders(<AccountsPage />, { i18n });
    fireEvent.click(within(await accountRow('partenaire@vivier.demo')).getByRole('button', { name: 'Suspend the account of Karim Mansour (Vivier Demo)' }));
    const dialog = await screen.findByTestId('reason-dialog');
    fireEvent.change(within(dialog).getByLabelText('Reason (sent by email)'), { target: { value: 'Fake offers' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT' && call.url.endsWith('/accounts/7/standing'))?.body).toEqual({
        standing: 'suspended',
        reason: 'Fake offers',
      }),
    );
    await waitFor(() => expect(getToasts().map((toast) => toast.message)).toContain('Account of Karim Mansour (Vivier Demo) suspended.'));

    fireEvent.click(within(await accountRow('ecole@vivier.demo')).getByTestId('account-reinstate'));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT' && call.url.endsWith('/accounts/8/standing'))?.body).toEqual({ standing: 'approved' }),
    );
  });

  it('closes the reason dialog on Cancel without sending anything', async () => {
    renderWithProviders(<AccountsPage />, { i18n });
    fireEvent.click(within(await accountRow('partenaire@vivier.demo')).getByTestId('account-suspend'));
    const dialog = await screen.findByTestId('reason-dialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('reason-dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });
});
