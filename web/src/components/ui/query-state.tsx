// The four states every list of the app has (house style): loading, error
// (with a Retry button that asks again), empty (with the next thing to do)
// and data. A failed request must never look like an empty list. A list the
// server refuses for the account's standing (a school or partner an operator
// has not approved) says so instead of "could not load".
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { standingErrorOf } from '@/lib/api-client';
import { StandingNotice, standingOfErrorCode } from './account-standing';

/** What this needs from a TanStack Query result. */
export type QueryLike<TData> = {
  data: TData | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
  /** Why it failed, when it did. */
  error?: unknown;
};

export type QueryStateProps<TData> = {
  query: QueryLike<TData>;
  /** Whether loaded data counts as empty; an empty array by default. */
  isEmpty?: (data: TData) => boolean;
  /** What an empty list shows: what it means and the next action. */
  empty: ReactNode;
  /** Class of the loading, error and empty boxes. */
  className?: string;
  loadingText?: string;
  errorText?: string;
  /** Prefix of the boxes' `data-testid` (`-loading`, `-error`, `-empty`). */
  testId?: string;
  children: (data: TData) => ReactNode;
};

/**
 * Several queries as one, for a page that needs them all: loaded (with
 * `data`) once every query has answered, failed when one failed; Retry asks
 * again only the queries that failed.
 */
export function combinedQuery<TData>(queries: readonly QueryLike<unknown>[], data: TData): QueryLike<TData> {
  return {
    data: queries.every((query) => query.data !== undefined) ? data : undefined,
    isPending: queries.some((query) => query.isPending),
    isError: queries.some((query) => query.isError),
    isFetching: queries.some((query) => query.isFetching),
    error: queries.find((query) => query.isError)?.error ?? null,
    refetch: () => Promise.all(queries.filter((query) => query.isError).map((query) => query.refetch())),
  };
}

const emptyArray = (data: unknown) => Array.isArray(data) && data.length === 0;

/** The "loading" box. */
export function QueryLoading({ text, className, testId }: { text?: string; className: string; testId?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className={className} role="status" data-testid={testId}>
      <span className="page-loader__spinner" aria-hidden="true" />
      <p>{text ?? t('queryState.loading')}</p>
    </div>
  );
}

/** What an empty list shows inside its box: what is missing, a hint, and the next action when there is one. */
export function QueryEmpty({ title, hint, action }: { title: string; hint: string; action?: ReactNode }) {
  return (
    <>
      <p className="panel__empty-title">{title}</p>
      <p>{hint}</p>
      {action}
    </>
  );
}

/** The "could not load" box, with its Retry button. */
export function QueryError({
  text,
  className,
  testId,
  retrying,
  onRetry,
  compact = false,
}: {
  text?: string;
  className: string;
  testId?: string;
  retrying: boolean;
  onRetry: () => unknown;
  /** Without the "check your connection" line (e.g. under a form field). */
  compact?: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <div className={className} role="alert" data-testid={testId}>
      <p className="panel__empty-title">{text ?? t('queryState.error')}</p>
      {!compact && <p>{t('queryState.errorHint')}</p>}
      <button type="button" className="button button--secondary" disabled={retrying} onClick={() => void onRetry()}>
        {t(retrying ? 'queryState.retrying' : 'queryState.retry')}
      </button>
    </div>
  );
}

export function QueryState<TData>({
  query,
  isEmpty = emptyArray,
  empty,
  className = 'panel__empty',
  loadingText,
  errorText,
  testId,
  children,
}: QueryStateProps<TData>) {
  const suffix = (state: string) => (testId ? `${testId}-${state}` : undefined);
  // Data still on screen wins over a failed refresh of it.
  if (query.data !== undefined) {
    return isEmpty(query.data) ? (
      <div className={className} data-testid={suffix('empty')}>
        {empty}
      </div>
    ) : (
      <>{children(query.data)}</>
    );
  }
  const standing = query.isError ? standingErrorOf(query.error) : null;
  if (standing !== null) {
    return <StandingNotice standing={standingOfErrorCode(standing)} className={className} testId={suffix('standing')} />;
  }
  if (query.isError) {
    return (
      <QueryError
        text={errorText}
        className={className}
        testId={suffix('error')}
        retrying={query.isFetching}
        onRetry={query.refetch}
      />
    );
  }
  return <QueryLoading text={loadingText} className={className} testId={suffix('loading')} />;
}

const neverEmpty = () => false;

/** The states of a query that reads one value (a profile, settings, figures) rather than a list: it is never empty. */
export function ValueQueryState<TData>(props: Omit<QueryStateProps<TData>, 'isEmpty' | 'empty'>) {
  return <QueryState {...props} isEmpty={neverEmpty} empty={null} />;
}
