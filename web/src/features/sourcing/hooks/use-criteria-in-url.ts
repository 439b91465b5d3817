// Keeps the sourcing page's URL in step with its criteria, sort and page: each
// settled change replaces the query of the current history entry (a pause in
// typing is not a page of history; Back leaves the search as it was last
// seen), without scrolling. The page reads the URL once, when it opens; a
// navigation that is not one of these replacements (a link, Back, Forward)
// opens it afresh (`useSourcingPageKey`). A replacement is told from other
// navigations by its history state, which names the page that wrote it: the
// app renders its routes at a location of its own (the page transition), where
// react-router reports every navigation as a POP.
import { useEffect, useEffectEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { PagingState } from '../utils/results-paging';
import type { SearchFormValues } from '../utils/search-form';
import { criteriaToQuery } from '../utils/search-url';

/** The history state of the page's own replacements: the key of the page that wrote it. */
type WrittenState = { sourcingPageKey: string };

function writtenBy(state: unknown): string | null {
  return typeof state === 'object' && state !== null && 'sourcingPageKey' in state && typeof state.sourcingPageKey === 'string'
    ? state.sourcingPageKey
    : null;
}

/** `pageKey`: the page's key from `useSourcingPageKey`, so that its writing does not open it afresh. */
export function useCriteriaInUrl(values: SearchFormValues, paging: PagingState, pageKey?: string): void {
  const location = useLocation();
  const navigate = useNavigate();
  // the URL is read when writing, not a reason to write: the page's own replacement changes it
  const write = useEffectEvent((written: SearchFormValues, writtenPaging: PagingState) => {
    const query = criteriaToQuery(new URLSearchParams(location.search), written, writtenPaging).toString();
    const next = query === '' ? '' : `?${query}`;
    if (next === location.search) return;
    const state: WrittenState | null = pageKey === undefined ? null : { sourcingPageKey: pageKey };
    void navigate({ search: next, hash: location.hash }, { replace: true, preventScrollReset: true, state });
  });
  useEffect(() => write(values, paging), [values, paging]);
}

/**
 * A key for the sourcing page that changes with each navigation to it but the
 * page's own replacements of its query: a link or Back opens the page on the
 * criteria of its URL, typing does not start it over.
 */
export function useSourcingPageKey(): string {
  const location = useLocation();
  const [key, setKey] = useState(location.key);
  if (location.key !== key && writtenBy(location.state) !== key) setKey(location.key);
  return key;
}
