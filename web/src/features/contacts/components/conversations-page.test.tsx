// @vitest-environment jsdom
// The messages page, for a partner and a candidate: the threads with their
// unread count and closed ones marked; a thread with its messages oldest
// first, whose are whose, the other side's address; writing (the button or
// Ctrl+Enter), closing after a confirmation, a thread closed meanwhile; a new
// message brought by the 15-second poll; the empty and failed lists.
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Schemas } from '@/api/schemas';
import { dismissAllToasts } from '@/lib/toasts';
import { conversationSummary } from '@/testing/contacts';
import { jsonResponse, type RecordedCall, stubRecordingServer } from '@/testing/fetch';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { ConversationsPage } from './conversations-page';

configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  dismissAllToasts();
});

type Conversation = Schemas['Conversation'];

const lea = conversationSummary({ unread: 2 });
const hugo = conversationSummary({ id: 32, firstname: 'Hugo', lastname: 'Petit', email: 'hugo.petit@example.test', last_message_at: null, closed: true });

function thread(overrides: Partial<Conversation> = {}): Conversation {
  return {
    ...lea,
    messages: [
      { id: 1, mine: true, body: 'Bonjour Léa,\nvotre profil nous intéresse.', created_at: '2026-11-24T09:00:00Z', read: true },
      { id: 2, mine: false, body: 'Bonjour, avec plaisir !', created_at: '2026-11-25T08:00:00Z', read: true },
    ],
    ...overrides,
  };
}

/**
 * A server of one thread (31) and its list: messages written join it, a
 * closure closes it; `writeAnswer` replaces the answer to a message.
 */
function serve({ list = [lea, hugo], writeAnswer }: { list?: Schemas['ConversationSummary'][]; writeAnswer?: () => Response } = {}) {
  const state = { thread: thread(), list };
  const calls = stubRecordingServer(({ method, url, body }) => {
    if (url === '/api/api/conversations') return jsonResponse(200, { unread: state.list.reduce((sum, item) => sum + item.unread, 0), conversations: state.list });
    if (url === '/api/api/conversations/31' && method === 'GET') {
      state.list = state.list.map((item) => (item.id === 31 ? { ...item, unread: 0 } : item));
      return jsonResponse(200, state.thread);
    }
    if (url === '/api/api/conversations/31/messages' && method === 'POST') {
      if (writeAnswer) return writeAnswer();
      const message = { id: state.thread.messages.length + 1, mine: true, body: (body as { body: string }).body, created_at: '2026-11-26T10:00:00Z', read: false };
      state.thread = { ...state.thread, messages: [...state.thread.messages, message] };
      return jsonResponse(201, message);
    }
    if (url === '/api/api/conversations/31/closure' && method === 'POST') {
      state.thread = { ...state.thread, closed: true };
      return new Response(null, { status: 204 });
    }
    return jsonResponse(404, { code: 'not_found', message: 'nothing here' });
  });
  return { calls, state };
}

const posts = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body]);

