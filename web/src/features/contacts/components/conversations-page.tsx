// /dashboard/candidate/messages and /dashboard/partenaire/messages: the
// caller's conversations (one per accepted contact request), the threads on
// one side and the open one (`?conversation={id}`) on the other; on a phone
// the one or the other. The list is asked again every 15 seconds while the
// page is visible, as is the open thread. `side` says whose page it is: the
// texts, and where an empty list sends them, differ.
import '../styles/contact-state.css';
import '../styles/conversations.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { QueryEmpty, QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useConversations } from '../api/get-conversations';
import { conversationOfSearch } from '../utils/conversation-link';
import { ConversationList } from './conversation-list';
import { ConversationThread } from './conversation-thread';

export type ConversationSide = 'candidate' | 'partner';

export function ConversationsPage({ side }: { side: ConversationSide }) {
  const { t } = useTranslation('contacts');
  useDocumentTitle(t('conversations.title'));
  const [searchParams] = useSearchParams();
  const openId = conversationOfSearch(searchParams);
  const conversations = useConversations();
  const listHeadingRef = useRef<HTMLHeadingElement>(null);

  // Back to the list from a thread (a phone shows one at a time): the keyboard lands on the list.
  const previousOpenId = useRef(openId);
  useEffect(() => {
    if (previousOpenId.current !== null && openId === null) listHeadingRef.current?.focus();
    previousOpenId.current = openId;
  }, [openId]);

  return (
    <section className="conversations-page" data-testid="conversations-page" data-side={side}>
      <PageHeader
        className="conversations-page__head"
        title={t('conversations.title')}
        lead={t(`conversations.lead.${side}`)}
        leadClassName="conversations-page__lead"
      />
      <QueryState
        query={conversations}
        isEmpty={(data) => data.conversations.length === 0}
        testId="conversations"
        loadingText={t('conversations.loading')}
        errorText={t('conversations.error')}
        empty={
          <QueryEmpty
            title={t('conversations.empty')}
            hint={t(`conversations.emptyHint.${side}`)}
            action={
              <Link className="button button--secondary" to={side === 'partner' ? paths.partnerSourcing : paths.candidateDashboard}>
                {t(`conversations.emptyAction.${side}`)}
              </Link>
            }
          />
        }
      >
        {(data) => (
          <div className="conversations" data-thread-open={openId !== null}>
            <div className="conversations__list panel">
              <h2 ref={listHeadingRef} tabIndex={-1} className="conversations__heading">
                {t('conversations.threads')}
              </h2>
              <ConversationList conversations={data.conversations} openId={openId} side={side} />
            </div>
            <div className="conversations__thread panel">
              {openId === null ? (
                <p className="conversations__choose">{t('conversations.choose')}</p>
              ) : (
                <ConversationThread key={openId} id={openId} side={side} />
              )}
            </div>
          </div>
        )}
      </QueryState>
    </section>
  );
}
