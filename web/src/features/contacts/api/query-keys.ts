// The query keys of the contacts feature (contact requests, company blocks and
// conversations), in one tree: an answer, a block or a closed thread changes
// several lists at once, and a mutation invalidates the branch it touched.
export const contactKeys = {
  all: ['contacts'] as const,
  sentRequests: () => ['contacts', 'sent-requests'] as const,
  receivedRequests: () => ['contacts', 'received-requests'] as const,
  blockedCompanies: () => ['contacts', 'blocked-companies'] as const,
  /** The list of threads (with the unread count) and, below it, each thread. */
  conversations: () => ['contacts', 'conversations'] as const,
  conversation: (id: number) => ['contacts', 'conversations', id] as const,
};
