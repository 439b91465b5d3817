// The query string that opens one thread on the messages page
// (`?conversation={id}`; a conversation's id is its contact request's), and
// reading it back. The page keeps its path while a thread opens, so the list
// stays in place and the page does not fade out and in.
export const conversationParam = 'conversation';

export function conversationSearch(conversationId: number): string {
  return `?${new URLSearchParams({ [conversationParam]: String(conversationId) }).toString()}`;
}

/** The thread the query string opens, or null for none (or an id that is not one). */
export function conversationOfSearch(searchParams: URLSearchParams): number | null {
  const value = searchParams.get(conversationParam);
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}
