// The partner dashboard's "My contact requests": each request, newest first,
// with the candidate's name (or that they are no longer available), where it
// stands, when it was sent and answered (or when it expires), the offer it is
// about; once accepted, the candidate's email address and the way to the
// conversation. The ten newest show first, the rest on demand. The four states
// of a list; a partner an operator has not approved is told so instead.
import '@/styles/dashboard-blocks.css';
import '../styles/contact-requests.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Panel } from '@/components/ui/panel';
import { QueryEmpty, QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { HiddenNameNote } from '@/components/ui/hidden-name-note';
import { type ContactRequest, useSentContactRequests } from '../api/get-sent-contact-requests';
import { useRequestDates } from '../hooks/use-request-dates';
import { conversationSearch } from '../utils/conversation-link';
import { ContactStateBadge } from './contact-state-badge';

/** How many requests the card shows before "Show all". */
export const shownAtFirst = 10;

function SentRequestRow({ request }: { request: ContactRequest }) {
  const { t } = useTranslation('contacts');
  const dates = useRequestDates();
  const firstname = request.candidate_firstname ?? null;
  const name = firstname === null ? null : `${firstname} ${request.candidate_lastname ?? ''}`.trim();
  const facts = [
    t('sent.sentOn', { date: dates.day(request.created_at) }),
    dates.outcome(request),
    request.offer_title ? t('sent.about', { offer: request.offer_title }) : null,
  ].filter((fact): fact is string => Boolean(fact));
  return (
    <li className="row-list__item sent-request" data-testid="sent-request" data-state={request.state}>
      <div>
        <p className="row-list__title">
          {name ?? <span className="sent-request__gone">{t('sent.noLongerAvailable')}</span>}
        </p>
        {request.name_hidden && <HiddenNameNote />}
        <p className="row-list__meta">{facts.join(' · ')}</p>
        {request.state === 'accepted' && request.contact_email && (
          <p className="row-list__meta sent-request__contact">
            <a href={`mailto:${request.contact_email}`} data-testid="sent-request-email">
              {request.contact_email}
            </a>
          </p>
        )}
      </div>
      <ContactStateBadge state={request.state} />
      {request.state === 'accepted' && (
        <Link
          className="button button--secondary"
          to={{ pathname: paths.partnerMessages, search: conversationSearch(request.id) }}
          aria-label={t('sent.conversationWith', { name: name ?? t('sent.noLongerAvailable') })}
        >
          {t('sent.conversation')}
        </Link>
      )}
    </li>
  );
}

export function SentContactRequestsCard() {
  const { t } = useTranslation('contacts');
  const requests = useSentContactRequests();
  const [showAll, setShowAll] = useState(false);
  const count = requests.data?.requests.length;
  return (
    <Panel
      titleId="sent-requests-title"
      title={
        <>
          {t('sent.title')} <span className="panel__count">{count ?? ''}</span>
        </>
      }
      testId="sent-requests"
    >
      <QueryState
        query={requests}
        isEmpty={(data) => data.requests.length === 0}
        testId="sent-requests"
        loadingText={t('sent.loading')}
        errorText={t('sent.error')}
        empty={
          <QueryEmpty
            title={t('sent.empty')}
            hint={t('sent.emptyHint')}
            action={
              <Link className="button button--secondary" to={paths.partnerSourcing}>
                {t('sent.findCandidates')}
              </Link>
            }
          />
        }
      >
        {({ requests: list }) => (
          <>
            <ul className="row-list" data-testid="sent-requests-list">
              {(showAll ? list : list.slice(0, shownAtFirst)).map((request) => (
                <SentRequestRow key={request.id} request={request} />
              ))}
            </ul>
            {list.length > shownAtFirst && (
              <div className="sent-requests__more">
                <button type="button" className="button button--ghost" aria-expanded={showAll} onClick={() => setShowAll(!showAll)}>
                  {showAll ? t('sent.showFewer') : t('sent.showAll', { total: list.length })}
                </button>
              </div>
            )}
          </>
        )}
      </QueryState>
    </Panel>
  );
}
