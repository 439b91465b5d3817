// The results of the sourcing page's criteria: their paging, the request (once
// the criteria are valid and have settled), the stored search that saved
// candidates go to (stored on the first save), and the saving itself. A change
// of the criteria starts over: first page, a new stored search, no local
// saved flags.
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/lib/toasts';
import { useCreateSavedSearch } from '../api/create-saved-search';
import { useRunSearch } from '../api/run-search';
import { initialPaging, type PagingState, pagingReducer } from '../utils/results-paging';
import { buildSearchRequest } from '../utils/search-form';
import { useCandidateSaving } from './use-candidate-saving';
import type { SearchCriteria } from './use-search-criteria';

/** `openingPaging`: the sort and page the list opens on (the URL's). */
export function useSourcingResults({ current, settled }: SearchCriteria, openingPaging: PagingState = initialPaging()) {
  const { t } = useTranslation('sourcing');
  const [paging, dispatchPaging] = useReducer(pagingReducer, openingPaging);
  const [savedSearchId, setSavedSearchId] = useState<number | null>(null);
  const savedSearchIdRef = useRef<number | null>(null);
  useEffect(() => {
    savedSearchIdRef.current = savedSearchId;
  }, [savedSearchId]);

  const request = useMemo(() => (settled.valid ? buildSearchRequest(settled.values, paging, settled.permanentContracts) : null), [settled, paging]);
  const search = useRunSearch(request);
  const createSavedSearch = useCreateSavedSearch();

  const resolveSearchId = useCallback(async () => {
    if (savedSearchIdRef.current !== null) return savedSearchIdRef.current;
    const stored = await createSavedSearch.mutateAsync(buildSearchRequest(current.values, initialPaging(paging.sort), current.permanentContracts));
    if (stored.id == null) throw new Error('the server did not store the search');
    setSavedSearchId(stored.id);
    showToast(t('actions.searchSaved'), 'success');
    return stored.id;
  }, [createSavedSearch, current.values, current.permanentContracts, paging.sort, t]);
  const saving = useCandidateSaving(resolveSearchId);

  // Starting over is done while rendering the new criteria (React's way to
  // adjust state to a change), so no render shows the old page or flags.
  const [criteriaOfResults, setCriteriaOfResults] = useState(current.values);
  if (criteriaOfResults !== current.values) {
    setCriteriaOfResults(current.values);
    dispatchPaging({ type: 'reset' });
    setSavedSearchId(null);
    saving.forget();
  }

  const response = request ? search.data : undefined;
  return { paging, dispatchPaging, request, search, response, createSavedSearch, savedSearchId, saving };
}
