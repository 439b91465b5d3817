// The count beside "Messages" in the dashboard's navigation (candidates and
// partners): the unread messages of every thread, from the conversations list,
// asked every minute and when the window regains focus (every 15 seconds while
// the messages page is open, which shares the query). Nothing while there is
// none or while it cannot be read. The number is drawn as a badge; a screen
// reader hears it as part of the link's name.
import '../styles/conversations.css';
import { useTranslation } from 'react-i18next';
import { unreadPollMs, useConversations } from '../api/get-conversations';

export function UnreadMessagesCount() {
  const { t } = useTranslation('contacts');
  const unread = useConversations(unreadPollMs).data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <>
      <span className="unread-count" aria-hidden="true" data-testid="unread-messages">
        {unread > 99 ? '99+' : unread}
      </span>
      <span className="visually-hidden">{t('nav.unread', { count: unread })}</span>
    </>
  );
}
