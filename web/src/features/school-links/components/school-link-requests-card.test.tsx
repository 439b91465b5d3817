// @vitest-environment jsdom
// The partner's school link requests: each school with since when, what
// accepting means, Accept (POST .../acceptance) and Refuse (DELETE), each named
// after its school for a screen reader; the card is not there while the list
// loads or when it is empty, and says so when it could not be loaded.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissAllToasts, getToasts } from '@/lib/toasts';
import { jsonResponse } from '@/testing/fetch';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { SchoolLinkRequestsCard } from './school-link-requests-card';

const i18n = testI18n('fr');

type Call = { method: string; path: string };

/** A server holding `schools` as the pending requests; an answer removes one. */
function serve(schools: { id: number; school: string; created_at: string }[], { failList = false } = {}) {
  let pending = [...schools];
  let failing = failList;
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url);
      const method = (init?.method ?? 'GET').toUpperCase();
      calls.push({ method, path });
      if (method === 'GET') {
        if (failing) {
          failing = false;
          return jsonResponse(500, { code: 'internal_error', message: 'boom' });
        }
        return jsonResponse(200, { requests: pending });
      }
      const id = Number(path.match(/school-links\/(\d+)/)?.[1]);
      pending = pending.filter((request) => request.id !== id);
      return new Response(null, { status: 204 });
    }),
  );
  return calls;
}

const requests = [
  { id: 4, school: 'IUT Lyon 1', created_at: '2025-11-20T09:30:00Z' },
  { id: 9, school: 'École Centrale', created_at: '2025-11-24T16:00:00Z' },
];

async function renderIn(language: 'fr' | 'en') {
  await act(() => i18n.changeLanguage(language));
  return renderWithProviders(<SchoolLinkRequestsCard />, { i18n });
}

describe('SchoolLinkRequestsCard', () => {
  afterEach(() => {
    cleanup();
    dismissAllToasts();
    vi.unstubAllGlobals();
  });

  it('lists each school with since when and what accepting means', async () => {
    serve(requests);
    await renderIn('fr');

    const rows = await screen.findAllByTestId('school-link-request');
    expect(rows.map((row) => within(row).getByText(/IUT|École/).textContent)).toEqual(['IUT Lyon 1', 'École Centrale']);
    expect(within(rows[0]!).getByText('Demande reçue le 20 nov. 2025')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Demandes de liaison des écoles' })).toBeTruthy();
    expect(screen.getByText(/^Accepter permet à vos recherches de trouver les étudiants de cette école/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Accepter la demande d’École Centrale' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refuser la demande d’IUT Lyon 1' })).toBeTruthy();
  });

  it('accepts a request, says so and keeps the keyboard in the card', async () => {
    const calls = serve(requests);
    await renderIn('en');

    fireEvent.click(await screen.findByRole('button', { name: 'Accept the request from IUT Lyon 1' }));

    await waitFor(() => expect(screen.getAllByTestId('school-link-request')).toHaveLength(1));
    expect(calls).toContainEqual({ method: 'POST', path: '/api/api/partner/school-links/4/acceptance' });
    expect(getToasts().map((toast) => toast.message)).toContain('You are now a partner of IUT Lyon 1.');
    expect(document.activeElement?.textContent).toBe('School link requests');
  });

  it('refuses a request, and goes away with the last one', async () => {
    const calls = serve(requests.slice(0, 1));
    await renderIn('en');

    fireEvent.click(await screen.findByRole('button', { name: 'Refuse the request from IUT Lyon 1' }));

    await waitFor(() => expect(screen.queryByTestId('school-links')).toBeNull());
    expect(calls).toContainEqual({ method: 'DELETE', path: '/api/api/partner/school-links/4' });
    expect(getToasts().map((toast) => toast.message)).toContain('Request from IUT Lyon 1 refused.');
  });

  it('is not there when no school asks', async () => {
    const calls = serve([]);
    await renderIn('fr');

    await waitFor(() => expect(calls).toHaveLength(1));
    await act(() => Promise.resolve());
    expect(screen.queryByTestId('school-links')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says the requests could not be loaded, and asks again on Retry', async () => {
    serve(requests, { failList: true });
    await renderIn('en');

    const error = await screen.findByTestId('school-links-error');
    expect(error.textContent).toContain('The school requests could not be loaded.');
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('school-link-request')).toHaveLength(2);
  });
});
