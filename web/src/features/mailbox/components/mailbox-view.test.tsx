// @vitest-environment jsdom
// Links of demo emails open in the app when they point to one of its pages;
// the mailbox is found by recipient and paged, with its loading, empty and
// data states, in French and English.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/fetch';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { mailboxPageSize } from '../api/get-mailbox';
import { MailboxView, mailLinkTarget, shownRange } from './mailbox-view';

const french = testI18n('fr');
const english = testI18n('en');

describe('mailLinkTarget', () => {
  const origin = 'http://127.0.0.1:18181';

  it('turns links of this origin into in-app paths', () => {
    expect(mailLinkTarget(`${origin}/inscription/valider?token=abc`, origin)).toBe('/inscription/valider?token=abc');
  });

  it('keeps the email pages in the app whatever origin the server wrote', () => {
    expect(mailLinkTarget('http://localhost:8080/mot-de-passe/reinitialiser?token=x', origin)).toBe('/mot-de-passe/reinitialiser?token=x');
    expect(mailLinkTarget('https://vivier.example/inscription/invitation?token=y', origin)).toBe('/inscription/invitation?token=y');
    expect(mailLinkTarget('https://vivier.example/inscription/recruteur?token=z', origin)).toBe('/inscription/recruteur?token=z');
  });

  it('leaves other sites alone (the link component refuses them)', () => {
    expect(mailLinkTarget('https://evil.example/inscription', origin)).toBe('https://evil.example/inscription');
  });
});

/** `count` emails, newest first, from id `newest` down. */
function emails(count: number, newest = count) {
  return Array.from({ length: count }, (_, index) => ({
    id: newest - index,
    to: `person${newest - index}@example.org`,
    subject: `Email ${newest - index}`,
    text: 'Hello',
    html: '<p>Hello</p>',
    links: [],
    created_at: '2026-11-20T10:00:00Z',
  }));
}

describe('MailboxView', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  const asked = () => fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').searchParams);

  beforeEach(() => {
    fetchMock = vi.fn(async (url: string) => {
      const query = new URL(url, 'http://localhost').searchParams;
      if (query.get('to')) return jsonResponse(200, []);
      return jsonResponse(200, query.get('page') === '2' ? emails(3, 3) : emails(mailboxPageSize, 103));
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('pages the latest emails, older page after a full one', async () => {
    renderWithProviders(<MailboxView />, { i18n: french });
    expect(await screen.findByText('E-mails 1 à 100')).toBeTruthy();
    expect(asked()[0]?.get('page')).toBe('1');
    expect(asked()[0]?.get('per_page')).toBe(String(mailboxPageSize));
    expect(screen.getByRole('button', { name: 'Plus récents' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Plus anciens' }));
    expect(await screen.findByText('E-mails 101 à 103')).toBeTruthy();
    expect(screen.getByText('Page 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Plus anciens' }).hasAttribute('disabled')).toBe(true);
  });

  it('finds emails by part of the recipient, and says when none went there', async () => {
    renderWithProviders(<MailboxView />, { i18n: french });
    await screen.findByText('E-mails 1 à 100');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Destinataire' }), { target: { value: ' lea@ ' } });
    expect(await screen.findByText('Aucun e-mail pour une adresse contenant « lea@ ».')).toBeTruthy();
    expect(asked().at(-1)?.get('to')).toBe('lea@');
    fireEvent.click(screen.getByRole('button', { name: 'Afficher tous les e-mails' }));
    expect(await screen.findByText('E-mails 1 à 100')).toBeTruthy();
  });

  it('speaks English', async () => {
    renderWithProviders(<MailboxView />, { i18n: english });
    expect(await screen.findByText('Emails 1 to 100')).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Recipient' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Mailbox pages' })).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Recipient' }), { target: { value: 'nobody' } });
    expect(await screen.findByText('No email to an address containing “nobody”.')).toBeTruthy();
  });

  it('counts a first page that holds everything', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, emails(3)));
    renderWithProviders(<MailboxView />, { i18n: french });
    expect(await screen.findByText('3 e-mails')).toBeTruthy();
    expect(screen.queryByTestId('mailbox-pager')).toBeNull();
  });

  it('shows where a page sits in the whole list', () => {
    expect(shownRange(1, 100)).toEqual({ count: 100, first: 1, last: 100 });
    expect(shownRange(3, 7)).toEqual({ count: 7, first: 201, last: 207 });
  });

  it('says when the server keeps no demo mailbox', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(404, { code: 'not_found', message: 'not found', errors: {} }));
    renderWithProviders(<MailboxView />, { i18n: english });
    await waitFor(() => expect(screen.getByTestId('mailbox-unavailable')).toBeTruthy());
    expect(screen.queryByRole('searchbox')).toBeNull();
  });
});
