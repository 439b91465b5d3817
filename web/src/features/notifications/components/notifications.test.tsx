// @vitest-environment jsdom
// The bell says how many notifications are unread (in its accessible name too)
// and follows the server's live stream of that count; the notifications page lists them with their reason, marking one read
// through the API.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '@/testing/i18n';
import { jsonResponse } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';
import { NotificationBell } from './notification-bell';
import { NotificationsPage } from './notifications-page';

const i18n = testI18n('en');
let calls: { method: string; url: string }[];

const notification = {
  id: 12,
  search_id: 4,
  search_name: 'Lyon devs',
  candidate_id: 99,
  candidate_name: 'Léa Durand',
  reason: 'Score 78 · 3.2 km away, Lyon',
  score: 78,
  created_at: '2026-11-25T08:00:00Z',
  read: false,
};

function renderWith(children: ReactNode) {
  renderWithProviders(children, { i18n });
}

describe('notifications', () => {
  beforeEach(() => {
    calls = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        calls.push({ method, url: String(url) });
        if (method === 'POST') return new Response(null, { status: 204 });
        if (String(url).endsWith('/notifications/unread')) return jsonResponse(200, { unread: 3 });
        return jsonResponse(200, { unread: 1, notifications: [notification] });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the unread count on the bell and in its name', async () => {
    renderWith(<NotificationBell />);
    // the count arrives with the query; a loaded machine may take a few seconds
    const bell = await screen.findByRole('link', { name: 'Notifications: 3 unread' }, { timeout: 5000 });
    expect(bell.textContent).toContain('3');
    expect(bell.getAttribute('href')).toBe('/dashboard/partenaire/notifications');
  });

  it('follows the live stream: an event replaces the count, and the stream closes with the bell', async () => {
    const sources: FakeEventSource[] = [];
    class FakeEventSource {
      listeners = new Map<string, (event: MessageEvent<string>) => void>();
      closed = false;
      constructor(readonly url: string) {
        sources.push(this);
      }
      addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
        this.listeners.set(type, listener);
      }
      close() {
        this.closed = true;
      }
    }
    vi.stubGlobal('EventSource', FakeEventSource);
    renderWith(<NotificationBell />);
    await screen.findByRole('link', { name: 'Notifications: 3 unread' }, { timeout: 5000 });
    expect(sources.map((source) => source.url)).toEqual(['/api/api/notifications/events']);
    act(() => sources[0]!.listeners.get('unread')!(new MessageEvent('unread', { data: '{"unread":5}' })));
    await screen.findByRole('link', { name: 'Notifications: 5 unread' });
    cleanup();
    expect(sources[0]!.closed).toBe(true);
  });

  it('lists a notification with its reason and marks it read', async () => {
    renderWith(<NotificationsPage />);
    await screen.findByText('Score 78 · 3.2 km away, Lyon', {}, { timeout: 5000 });
    expect(screen.getByRole('link', { name: 'Léa Durand now matches “Lyon devs”' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark read: the notification about Léa Durand' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'POST', url: '/api/api/notifications/12/read' }));
  });
});
