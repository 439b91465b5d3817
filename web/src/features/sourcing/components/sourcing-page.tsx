// /dashboard/partenaire/sourcing: the criteria on the left, the map in the
// middle, the ranked list on the right. The search runs by itself (debounced)
// whenever the form is valid; relax suggestions rewrite the form in one click;
// the search can be stored, and candidates saved into it. The criteria are
// one react-hook-form form; every change of it is a new search.
import '../styles/sourcing-page.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useReferenceList } from '@/api/reference-lists/reference-list';
import { buildPath, paths } from '@/config/paths';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { applyServerErrors } from '@/lib/form/server-errors';
import { showToast } from '@/lib/toasts';
import { useEditSavedSearch } from '../api/change-saved-search';
import { useCreateSavedSearch } from '../api/create-saved-search';
import { useRunSearch } from '../api/run-search';
import { useCandidateSaving } from '../hooks/use-candidate-saving';
import { applyRelaxSuggestion, type RelaxSuggestion } from '../utils/relax';
import { initialPaging, pagingReducer } from '../utils/results-paging';
import {
  buildSearchRequest,
  defaultSearchForm,
  isSearchFormValid,
  searchFormFields,
  searchFormSchema,
  serverFieldNames,
  type SearchFormValues,
  validateSearchForm,
} from '../utils/search-form';
import { RelaxSuggestions } from './relax-suggestions';
import { ResultsWorkspace } from './results-workspace';
import { SearchForm } from './search-form';
import { relaxSuggestions } from '../utils/relax';

/** Pause after the last change before the search runs. */
export const searchDebounceMs = 400;

/**
 * `editedSearchId`: the page refines that saved search (opened from it), and
 * saving updates it in place instead of saving a second search.
 */
