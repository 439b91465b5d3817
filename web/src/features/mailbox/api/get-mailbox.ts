// The demo mailbox: the emails the server "sent" while no SMTP server is set,
// newest first. A 404 means the server sends real emails (no demo mailbox).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Schemas } from '@/api/schemas';
import { api } from '@/lib/api-client';

/** TODO(openapi): the document leaves `links` untyped; it is the list of URLs found in the email. */
export type MailboxEmail = Omit<Schemas['MailboxEmail'], 'links'> & { links: string[] };

export function getMailbox(signal?: AbortSignal): Promise<MailboxEmail[]> {
  return api.get<MailboxEmail[]>('/mailbox', { silent: true, signal });
}

export function getMailboxQueryOptions() {
  return queryOptions({ queryKey: ['mailbox'], queryFn: ({ signal }) => getMailbox(signal), staleTime: 0 });
}

export function useMailbox() {
  return useQuery(getMailboxQueryOptions());
}
