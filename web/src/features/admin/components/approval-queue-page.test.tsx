// @vitest-environment jsdom
// The approval queue: each pending account with what the operator checks,
// Approve at once, Refuse only with a reason (checked before it is sent), the
// server's refusal said in the dialog in the operator's language, and the
// states of an empty or failed list.
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissAllToasts, getToasts } from '@/lib/toasts';
import { accountRow } from '@/testing/account-rows';
import { jsonResponse, type RecordedCall, stubRecordingServer } from '@/testing/fetch';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import type { AdminAccount } from '../api/admin-types';
import { ApprovalQueuePage } from './approval-queue-page';

const i18n = testI18n('en');
const french = testI18n('fr');
configure({ asyncUtilTimeout: 4000 });

const acme: AdminAccount = {
  id: 41, role: 'partner', email: 'ines@acme.test', firstname: 'Inès', lastname: 'Roux', organisation: 'Acme',
  joins_existing_company: true, standing: 'pending', standing_reason: null, email_validated: true, created_at: '2026-03-02T09:30:00Z',
};
const school: AdminAccount = {
  ...acme, id: 42, role: 'school', email: 'direction@lycee.test', firstname: 'Paul', lastname: 'Morel', organisation: 'Lycée Ampère',
  joins_existing_company: false, email_validated: false, created_at: '2026-03-04T09:30:00Z',
};

let calls: RecordedCall[];
let listAnswer: () => Response;
let putAnswer: () => Response;

beforeEach(() => {
  listAnswer = () => jsonResponse(200, { total: 2, accounts: [acme, school] });
  putAnswer = () => jsonResponse(200, { ...acme, standing: 'approved' });
  calls = stubRecordingServer(({ method }) => (method === 'PUT' ? putAnswer() : listAnswer()));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  dismissAllToasts();
});


describe('ApprovalQueuePage', () => {
  it('asks for the pending accounts and shows what the operator checks', async () => {
    renderWithProviders(<ApprovalQueuePage />, { i18n });
    const row = await accountRow('ines@acme.test');
    expect(calls[0]?.url).toBe('/api/api/admin/accounts?standing=pending&page=1&per_page=50');
    expect(within(row).getByRole('heading', { name: 'Acme' })).toBeTruthy();
    expect(row.textContent).toContain('Inès Roux · ines@acme.test');
    expect(row.textContent).toContain('Company · signed up on Mar 2, 2026');
    expect(within(row).getByTestId('email-validated').textContent).toBe('Email validated');
    expect(within(row).getByTestId('joins-company').textContent).toBe('Joins an existing company');
    const other = await accountRow('direction@lycee.test');
    expect(within(other).getByTestId('email-validated').textContent).toBe('Email not validated');
    expect(within(other).queryByTestId('joins-company')).toBeNull();
    expect(screen.getByTestId('approval-queue-count').textContent).toBe('2 accounts waiting');
  });

  it('approves at once and says so', async () => {
    renderWithProviders(<ApprovalQueuePage />, { i18n });
    const row = await accountRow('ines@acme.test');
    fireEvent.click(within(row).getByRole('button', { name: 'Approve the account of Inès Roux (Acme)' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')).toBeTruthy());
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url).toBe('/api/api/admin/accounts/41/standing');
    expect(put?.body).toEqual({ standing: 'approved' });
    await waitFor(() => expect(getToasts().map((toast) => toast.message)).toContain('Account of Inès Roux (Acme) approved.'));
  });

  it('refuses only with a reason, checked before it is sent, and sends it trimmed', async () => {
    renderWithProviders(<ApprovalQueuePage />, { i18n });
    const row = await accountRow('ines@acme.test');
    fireEvent.click(within(row).getByTestId('account-refuse'));
    const dialog = await screen.findByTestId('reason-dialog');
    expect(within(dialog).getByRole('heading', { name: 'Refuse the sign-up of Inès Roux (Acme)' })).toBeTruthy();
    const reason = within(dialog).getByLabelText('Reason (sent by email)');
    expect(document.activeElement).toBe(reason);

    fireEvent.change(reason, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByTestId('reason-submit'));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    fireEvent.change(reason, { target: { value: '  Not a recruiting company.  ' } });
    fireEvent.click(within(dialog).getByTestId('reason-submit'));
    await waitFor(() => expect(screen.queryByTestId('reason-dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ standing: 'refused', reason: 'Not a recruiting company.' });
  });

  it("says in the dialog, in the operator's language, why the server refused", async () => {
    putAnswer = () => jsonResponse(409, { code: 'standing_transition_not_allowed', message: 'not allowed' });
    renderWithProviders(<ApprovalQueuePage />, { i18n });
    fireEvent.click(within(await accountRow('ines@acme.test')).getByTestId('account-refuse'));
    const dialog = await screen.findByTestId('reason-dialog');
    fireEvent.change(within(dialog).getByLabelText('Reason (sent by email)'), { target: { value: 'Duplicate' } });
    fireEvent.click(within(dialog).getByTestId('reason-submit'));
    expect((await within(dialog).findByTestId('reason-error')).textContent).toBe(
      'This change is not possible from the account’s current state.',
    );
  });

  it('puts a 422 on the reason beside the field', async () => {
    putAnswer = () => jsonResponse(422, { code: 'validation_failed', message: 'invalid', errors: { reason: ['too_long'] } });
    renderWithProviders(<ApprovalQueuePage />, { i18n });
    fireEvent.click(within(await accountRow('ines@acme.test')).getByTestId('account-refuse'));
    const dialog = await screen.findByTestId('reason-dialog');
    fireEvent.change(within(dialog).getByLabelText('Reason (sent by email)'), { target: { value: 'Duplicate' } });
    fireEvent.click(within(dialog).getByTestId('reason-submit'));
    expect(await within(dialog).findByText('This text is too long.')).toBeTruthy();
  });

  it('names the account the French way, with the elision of "de"', async () => {
    renderWithProviders(<ApprovalQueuePage />, { i18n: french });
    const row = await accountRow('ines@acme.test');
    expect(within(row).getByRole('button', { name: 'Valider le compte d’Inès Roux (Acme)' })).toBeTruthy();
    expect(within(row).getByTestId('email-validated').textContent).toBe('E-mail validé');
    expect(row.textContent).toContain('Entreprise · inscription du 2 mars 2026');
  });

  it('says when nobody waits', async () => {
    listAnswer = () => jsonResponse(200, { total: 0, accounts: [] });
    renderWithProviders(<ApprovalQueuePage />, { i18n });
    expect((await screen.findByTestId('approval-queue-empty')).textContent).toContain('No account waiting');
  });

  it('says when the list could not be loaded, with Retry', async () => {
    listAnswer = () => jsonResponse(500, { code: 'internal_error', message: 'boom' });
    renderWithProviders(<ApprovalQueuePage />, { i18n });
    expect(await screen.findByTestId('approval-queue-error')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
