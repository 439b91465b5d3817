// /dashboard/partenaire/sourcing: the criteria on the left, the map in the
// middle, the ranked list on the right. The search runs by itself (debounced)
// whenever the form is valid; relax suggestions rewrite the form in one click;
// the search can be stored, and candidates saved into it. The criteria are
// one react-hook-form form (hooks/use-search-criteria.ts); every change of it
// is a new search (hooks/use-sourcing-results.ts), written in the URL once it
// has settled (hooks/use-criteria-in-url.ts).
import '../styles/sourcing-page.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useReferenceList } from '@/api/reference-lists/reference-list';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isDailyQuotaReached, standingErrorOf } from '@/lib/api-client';
import { useCriteriaInUrl } from '../hooks/use-criteria-in-url';
import { useSearchCriteria } from '../hooks/use-search-criteria';
import { useSourcingResults } from '../hooks/use-sourcing-results';
import type { SearchHit } from '../api/search-types';
import { applyRelaxSuggestion, type RelaxSuggestion, relaxSuggestions } from '../utils/relax';
import type { PagingState } from '../utils/results-paging';
import type { SearchFormValues } from '../utils/search-form';
import { RelaxSuggestions } from './relax-suggestions';
import { ResultsWorkspace } from './results-workspace';
import { SearchForm } from './search-form';
import { SearchSaveActions } from './search-save-actions';

/**
 * `editedSearchId`: the page refines that saved search (opened from it), and
 * saving updates it in place instead of saving a second search;
 * `candidateAction`: what the app adds to each candidate (its "Contact");
 * `initialPaging`: the sort and page the list opens on; `pageKey`: the
 * route's key for the page, which its writing of the URL keeps.
 */
export function SourcingPage({
  initialForm,
  initialPaging,
  pageKey,
  editedSearchId = null,
  candidateAction,
}: {
  initialForm?: SearchFormValues;
  initialPaging?: PagingState;
  pageKey?: string;
  editedSearchId?: number | null;
  candidateAction?: (hit: SearchHit) => ReactNode;
}) {
  const { t } = useTranslation('sourcing');
  useDocumentTitle(t('page.title'));
  const contractTypes = useReferenceList('contract/types');
  const criteria = useSearchCriteria(initialForm);
  const { form, current, settled } = criteria;
  const { paging, dispatchPaging, request, search, response, createSavedSearch, savedSearchId, saving } = useSourcingResults(criteria, initialPaging);
  useCriteriaInUrl(settled.values, paging, pageKey);

  /** Puts a relaxed criterion in the form, as if the user had changed it. */
  const applyRelax = (suggestion: RelaxSuggestion) => {
    const next = applyRelaxSuggestion(current.values, suggestion, (contractTypes.data ?? []).map((contract) => contract.id));
    for (const key of Object.keys(next) as (keyof SearchFormValues)[]) {
      if (next[key] !== current.values[key]) form.setValue(key, next[key], { shouldValidate: true, shouldDirty: true });
    }
  };

  const waitingForDebounce = current.valid && settled !== current;

  return (
    <div className="sourcing-page" data-testid="sourcing-page">
      <div className="sourcing-page__form">
        <div className="sourcing-page__intro">
          <h1 className="sourcing-page__title">{t('page.title')}</h1>
          <p>{t('page.lead')}</p>
        </div>
        <SearchForm form={form} />
        <SearchSaveActions
          form={form}
          criteria={current}
          sort={paging.sort}
          editedSearchId={editedSearchId}
          savedSearchId={savedSearchId}
          createSavedSearch={createSavedSearch}
        />
      </div>
      <ResultsWorkspace
        localization={current.values.localization}
        radiusKm={current.values.radius}
        hits={saving.withOverrides(response?.hits ?? [])}
        total={response?.total ?? null}
        countryWideTotal={response?.country_wide_total}
        paging={paging}
        dispatchPaging={dispatchPaging}
        loading={request !== null && search.isPending}
        refreshing={(search.isFetching && !search.isPending) || waitingForDebounce}
        busyCandidateId={saving.busyCandidateId}
        onToggleSave={(hit) => void saving.toggle(hit)}
        candidateAction={candidateAction}
        failure={
          request !== null && search.isError && !response
            ? {
                retrying: search.isFetching,
                onRetry: search.refetch,
                standing: standingErrorOf(search.error),
                quotaReached: isDailyQuotaReached(search.error),
              }
            : null
        }
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
