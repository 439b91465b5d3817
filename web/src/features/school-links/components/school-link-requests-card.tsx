// The partner dashboard's card of school link requests: each school that asked
// to be linked, since when, with Accept and Refuse, and one sentence on what
// accepting means. Nothing shows while the list loads or when it is empty (the
// usual case); a failure to load it says so, with a Retry.
import '@/styles/dashboard-blocks.css';
import '../school-links.css';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '@/components/ui/panel';
import { QueryError } from '@/components/ui/query-state';
import { formatDate } from '@/lib/format-date';
import { showToast } from '@/lib/toasts';
import { type SchoolLinkAnswer, useAnswerSchoolLinkRequest } from '../api/answer-school-link-request';
import { type SchoolLinkRequest, useSchoolLinkRequests } from '../api/get-school-link-requests';

export function SchoolLinkRequestsCard() {
  const { t, i18n } = useTranslation('sourcing');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const requests = useSchoolLinkRequests();
  const answerRequest = useAnswerSchoolLinkRequest();
  const titleRef = useRef<HTMLSpanElement>(null);

  const answer = (request: SchoolLinkRequest, choice: SchoolLinkAnswer) =>
    answerRequest.mutate(
      { schoolId: request.id, answer: choice },
      {
        onSuccess: () => {
          showToast(t(choice === 'accept' ? 'schoolLinks.accepted' : 'schoolLinks.refused', { school: request.school }), 'success');
          // The answered row goes away: keep the keyboard in the card rather than lose it.
          titleRef.current?.focus();
        },
      },
    );

  const list = requests.data?.requests;
  if (requests.data === undefined && !requests.isError) return null;
  if (list?.length === 0) return null;

  return (
    <Panel
      titleId="school-links-title"
      title={
        <span ref={titleRef} tabIndex={-1}>
          {t('schoolLinks.title')}
        </span>
      }
      testId="school-links"
    >
      <p className="school-links__lead">{t('schoolLinks.lead')}</p>
      {list === undefined ? (
        <QueryError
          className="panel__empty"
          testId="school-links-error"
          text={t('schoolLinks.error')}
          retrying={requests.isFetching}
          onRetry={requests.refetch}
        />
      ) : (
        <ul className="row-list school-links__list" data-testid="school-links-list">
          {list.map((request) => (
            <li key={request.id} className="row-list__item" data-testid="school-link-request">
              <div>
                <p className="row-list__title">{request.school}</p>
                <p className="row-list__meta">{t('schoolLinks.askedOn', { date: formatDate(request.created_at, locale) })}</p>
              </div>
              {(['accept', 'refuse'] as const).map((choice) => (
                <button
                  key={choice}
                  type="button"
                  className={choice === 'accept' ? 'button button--primary' : 'button button--secondary'}
                  aria-label={t(`schoolLinks.${choice}Named`, { school: request.school })}
                  disabled={answerRequest.isPending}
                  onClick={() => answer(request, choice)}
                >
                  {t(`schoolLinks.${choice}`)}
                </button>
              ))}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
