// @vitest-environment jsdom
// The institution requests: accepting sends the name the operator checked
// (the requested one to start with), refusing asks first, and a request
// someone else already handled says so.
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissAllToasts, getToasts } from '@/lib/toasts';
import { jsonResponse, type RecordedCall, stubRecordingServer } from '@/testing/fetch';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { InstitutionRequestsPage } from './institution-requests-page';

const i18n = testI18n('en');
configure({ asyncUtilTimeout: 4000 });

const request = { id: 5, name: 'Universite de Lyon 3', email: 'scol@lyon.test', requested_by: 'IAE Lyon', created_at: '2026-02-01T10:00:00Z' };
let calls: RecordedCall[];
let resolveAnswer: () => Response;

beforeEach(() => {
  resolveAnswer = () => jsonResponse(201, { id: 90, name: 'Université de Lyon 3', slug: 'universite-de-lyon-3' });
  calls = stubRecordingServer(({ method }) => {
    if (method === 'POST') return resolveAnswer();
    if (method === 'DELETE') return new Response(null, { status: 204 });
    return jsonResponse(200, { requests: [request] });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  dismissAllToasts();
});

describe('InstitutionRequestsPage', () => {
  it('shows who asked for what', async () => {
    renderWithProviders(<InstitutionRequestsPage />, { i18n });
    const row = await screen.findByTestId('institution-request');
    expect(within(row).getByRole('heading', { name: 'Universite de Lyon 3' })).toBeTruthy();
    expect(row.textContent).toContain('requested by IAE Lyon · scol@lyon.test · on Feb 1, 2026');
  });

  it('accepts under the name the operator fixed', async () => {
    renderWithProviders(<InstitutionRequestsPage />, { i18n });
    fireEvent.click(await screen.findByRole('button', { name: 'Add the institution Universite de Lyon 3' }));
    const dialog = await screen.findByTestId('accept-dialog');
    const name = within(dialog).getByLabelText('Institution name');
    expect((name as HTMLInputElement).value).toBe('Universite de Lyon 3');
    fireEvent.change(name, { target: { value: ' Université de Lyon 3 ' } });
    fireEvent.click(within(dialog).getByTestId('accept-submit'));
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Université de Lyon 3' }));
    expect(calls.find((call) => call.method === 'POST')?.url).toBe('/api/api/admin/institution-requests/5/acceptance');
    await waitFor(() => expect(getToasts().map((toast) => toast.message)).toContain('Institution “Université de Lyon 3” added.'));
  });

  it('says when the request was already handled', async () => {
    resolveAnswer = () => jsonResponse(409, { code: 'request_resolved', message: 'resolved' });
    renderWithProviders(<InstitutionRequestsPage />, { i18n });
    fireEvent.click(await screen.findByRole('button', { name: 'Add the institution Universite de Lyon 3' }));
    const dialog = await screen.findByTestId('accept-dialog');
    fireEvent.click(within(dialog).getByTestId('accept-submit'));
    expect((await within(dialog).findByTestId('accept-error')).textContent).toBe('This request has already been handled.');
  });

  it('refuses only after the confirmation', async () => {
    renderWithProviders(<InstitutionRequestsPage />, { i18n });
    fireEvent.click(await screen.findByRole('button', { name: 'Refuse the request Universite de Lyon 3' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    const confirm = await screen.findByTestId('confirm-dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'DELETE')?.url).toBe('/api/api/admin/institution-requests/5'));
  });
});
