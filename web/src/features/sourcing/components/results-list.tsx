// The ranked list: the total, the sort, the hits and the pager, with the four
// states of a list (loading, error with retry, empty, data). Relax suggestions and actions come in as children of the
// header so the saved-search page can reuse the list as is; what each card offers beyond saving comes from the page
// (`candidateAction`).
import type { Dispatch, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StandingNotice, standingOfErrorCode } from '@/components/ui/account-standing';
import { DailyQuotaAlert } from '@/components/ui/daily-quota-alert';
import { QueryError, QueryLoading } from '@/components/ui/query-state';
import type { StandingErrorCode } from '@/lib/api-client';
import { type SearchHit, type SortOrder, sortOrders } from '../api/search-types';
import { currentPage, pageCount, type PagingAction, type PagingState, shownRange } from '../utils/results-paging';
import { HitCard } from './hit-card';

export type ResultsListProps = {
  hits: readonly SearchHit[];
  total: number | null;
  paging: PagingState;
  dispatchPaging: Dispatch<PagingAction>;
  /** First load (nothing to show yet) vs. refresh (old results stay, dimmed). */
  loading: boolean;
  refreshing: boolean;
  highlightedId: number | null;
  selectedId: number | null;
  busyCandidateId: number | null;
  onHover: (candidateId: number | null) => void;
  onOpen: (candidateId: number) => void;
  onToggleSave: (hit: SearchHit) => void;
  /**
   * The request failed: say so (never "no candidates") and offer to ask again;
   * or, when the server refused it for the account's standing or because the
   * partner's daily quota is spent, say that.
   */
  failure?: {
    retrying: boolean;
    onRetry: () => unknown;
    standing?: StandingErrorCode | null;
    quotaReached?: boolean;
  } | null;
  emptyText: string;
  emptyHint?: string;
  showSort?: boolean;
  beforeList?: ReactNode;
  /** What each candidate's card (and panel) offers beyond saving: the app's "Contact". */
  candidateAction?: (hit: SearchHit) => ReactNode;
};

export function ResultsList(props: ResultsListProps) {
  const { t } = useTranslation('sourcing');
  const { hits, total, paging, dispatchPaging, loading, refreshing } = props;
  const range = shownRange(paging, hits.length);
  const pages = pageCount(total ?? 0, paging.limit);

  return (
    <section className="results" aria-labelledby="results-title" aria-busy={loading || refreshing}>
      <header className="results__head">
        <div>
          <h2 className="results__title" id="results-title">
            {total === null ? t('results.title') : t('results.total', { count: total })}
          </h2>
          {total !== null && total > 0 && (
            <p className="results__range">{t('results.range', { from: range.from, to: range.to, total })}</p>
          )}
        </div>
        {props.showSort !== false && (
          <label className="results__sort">
            <span>{t('results.sortLabel')}</span>
            <select
              className="field__input field__input--small"
              value={paging.sort}
              data-testid="results-sort"
              onChange={(event) => dispatchPaging({ type: 'sort', sort: event.target.value as SortOrder })}
            >
              {sortOrders.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`results.sort.${sort}`)}
                </option>
              ))}
            </select>
          </label>
        )}
      </header>
      {props.beforeList}
      {loading ? (
        <QueryLoading className="results__state" text={t('results.loading')} />
      ) : props.failure?.standing ? (
        <StandingNotice standing={standingOfErrorCode(props.failure.standing)} className="results__state" testId="results-standing" />
      ) : props.failure?.quotaReached ? (
        <DailyQuotaAlert className="results__state" />
      ) : props.failure ? (
        <QueryError
          className="results__state"
          testId="results-error"
          text={t('results.error')}
          retrying={props.failure.retrying}
          onRetry={props.failure.onRetry}
        />
      ) : hits.length === 0 ? (
        <div className="results__state" data-testid="results-empty">
          <p className="results__state-title">{props.emptyText}</p>
          {props.emptyHint && <p>{props.emptyHint}</p>}
        </div>
      ) : (
        <ol className="results__list" data-refreshing={refreshing} data-testid="results-list">
          {hits.map((hit, index) => (
            <li key={hit.candidate.id}>
              <HitCard
                hit={hit}
                rank={paging.offset + index + 1}
                highlighted={props.highlightedId === hit.candidate.id}
                selected={props.selectedId === hit.candidate.id}
                savingBusy={props.busyCandidateId === hit.candidate.id}
                onHover={props.onHover}
                onOpen={props.onOpen}
                onToggleSave={props.onToggleSave}
                action={props.candidateAction?.(hit)}
              />
            </li>
          ))}
        </ol>
      )}
      {total !== null && total > paging.limit && (
        <nav className="pager" aria-label={t('results.page', { page: currentPage(paging), pages })}>
          <button
            type="button"
            className="button button--secondary"
            disabled={paging.offset === 0}
            onClick={() => dispatchPaging({ type: 'previous' })}
          >
            {t('results.previous')}
          </button>
          <span className="pager__status">{t('results.page', { page: currentPage(paging), pages })}</span>
          <button
            type="button"
            className="button button--secondary"
            disabled={paging.offset + paging.limit >= total}
            onClick={() => dispatchPaging({ type: 'next', total })}
          >
            {t('results.next')}
          </button>
        </nav>
      )}
    </section>
  );
}
