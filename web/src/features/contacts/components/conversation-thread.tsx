// One thread of the messages page: who the other side is (name, company for a
// candidate, email address), the messages oldest first, and the composer;
// "Close the conversation" after a confirmation. A closed thread stays
// readable and takes no more messages. Opening a thread moves the keyboard to
// its heading; once it closes (by either side: the composer goes), to the
// sentence that says it is closed.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/ui/dialog';
import { QueryError, QueryLoading } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import { useCloseConversation } from '../api/close-conversation';
import { type Conversation, useConversation } from '../api/get-conversation';
import type { ConversationSide } from './conversations-page';
import { MessageComposer } from './message-composer';
import { ThreadMessages } from './thread-messages';

function ThreadHead({ conversation, side, onClose }: { conversation: Conversation; side: ConversationSide; onClose: () => void }) {
  const { t } = useTranslation('contacts');
  const name = `${conversation.firstname} ${conversation.lastname}`.trim();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <header className="thread__head">
      <Link className="thread__back" to={{ search: '' }}>
        {t('thread.back')}
      </Link>
      <div className="thread__who">
        <h2 ref={headingRef} id="thread-name" tabIndex={-1} className="thread__name" data-testid="thread-name">
          {name}
        </h2>
        {side === 'candidate' && <p className="thread__company">{conversation.company}</p>}
        <p className="thread__email">
          <a href={`mailto:${conversation.email}`} data-testid="thread-email">
            {conversation.email}
          </a>
        </p>
      </div>
      {!conversation.closed && (
        <button type="button" className="button button--secondary thread__close" onClick={onClose}>
          {t('thread.close')}
        </button>
      )}
    </header>
  );
}

export function ConversationThread({ id, side }: { id: number; side: ConversationSide }) {
  const { t } = useTranslation('contacts');
  const thread = useConversation(id);
  const close = useCloseConversation();
  const [asking, setAsking] = useState(false);
  const closedRef = useRef<HTMLParagraphElement>(null);
  const conversation = thread.data;
  const closed = conversation?.closed;
  const wasClosed = useRef(closed);
  useEffect(() => {
    if (wasClosed.current === false && closed === true) closedRef.current?.focus();
    wasClosed.current = closed;
  }, [closed]);

  if (conversation === undefined) {
    if (thread.isError && thread.error instanceof ApiError && thread.error.status === 404) {
      return (
        <div className="thread__state" data-testid="thread-missing">
          <p className="panel__empty-title">{t('thread.missing')}</p>
          <Link className="button button--secondary" to={{ search: '' }}>
            {t('thread.back')}
          </Link>
        </div>
      );
    }
    if (thread.isError) {
      return (
        <QueryError
          className="thread__state"
          text={t('thread.error')}
          retrying={thread.isFetching}
          onRetry={thread.refetch}
          testId="thread-error"
        />
      );
    }
    return <QueryLoading className="thread__state" text={t('thread.loading')} testId="thread-loading" />;
  }

  const name = `${conversation.firstname} ${conversation.lastname}`.trim();
  return (
    <article className="thread" aria-labelledby="thread-name" data-testid="thread" data-closed={conversation.closed}>
      <ThreadHead conversation={conversation} side={side} onClose={() => setAsking(true)} />
      <ThreadMessages messages={conversation.messages} name={name} />
      {conversation.closed ? (
        <p ref={closedRef} tabIndex={-1} className="form-alert form-alert--info thread__closed" data-testid="thread-closed">
          {t('thread.closed')}
        </p>
      ) : (
        <MessageComposer conversationId={id} name={name} />
      )}
      {asking && (
        <ConfirmDialog
          title={t('thread.closeTitle', { name })}
          message={t('thread.closeMessage', { name })}
          confirmLabel={t('thread.closeConfirm')}
          cancelLabel={t('thread.cancel')}
          busy={close.isPending}
          onConfirm={() =>
            close.mutate(id, { onSettled: () => setAsking(false) })
          }
          onCancel={() => setAsking(false)}
        />
      )}
    </article>
  );
}
