// @vitest-environment jsdom
// The email preferences: one box per kind of email the server lists for the
// user's role, ticked as stored; flipping one saves it at once and the boxes
// show what the server answered.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '@/testing/i18n';
import { jsonResponse } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';
import { EmailPreferencesSection } from './email-preferences-section';

const i18n = testI18n('en');

describe('EmailPreferencesSection', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the stored switches and saves a flipped one', async () => {
    const calls: { method: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        const body = init?.body ? JSON.parse(String(init.body)) : undefined;
        calls.push({ method, body });
        const news = method === 'PUT' ? (body as { subscribed: boolean }).subscribed : false;
        return jsonResponse(200, { preferences: [{ type: 'news', subscribed: news }, { type: 'school', subscribed: true }] });
      }),
    );
    renderWithProviders(<EmailPreferencesSection />, { i18n, router: false });

    const news = (await screen.findByLabelText('Vivier news')) as HTMLInputElement;
    const school = screen.getByLabelText('Messages from my school') as HTMLInputElement;
    expect(news.checked).toBe(false);
    expect(school.checked).toBe(true);

    fireEvent.click(news);

    await waitFor(() => expect((screen.getByLabelText('Vivier news') as HTMLInputElement).checked).toBe(true));
    expect(calls.at(-1)).toEqual({ method: 'PUT', body: { type: 'news', subscribed: true } });
  });
});
