// @vitest-environment jsdom
// The navigation's count of unread messages: drawn as a badge, heard as part
// of the link's name, in both languages; nothing while every message is read,
// nor when the server refuses the list (a partner waiting for approval).
import { cleanup, configure, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubRecordingServer } from '@/testing/fetch';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { UnreadMessagesCount } from './unread-messages-count';

configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderLink(i18n: ReturnType<typeof testI18n>) {
  renderWithProviders(
    <a href="/dashboard/candidate/messages">
      <span>Messages</span>
      <UnreadMessagesCount />
    </a>,
    { i18n, router: false },
  );
}

describe('the unread messages count', () => {
  const english = testI18n('en');
  const french = testI18n('fr');

  it('shows the unread total in the link and its name, in English', async () => {
    const calls = stubRecordingServer(() => jsonResponse(200, { unread: 3, conversations: [] }));
    renderLink(english);
    const link = await screen.findByRole('link', { name: 'Messages, 3 unread messages' });
    expect(screen.getByTestId('unread-messages').textContent).toBe('3');
    expect(link.getAttribute('href')).toBe('/dashboard/candidate/messages');
    expect(calls.map((call) => call.url)).toEqual(['/api/api/conversations']);
  });

  it('speaks French, and caps the badge at 99+', async () => {
    stubRecordingServer(() => jsonResponse(200, { unread: 1, conversations: [] }));
    renderLink(french);
    expect(await screen.findByRole('link', { name: 'Messages, 1 message non lu' })).toBeTruthy();
    cleanup();
    stubRecordingServer(() => jsonResponse(200, { unread: 120, conversations: [] }));
    renderLink(french);
    expect(await screen.findByRole('link', { name: 'Messages, 120 messages non lus' })).toBeTruthy();
    expect(screen.getByTestId('unread-messages').textContent).toBe('99+');
  });

  it('shows nothing when every message is read, or when the list is refused', async () => {
    const calls = stubRecordingServer(() => jsonResponse(200, { unread: 0, conversations: [] }));
    renderLink(english);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.getByRole('link').textContent).toBe('Messages');
    cleanup();
    const refused = stubRecordingServer(() => jsonResponse(403, { code: 'account_pending', message: 'waiting' }));
    renderLink(english);
    await waitFor(() => expect(refused).toHaveLength(1));
    expect(screen.queryByTestId('unread-messages')).toBeNull();
  });
});
