// On an approved partner's dashboard: the people who signed up naming the
// same company and wait for approval, each with Accept. The card shows only
// when someone waits (nothing while the list loads, nor when it is empty); a
// list that failed to load says so with Retry, so that a request is never
// silently hidden.
import '@/styles/dashboard-blocks.css';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '@/components/ui/panel';
import { QueryError } from '@/components/ui/query-state';
import { formatDate } from '@/lib/format-date';
import { restrictedStanding, useSession } from '@/lib/session';
import { showToast } from '@/lib/toasts';
import { useApiErrorMessage } from '@/lib/use-api-error-message';
import { type ColleagueRequest, useAcceptColleague, useColleagueRequests } from '../api/colleague-requests';

function ColleagueRow({ request, onAccepted }: { request: ColleagueRequest; onAccepted: () => void }) {
  const { t, i18n } = useTranslation('sourcing');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const errorMessage = useApiErrorMessage();
  const accept = useAcceptColleague();
  const name = `${request.firstname} ${request.lastname}`.trim() || request.email;
  const facts = [request.role, request.email, t('colleagues.since', { date: formatDate(request.created_at, locale) })].filter(
    (fact): fact is string => Boolean(fact),
  );
  return (
    <li className="row-list__item" data-testid="colleague-request">
      <div>
        <p className="row-list__title">{name}</p>
        <p className="row-list__meta">{facts.join(' · ')}</p>
      </div>
      <button
        type="button"
        className="button button--primary"
        disabled={accept.isPending}
        aria-label={t('colleagues.acceptFor', { name })}
        onClick={() =>
          accept.mutate(request.id, {
            onSuccess: () => {
              showToast(t('colleagues.accepted', { name }), 'success');
              onAccepted();
            },
            onError: (error) => showToast(errorMessage(error), 'error'),
          })
        }
      >
        {t('colleagues.accept')}
      </button>
    </li>
  );
}

export function ColleagueRequestsCard() {
  const { t } = useTranslation('sourcing');
  const { user } = useSession();
  const approved = user !== null && restrictedStanding(user) === null;
  const requests = useColleagueRequests({ enabled: approved });
  const heading = useRef<HTMLParagraphElement>(null);
  if (!approved) return null;
  if (requests.data === undefined && !requests.isError) return null;
  if (requests.data !== undefined && requests.data.requests.length === 0) return null;

  return (
    <Panel titleId="colleague-requests-title" title={t('colleagues.title')} testId="colleague-requests">
      {requests.data === undefined ? (
        <QueryError
          className="panel__empty"
          text={t('colleagues.error')}
          retrying={requests.isFetching}
          onRetry={requests.refetch}
          testId="colleague-requests-error"
        />
      ) : (
        <>
          <p className="panel__body panel__count" ref={heading} tabIndex={-1} aria-live="polite">
            {t('colleagues.lead', { count: requests.data.requests.length })}
          </p>
          <ul className="row-list" aria-labelledby="colleague-requests-title">
            {requests.data.requests.map((request) => (
              <ColleagueRow key={request.id} request={request} onAccepted={() => heading.current?.focus()} />
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
}
