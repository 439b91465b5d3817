// The candidate dashboard's contact requests: companies that found the
// candidate ask to get in touch. Each waiting request with its message and
// Accept, Decline (after a confirmation) and "Block this company" (after a
// confirmation); the answered ones folded into a short history. Accepting
// gives the recruiter's address and opens the conversation, which the note
// after the answer offers at once. After any answer the keyboard goes to that
// note, as the buttons pressed are gone. The four states of a list.
import '@/styles/dashboard-blocks.css';
import '../styles/contact-requests.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Panel } from '@/components/ui/panel';
import { QueryEmpty, QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { type ContactAnswer, useAnswerContactRequest } from '../api/answer-contact-request';
import { useBlockCompany } from '../api/change-company-block';
import type { ContactRequest } from '../api/get-sent-contact-requests';
import { useReceivedContactRequests } from '../api/get-received-contact-requests';
import { conversationSearch } from '../utils/conversation-link';
import { AnsweredRequestsHistory } from './answered-requests-history';
import { type OfferFitView, ReceivedRequestItem, type ReceivedRequestAction, recruiterName } from './received-request-item';

/** What the last answer did, said above the requests. */
type Note = { tone: 'success' | 'error'; text: string; accepted?: ContactRequest };

/** The question asked before declining or blocking. */
type Question = { action: Exclude<ReceivedRequestAction, 'accept'>; request: ContactRequest };

function AnswerNote({ note }: { note: Note }) {
  const { t } = useTranslation('contacts');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [note]);
  const accepted = note.accepted;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className={`form-alert form-alert--${note.tone} received-requests__note`}
      data-testid="received-requests-note"
    >
      <p>{note.text}</p>
      {accepted?.contact_email && (
        <p className="received-requests__next">
          <a href={`mailto:${accepted.contact_email}`}>{accepted.contact_email}</a>
          <Link to={{ pathname: paths.candidateMessages, search: conversationSearch(accepted.id) }}>{t('received.openConversation')}</Link>
        </p>
      )}
    </div>
  );
}

/** `fit` draws how the candidate fits the offer a request is about (the app gives sourcing's drawing). */
export function ReceivedContactRequestsCard({ fit }: { fit?: OfferFitView } = {}) {
  const { t } = useTranslation(['contacts', 'api']);
  const requests = useReceivedContactRequests();
  const answer = useAnswerContactRequest();
  const block = useBlockCompany();
  const [note, setNote] = useState<Note | null>(null);
  const [question, setQuestion] = useState<Question | null>(null);

  const failed = (error: unknown) =>
    setNote({
      tone: 'error',
      text: error instanceof ApiError && error.code === 'contact_request_closed' ? t('api:codes.contact_request_closed') : t('received.failed'),
    });

  const send = (request: ContactRequest, chosen: ContactAnswer) =>
    answer.mutate(
      { id: request.id, answer: chosen },
      {
        onSuccess: (answered) =>
          setNote(
            chosen === 'acceptance'
              ? { tone: 'success', text: t('received.accepted', { name: recruiterName(request), company: request.company }), accepted: answered }
              : { tone: 'success', text: t('received.declined', { company: request.company }) },
          ),
        onError: failed,
        onSettled: () => setQuestion(null),
      },
    );

  const blockCompany = (request: ContactRequest) =>
    block.mutate(request.company_id, {
      onSuccess: () => setNote({ tone: 'success', text: t('received.blocked', { company: request.company }) }),
      onSettled: () => setQuestion(null),
    });

  const onAction = (request: ContactRequest, action: ReceivedRequestAction) =>
    action === 'accept' ? send(request, 'acceptance') : setQuestion({ action, request });

  return (
    <Panel titleId="received-requests-title" title={t('received.title')} className="received-requests" testId="received-requests">
      <div className="panel__body received-requests__body">
        <p className="received-requests__intro">{t('received.intro')}</p>
        {note && <AnswerNote note={note} />}
        <QueryState
          query={requests}
          isEmpty={(data) => data.requests.length === 0}
          testId="received-requests"
          loadingText={t('received.loading')}
          errorText={t('received.error')}
          empty={
            <QueryEmpty
              title={t('received.empty')}
              hint={t('received.emptyHint')}
              action={
                <Link className="button button--secondary" to={paths.candidateSettings}>
                  {t('received.whoFindsMe')}
                </Link>
              }
            />
          }
        >
          {({ requests: list }) => {
            const waiting = list.filter((request) => request.state === 'pending');
            const answered = list.filter((request) => request.state !== 'pending');
            return (
              <>
                {waiting.length === 0 ? (
                  <p className="received-requests__none" data-testid="received-requests-none-waiting">
                    {t('received.noneWaiting')}
                  </p>
                ) : (
                  <ul className="received-requests__list">
                    {waiting.map((request) => (
                      <ReceivedRequestItem
                        key={request.id}
                        request={request}
                        busy={(answer.isPending && answer.variables.id === request.id) || (block.isPending && block.variables === request.company_id)}
                        onAction={(action) => onAction(request, action)}
                        fit={fit}
                      />
                    ))}
                  </ul>
                )}
                {answered.length > 0 && <AnsweredRequestsHistory requests={answered} />}
              </>
            );
          }}
        </QueryState>
      </div>
      {question?.action === 'decline' && (
        <ConfirmDialog
          title={t('received.declineTitle', { company: question.request.company })}
          message={t('received.declineMessage', { company: question.request.company })}
          confirmLabel={t('received.declineConfirm')}
          cancelLabel={t('received.cancel')}
          busy={answer.isPending}
          onConfirm={() => send(question.request, 'refusal')}
          onCancel={() => setQuestion(null)}
        />
      )}
      {question?.action === 'block' && (
        <ConfirmDialog
          title={t('received.blockTitle', { company: question.request.company })}
          message={t('received.blockMessage', { company: question.request.company })}
          confirmLabel={t('received.blockConfirm')}
          cancelLabel={t('received.cancel')}
          busy={block.isPending}
          onConfirm={() => blockCompany(question.request)}
          onCancel={() => setQuestion(null)}
        />
      )}
    </Panel>
  );
}
