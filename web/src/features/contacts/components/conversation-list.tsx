// The threads of the messages page: the other side's name (and, for a
// candidate, the recruiter's company), when the last message came, how many
// of theirs are unread, and whether the thread is closed. Each opens its
// thread beside the list; the open one is marked as the current page.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/format-date';
import type { ConversationSummary } from '../api/get-conversations';
import { conversationSearch } from '../utils/conversation-link';
import type { ConversationSide } from './conversations-page';

export function ConversationList({
  conversations,
  openId,
  side,
}: {
  conversations: readonly ConversationSummary[];
  openId: number | null;
  side: ConversationSide;
}) {
  const { t, i18n } = useTranslation('contacts');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  return (
    <ul className="conversation-list" data-testid="conversation-list">
      {conversations.map((conversation) => {
        const name = `${conversation.firstname} ${conversation.lastname}`.trim();
        return (
          <li key={conversation.id}>
            <Link
              className="conversation-list__item"
              to={{ search: conversationSearch(conversation.id) }}
              aria-current={conversation.id === openId ? 'page' : undefined}
              data-testid="conversation-item"
              data-unread={conversation.unread}
            >
              <span className="conversation-list__name">{name}</span>
              {side === 'candidate' && <span className="conversation-list__company">{conversation.company}</span>}
              <span className="conversation-list__facts">
                <span>
                  {conversation.last_message_at
                    ? t('conversations.lastMessage', { date: formatDateTime(conversation.last_message_at, locale) })
                    : t('conversations.noMessageYet')}
                </span>
                {conversation.unread > 0 && <span className="new-badge">{t('conversations.unread', { count: conversation.unread })}</span>}
                {conversation.closed && <span className="contact-state" data-state="closed">{t('conversations.closed')}</span>}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
