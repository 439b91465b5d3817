// The candidate's answered and expired contact requests, folded under one
// line ("Answered requests (3)") below the waiting ones: the company and the
// recruiter, what became of it and when; for an accepted one, the recruiter's
// address and the way to the conversation.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { ContactRequest } from '../api/get-sent-contact-requests';
import { useRequestDates } from '../hooks/use-request-dates';
import { conversationSearch } from '../utils/conversation-link';
import { ContactStateBadge } from './contact-state-badge';
import { recruiterName } from './received-request-item';

export function AnsweredRequestsHistory({ requests }: { requests: readonly ContactRequest[] }) {
  const { t } = useTranslation('contacts');
  const dates = useRequestDates();
  return (
    <details className="answered-requests" data-testid="answered-requests">
      <summary>{t('received.history', { total: requests.length })}</summary>
      <ul className="row-list">
        {requests.map((request) => (
          <li key={request.id} className="row-list__item answered-request" data-testid="answered-request" data-state={request.state}>
            <div>
              <p className="row-list__title">{request.company}</p>
              <p className="row-list__meta">{[recruiterName(request), dates.outcome(request)].join(' · ')}</p>
              {request.state === 'accepted' && request.contact_email && (
                <p className="row-list__meta">
                  <a href={`mailto:${request.contact_email}`}>{request.contact_email}</a>
                </p>
              )}
            </div>
            <ContactStateBadge state={request.state} />
            {request.state === 'accepted' && (
              <Link
                className="button button--secondary"
                to={{ pathname: paths.candidateMessages, search: conversationSearch(request.id) }}
                aria-label={t('received.conversationWith', { name: recruiterName(request), company: request.company })}
              >
                {t('received.conversation')}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}
