// @vitest-environment jsdom
// Renaming a saved search: the name is checked before it is sent, the server's
// own refusal goes beside the field, and a good name is sent trimmed; deleting
// asks first.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '@/testing/i18n';
import { jsonResponse } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';
import { SavedSearchActions } from './saved-search-actions';

const i18n = testI18n('en');
let calls: { method: string; url: string; body: unknown }[];
let patchAnswer: () => Response;

function renderActions() {
  renderWithProviders(<SavedSearchActions id={7} name="Développeurs · Lyon" />, { i18n, router: false });
}

describe('SavedSearchActions', () => {
  beforeEach(() => {
    calls = [];
    patchAnswer = () => new Response(null, { status: 204 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        calls.push({ method, url: String(url), body: init?.body ? JSON.parse(String(init.body)) : null });
        if (method === 'PATCH') return patchAnswer();
        return method === 'DELETE' ? new Response(null, { status: 204 }) : jsonResponse(200, []);
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('refuses a blank name without asking the server, then sends a good one trimmed', async () => {
    renderActions();
    fireEvent.click(screen.getByTestId('rename-search'));
    const field = screen.getByLabelText('Search name');
    expect((field as HTMLInputElement).value).toBe('Développeurs · Lyon');
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/required|fill/i);
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);

    fireEvent.change(field, { target: { value: '  Stage été  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ name: 'Stage été' }));
    expect(calls.find((call) => call.method === 'PATCH')?.url).toContain('/api/api/sourcing/searchs/7');
  });

  it('shows the server refusal beside the field', async () => {
    patchAnswer = () => jsonResponse(422, { code: 'validation_failed', message: 'validation failed', errors: { name: ['too_long'] } });
    renderActions();
    fireEvent.click(screen.getByTestId('rename-search'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const field = screen.getByLabelText('Search name');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
  });

  it('deletes only after the confirmation', async () => {
    renderActions();
    fireEvent.click(screen.getByTestId('delete-search'));
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    const confirm = await screen.findByTestId('confirm-dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.url.endsWith('/searchs/7'))).toBe(true));
  });
});
