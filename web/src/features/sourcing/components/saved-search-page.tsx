// /dashboard/partenaire/sourcing/recherches/{id}: a stored search, its
// criteria in a line, then two tabs over the same map and list: the live
// results, and only the candidates saved into it.
import '../styles/saved-search.css';
import { type ReactNode, useCallback, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useReferenceList } from '@/api/reference-lists/reference-list';
import { defaultRadiusKm } from '@/components/job-criteria/criteria-rules';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError, isDailyQuotaReached } from '@/lib/api-client';
import { formatDate } from '@/lib/format-date';
import { useSavedSearch } from '../api/get-saved-search';
import { useSavedSearches } from '../api/get-saved-searches';
import type { SearchHit, StoredSearch } from '../api/search-types';
import { useCandidateSaving } from '../hooks/use-candidate-saving';
import { initialPaging, pagingReducer } from '../utils/results-paging';
import { AlertControl } from './alert-control';
import { NoLongerAvailable } from './no-longer-available';
import { ResultsWorkspace } from './results-workspace';

type Tab = 'results' | 'saved';

function SearchSummary({ search, jobCategoryName }: { search: StoredSearch; jobCategoryName: string | null }) {
  const { t, i18n } = useTranslation('sourcing');
  const locale = i18n.resolvedLanguage ?? 'fr';
  const items = [
    jobCategoryName,
    t('summary.around', { place: search.localization.value, radius: search.radius }),
    t('summary.contracts', { count: search.contracts.length }),
    search.duration !== null && t('summary.months', { count: search.duration }),
    t('summary.from', { date: formatDate(search.start_at, locale) }),
  ].filter((item): item is string => Boolean(item));
  return (
    <ul className="search-summary" data-testid="search-summary">
      {items.map((item) => (
        <li key={item} className="tag">
          {item}
        </li>
      ))}
    </ul>
  );
}

/** `candidateAction`: what the app adds to each candidate, of the results and the saved ones (its "Contact"). */
export function SavedSearchPage({ id, candidateAction }: { id: number; candidateAction?: (hit: SearchHit) => ReactNode }) {
  const { t, i18n } = useTranslation('sourcing');
  useDocumentTitle(t('page.savedSearchTitle'));
  const [tab, setTab] = useState<Tab>('results');
  // a notification links here with the candidate it is about, whose card opens first
  const [searchParams] = useSearchParams();
  const linkedCandidate = Number(searchParams.get('candidate')) || null;
  const [paging, dispatchPaging] = useReducer(pagingReducer, undefined, () => initialPaging());
  const search = useSavedSearch(id, { onlySaved: tab === 'saved', ...paging });
  const jobCategories = useReferenceList('job/categories');
  const resolveSearchId = useCallback(() => Promise.resolve(id), [id]);
  const saving = useCandidateSaving(resolveSearchId);

  const response = search.data;
  const stored = response?.search;
  // The map keeps the search's place while another tab loads: it is made once, on its circle.
  const [knownSearch, setKnownSearch] = useState<StoredSearch | null>(null);
  if (stored && stored !== knownSearch) setKnownSearch(stored);
  const mapSearch = stored ?? knownSearch;
  // The list entry has the category's name and the creation date; the reference list is the fallback.
  const summary = useSavedSearches().data?.find((entry) => entry.id === id);
  const jobCategoryName =
    summary?.job_category_name ??
    (jobCategories.data ?? []).find((category) => category.id === stored?.job_category)?.name ??
    null;
  const createdAt = summary?.created_at;

  const noLongerAvailable = response?.no_longer_available ?? [];
  const savedEmptyText =
    noLongerAvailable.length > 0 ? t('noLongerAvailable.noneAvailable') : t('saved.noSavedCandidates');

  const switchTab = (next: Tab) => {
    setTab(next);
    dispatchPaging({ type: 'reset' });
    saving.forget();
  };

  // A search that is not (or no longer) the partner's; other failures get a retry in the list.
  const missing = search.error instanceof ApiError && (search.error.status === 404 || search.error.status === 403);
  if (missing && !response) {
    return (
      <section className="saved-search saved-search--missing">
        <h1 className="page-title">{t('page.savedSearchTitle')}</h1>
        <p>{t('saved.notFound')}</p>
        <Link className="button button--secondary" to={paths.partnerSourcing}>
          {t('actions.newSearch')}
        </Link>
      </section>
    );
  }

  return (
    <section className="saved-search" data-testid="saved-search-page" data-search-id={id}>
      <header className="saved-search__head">
        <div>
          <p className="eyebrow">{t('page.savedSearchTitle')}</p>
          <h1 className="page-title">
            {jobCategoryName ?? t('page.savedSearchTitle')}
            {stored && <span className="saved-search__place"> · {stored.localization.value}</span>}
          </h1>
          {createdAt && (
            <p className="saved-search__date">
              {t('saved.createdAt', { date: formatDate(createdAt, i18n.resolvedLanguage ?? 'fr') })}
            </p>
          )}
          {stored && <SearchSummary search={stored} jobCategoryName={null} />}
        </div>
        <div className="saved-search__actions">
          {summary && <AlertControl searchId={id} mode={summary.alerts} />}
          <Link
            className="button button--secondary"
            data-testid="edit-criteria"
            to={`${paths.partnerSourcing}?${new URLSearchParams({ search: String(id) }).toString()}`}
          >
            {t('actions.editInSourcing')}
          </Link>
          <Link className="button button--ghost" to={paths.partnerSourcing}>
            {t('actions.newSearch')}
          </Link>
        </div>
      </header>
      <div className="tabs" role="tablist" aria-label={t('saved.tabs')}>
        {(['results', 'saved'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`saved-search-tab-${name}`}
            className="tabs__tab"
            aria-selected={tab === name}
            data-testid={`tab-${name}`}
            onClick={() => switchTab(name)}
          >
            {name === 'results' ? t('saved.liveResults') : t('saved.savedCandidates')}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-labelledby={`saved-search-tab-${tab}`} className="saved-search__panel">
        <ResultsWorkspace
          localization={mapSearch?.localization ?? null}
          radiusKm={mapSearch?.radius ?? defaultRadiusKm}
          hits={saving.withOverrides(response?.hits ?? [])}
          total={response?.total ?? null}
          paging={paging}
          dispatchPaging={dispatchPaging}
          loading={search.isPending}
          refreshing={search.isFetching && !search.isPending}
          busyCandidateId={saving.busyCandidateId}
          initialSelectedId={linkedCandidate}
          countryWideTotal={response?.country_wide_total}
          placePending={!mapSearch && search.isPending}
          onToggleSave={(hit) => void saving.toggle(hit)}
          candidateAction={candidateAction}
          failure={
            search.isError && !response
              ? { retrying: search.isFetching, onRetry: search.refetch, quotaReached: isDailyQuotaReached(search.error) }
              : null
          }
          emptyText={tab === 'saved' ? savedEmptyText : t('results.empty')}
          emptyHint={tab === 'saved' ? t('saved.noSavedCandidatesHint') : undefined}
          showSort={tab === 'results'}
        />
        {tab === 'saved' && <NoLongerAvailable searchId={id} candidateIds={noLongerAvailable} />}
      </div>
    </section>
  );
}