describe('the messages page in French', () => {
  const i18n = testI18n('fr');

  it('lists the threads, their unread messages and the closed ones', async () => {
    serve();
    renderWithProviders(<ConversationsPage side="partner" />, { i18n, path: '/dashboard/partenaire/messages' });

    const items = await screen.findAllByTestId('conversation-item');
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeTruthy();
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Léa DurandDernier message le .*2 non lus$/),
      'Hugo PetitAucun message pour l’instantClose',
    ]);
    expect(items[0]?.getAttribute('href')).toBe('/dashboard/partenaire/messages?conversation=31');
    expect(screen.getByText('Choisissez une conversation pour la lire.')).toBeTruthy();
  });

  it('opens a thread: the messages oldest first, whose they are, the address, and the heading takes the focus', async () => {
    const { calls } = serve();
    renderWithProviders(<ConversationsPage side="partner" />, { i18n, path: '/dashboard/partenaire/messages' });
    fireEvent.click(await screen.findByRole('link', { name: /^Léa Durand/ }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'Léa Durand' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole('link', { name: /^Léa Durand/ }).getAttribute('aria-current')).toBe('page');
    const messages = screen.getAllByTestId('message');
    expect(messages.map((message) => message.getAttribute('data-mine'))).toEqual(['true', 'false']);
    expect(messages[0]?.querySelector('.message__body')?.textContent).toBe('Vous : Bonjour Léa,\nvotre profil nous intéresse.');
    expect(messages[0]?.textContent).toContain('Lu');
    expect(messages[1]?.querySelector('.message__body')?.textContent).toBe('Léa Durand : Bonjour, avec plaisir !');
    expect(screen.getByRole('log', { name: 'Messages échangés avec Léa Durand' })).toBeTruthy();
    expect(screen.getByTestId('thread-email').getAttribute('href')).toBe('mailto:lea.durand@example.test');
    // a partner's thread names the candidate, not the partner's own company
    expect(screen.getByTestId('thread').textContent).not.toContain('Numéria Conseil');
    expect(calls.map((call) => call.url)).toContain('/api/api/conversations/31');
    // reading the thread made its messages read: the list is asked again
    await waitFor(() => expect(screen.queryByText('2 non lus')).toBeNull());
  });

  it('sends a message with the button and empties the field, which keeps the focus', async () => {
    const { calls } = serve();
    renderWithProviders(<ConversationsPage side="partner" />, { i18n, path: '/dashboard/partenaire/messages?conversation=31' });
    const field = await screen.findByLabelText('Votre message à Léa Durand');
    fireEvent.change(field, { target: { value: '  Seriez-vous disponible jeudi ?\nÀ 10 h par exemple.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));

    await waitFor(() => expect(screen.getAllByTestId('message')).toHaveLength(3));
    expect(posts(calls)).toEqual([['/api/api/conversations/31/messages', { body: 'Seriez-vous disponible jeudi ?\nÀ 10 h par exemple.' }]]);
    await waitFor(() => expect((field as HTMLTextAreaElement).value).toBe(''));
    expect(document.activeElement).toBe(field);
  });

  it('refuses an empty message without sending it', async () => {
    const { calls } = serve();
    renderWithProviders(<ConversationsPage side="partner" />, { i18n, path: '/dashboard/partenaire/messages?conversation=31' });
    fireEvent.click(await screen.findByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('Ce champ est obligatoire.')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
  });

  it('closes the conversation after the confirmation: no more writing, and the focus on the sentence that says so', async () => {
    const { calls } = serve();
    renderWithProviders(<ConversationsPage side="partner" />, { i18n, path: '/dashboard/partenaire/messages?conversation=31' });
    fireEvent.click(await screen.findByRole('button', { name: 'Clore la conversation' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Clore la conversation avec Léa Durand ?' });
    expect(dialog.textContent).toContain('Ni vous ni Léa Durand ne pourrez plus y écrire.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clore' }));

    const closed = await screen.findByTestId('thread-closed');
    expect(closed.textContent).toBe('Cette conversation est close : elle ne reçoit plus de messages. Les messages échangés restent lisibles.');
    await waitFor(() => expect(document.activeElement).toBe(closed));
    expect(screen.queryByTestId('composer')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clore la conversation' })).toBeNull();
    expect(posts(calls)).toEqual([['/api/api/conversations/31/closure', null]]);
  });

  it('says the conversation was closed meanwhile when a message is refused for it', async () => {
    const setup = serve({ writeAnswer: () => jsonResponse(409, { code: 'conversation_closed', message: 'closed' }) });
    renderWithProviders(<ConversationsPage side="partner" />, { i18n, path: '/dashboard/partenaire/messages?conversation=31' });
    fireEvent.change(await screen.findByLabelText('Votre message à Léa Durand'), { target: { value: 'Encore là ?' } });
    setup.state.thread = { ...setup.state.thread, closed: true };
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect((await screen.findByTestId('thread-closed')).textContent).toContain('Cette conversation est close');
    expect(screen.queryByTestId('composer')).toBeNull();
  });

  it('shows the messages a poll brings, 15 seconds later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const setup = serve();
    renderWithProviders(<ConversationsPage side="partner" />, { i18n, path: '/dashboard/partenaire/messages?conversation=31' });
    await screen.findByTestId('thread');
    setup.state.thread = {
      ...setup.state.thread,
      messages: [...setup.state.thread.messages, { id: 3, mine: false, body: 'Jeudi me convient.', created_at: '2026-11-26T11:00:00Z', read: true }],
    };
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(await screen.findByText('Jeudi me convient.')).toBeTruthy();
  });

  it('says a thread it cannot find is not there', async () => {
    serve();
    renderWithProviders(<ConversationsPage side="partner" />, { i18n, path: '/dashboard/partenaire/messages?conversation=77' });
    expect((await screen.findByTestId('thread-missing')).textContent).toContain('Cette conversation est introuvable.');
  });

  it('tells a partner without any conversation where they start', async () => {
    serve({ list: [] });
    renderWithProviders(<ConversationsPage side="partner" />, { i18n, path: '/dashboard/partenaire/messages' });
    const empty = await screen.findByTestId('conversations-empty');
    expect(empty.textContent).toContain('Aucune conversation pour l’instant.');
    expect(within(empty).getByRole('link', { name: 'Trouver des candidats' }).getAttribute('href')).toBe('/dashboard/partenaire/sourcing');
  });

  it('says the list could not be loaded and asks again on Retry', async () => {
    let fail = true;
    stubRecordingServer(() =>
      fail ? jsonResponse(500, { code: 'internal_error', message: 'boom' }) : jsonResponse(200, { unread: 0, conversations: [lea] }),
    );
    renderWithProviders(<ConversationsPage side="candidate" />, { i18n, path: '/dashboard/candidate/messages' });
    const error = await screen.findByTestId('conversations-error');
    expect(error.textContent).toContain('Impossible de charger vos conversations.');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByTestId('conversation-item')).toBeTruthy();
  });
});

describe('the messages page in English', () => {
  const i18n = testI18n('en');

  it("shows a candidate the recruiter's company and address, and sends with Ctrl+Enter", async () => {
    const karim = conversationSummary({ firstname: 'Karim', lastname: 'Mansour', email: 'karim.mansour@numeria.example' });
    const setup = serve({ list: [karim] });
    setup.state.thread = { ...thread(), ...karim };
    renderWithProviders(<ConversationsPage side="candidate" />, { i18n, path: '/dashboard/candidate/messages?conversation=31' });

    const head = await screen.findByTestId('thread');
    expect(head.textContent).toContain('Numéria Conseil');
    expect(screen.getByRole('link', { name: 'karim.mansour@numeria.example' }).getAttribute('href')).toBe('mailto:karim.mansour@numeria.example');
    expect(screen.getByTestId('conversation-item').textContent).toContain('Numéria Conseil');
    const field = screen.getByLabelText('Your message to Karim Mansour');
    expect(screen.getByText('Ctrl + Enter (⌘ + Enter on a Mac) sends it.')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'Thursday works for me.' } });
    fireEvent.keyDown(field, { key: 'Enter', ctrlKey: true });

    await waitFor(() => expect(posts(setup.calls)).toEqual([['/api/api/conversations/31/messages', { body: 'Thursday works for me.' }]]));
    expect(await screen.findByText('Thursday works for me.')).toBeTruthy();
  });

  it('tells a candidate without any conversation where requests arrive', async () => {
    serve({ list: [] });
    renderWithProviders(<ConversationsPage side="candidate" />, { i18n, path: '/dashboard/candidate/messages' });
    const empty = await screen.findByTestId('conversations-empty');
    expect(empty.textContent).toContain("When you accept a recruiter's contact request, your conversation with them opens here.");
    expect(within(empty).getByRole('link', { name: 'See my contact requests' }).getAttribute('href')).toBe('/dashboard/candidate');
  });
});
