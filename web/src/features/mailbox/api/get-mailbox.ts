// The demo mailbox: the emails the server "sent" while no SMTP server is set,
// newest first, a page at a time, optionally only those whose recipient holds
// some text. A 404 means the server sends real emails (no demo mailbox).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Schemas } from '@/api/schemas';
import { api } from '@/lib/api-client';

/** TODO(openapi): the document leaves `links` untyped; it is the list of URLs found in the email. */
export type MailboxEmail = Omit<Schemas['MailboxEmail'], 'links'> & { links: string[] };

/** Emails per page: the server's largest page, so the first one is the latest 100 as before paging. */
export const mailboxPageSize = 100;

/** Which emails: part of the recipient's address (empty for all) and the page, from 1. */
export type MailboxFilter = { to: string; page: number };

export function getMailbox({ to, page }: MailboxFilter, signal?: AbortSignal): Promise<MailboxEmail[]> {
  const query = { to: to.trim() || undefined, page, per_page: mailboxPageSize };
  return api.get<MailboxEmail[]>('/mailbox', { silent: true, signal, query });
}

export function getMailboxQueryOptions(filter: MailboxFilter) {
  return queryOptions({
    queryKey: ['mailbox', filter],
    queryFn: ({ signal }) => getMailbox(filter, signal),
    staleTime: 0,
    // the page on screen stays while the next one loads
    placeholderData: keepPreviousData,
  });
}

export function useMailbox(filter: MailboxFilter) {
  return useQuery(getMailboxQueryOptions(filter));
}