export function SourcingPage({ initialForm, editedSearchId = null }: { initialForm?: SearchFormValues; editedSearchId?: number | null }) {
  const { t } = useTranslation('sourcing');
  useDocumentTitle(t('page.title'));
  const navigate = useNavigate();
  const contractTypes = useReferenceList('contract/types');
  const [firstValues] = useState<SearchFormValues>(() => initialForm ?? defaultSearchForm());
  const criteria = useForm<SearchFormValues>({
    resolver: zodResolver(searchFormSchema),
    defaultValues: firstValues,
    mode: 'onChange',
  });
  // The values as a snapshot per change, for the debounce and the request.
  const [form, setForm] = useState<SearchFormValues>(firstValues);
  const [paging, dispatchPaging] = useReducer(pagingReducer, undefined, () => initialPaging());
  const [savedSearchId, setSavedSearchId] = useState<number | null>(null);
  const savedSearchIdRef = useRef<number | null>(null);
  useEffect(() => {
    savedSearchIdRef.current = savedSearchId;
  }, [savedSearchId]);

  const errors = useMemo(() => validateSearchForm(form), [form]);
  const debouncedForm = useDebouncedValue(form, searchDebounceMs);
  const request = useMemo(
    () => (isSearchFormValid(debouncedForm) ? buildSearchRequest(debouncedForm, paging) : null),
    [debouncedForm, paging],
  );
  const search = useRunSearch(request);
  const createSavedSearch = useCreateSavedSearch();
  const editSavedSearch = useEditSavedSearch();

  const resolveSearchId = useCallback(async () => {
    if (savedSearchIdRef.current !== null) return savedSearchIdRef.current;
    const stored = await createSavedSearch.mutateAsync(buildSearchRequest(form, initialPaging(paging.sort)));
    if (stored.id == null) throw new Error('the server did not store the search');
    setSavedSearchId(stored.id);
    showToast(t('actions.searchSaved'), 'success');
    return stored.id;
  }, [createSavedSearch, form, paging.sort, t]);
  const saving = useCandidateSaving(resolveSearchId);

  const { subscribe, setValue } = criteria;
  const { forget } = saving;
  // Every change of the criteria is a new search (other form events, such as validation, are not).
  const lastValues = useRef(JSON.stringify(firstValues));
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values }) => {
          const json = JSON.stringify(values);
          if (json === lastValues.current) return;
          lastValues.current = json;
          setForm(structuredClone(values));
          dispatchPaging({ type: 'reset' });
          // Candidates saved from here go to a new stored search.
          setSavedSearchId(null);
          forget();
        },
      }),
    [subscribe, forget],
  );

  /** Puts a relaxed criterion in the form, as if the user had changed it. */
  const applyRelax = (suggestion: RelaxSuggestion) => {
    const next = applyRelaxSuggestion(form, suggestion, (contractTypes.data ?? []).map((contract) => contract.id));
    for (const key of Object.keys(next) as (keyof SearchFormValues)[]) {
      if (next[key] !== form[key]) setValue(key, next[key], { shouldValidate: true, shouldDirty: true });
    }
  };

  async function saveSearch(): Promise<void> {
    if (!isSearchFormValid(form)) return;
    try {
      const request = buildSearchRequest(form, initialPaging(paging.sort));
      const stored =
        editedSearchId === null
          ? await createSavedSearch.mutateAsync(request)
          : await editSavedSearch.mutateAsync({ id: editedSearchId, request });
      showToast(t(editedSearchId === null ? 'actions.searchSaved' : 'actions.searchUpdated'), 'success');
      if (stored.id != null) void navigate(buildPath(paths.partnerSavedSearch, { id: stored.id }));
    } catch (error) {
      // The API client shows the error; a 422 also goes beside its fields.
      applyServerErrors(error, criteria.setError, searchFormFields, serverFieldNames);
    }
  }

  const formValid = Object.keys(errors).length === 0;
  const response = request ? search.data : undefined;
  const hits = saving.withOverrides(response?.hits ?? []);
  const waitingForDebounce = formValid && debouncedForm !== form;

  return (
    <div className="sourcing-page" data-testid="sourcing-page">
      <div className="sourcing-page__form">
        <div className="sourcing-page__intro">
          <h1 className="sourcing-page__title">{t('page.title')}</h1>
          <p>{t('page.lead')}</p>
        </div>
        <SearchForm form={criteria} />
        <div className="sourcing-page__actions">
          {savedSearchId !== null ? (
            <Link className="button button--secondary" to={buildPath(paths.partnerSavedSearch, { id: savedSearchId })}>
              {t('actions.openSavedSearch')}
            </Link>
          ) : (
            <button
              type="button"
              className="button button--primary"
              data-testid="save-search"
              disabled={!formValid || createSavedSearch.isPending || editSavedSearch.isPending}
              onClick={() => void saveSearch()}
            >
              {editedSearchId === null
                ? createSavedSearch.isPending
                  ? t('actions.savingSearch')
                  : t('actions.saveSearch')
                : editSavedSearch.isPending
                  ? t('actions.updatingSearch')
                  : t('actions.updateSearch')}
            </button>
          )}
          {!formValid && <p className="field__hint">{t('form.incomplete')}</p>}
        </div>
      </div>
      <ResultsWorkspace
        localization={form.localization}
        radiusKm={form.radius}
        hits={hits}
        total={response?.total ?? null}
        countryWideTotal={response?.country_wide_total}
        paging={paging}
        dispatchPaging={dispatchPaging}
        loading={request !== null && search.isPending}
        refreshing={(search.isFetching && !search.isPending) || waitingForDebounce}
        busyCandidateId={saving.busyCandidateId}
        onToggleSave={(hit) => void saving.toggle(hit)}
        failure={request !== null && search.isError && !response ? { retrying: search.isFetching, onRetry: search.refetch } : null}
        emptyText={request === null ? t('results.idle') : t('results.empty')}
        emptyHint={
          request === null
            ? t('results.idleHint')
            : // the hint points at the suggestions: only when there are some
              relaxSuggestions(response?.relax, response?.relax_values).length > 0
              ? t('results.emptyHint')
              : undefined
        }
        beforeList={
          response && <RelaxSuggestions counts={response.relax} values={response.relax_values} onApply={applyRelax} />
        }
      />
    </div>
  );
}
