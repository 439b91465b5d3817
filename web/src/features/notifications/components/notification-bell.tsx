// The bell in the partner's header: a link to the notifications page with the
// number of unread ones, pushed by the server as soon as it changes (polled
// when the stream is down). The count is part of the link's accessible name.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useLiveUnreadCount, useUnreadCount } from '../api/notifications';
import '../notifications.css';

export function NotificationBell() {
  const { t } = useTranslation('alerts');
  useLiveUnreadCount();
  const unread = useUnreadCount().data?.unread ?? 0;
  return (
    <Link
      to={paths.partnerNotifications}
      className="icon-button notification-bell"
      data-testid="notification-bell"
      data-unread={unread}
      aria-label={t('bell.label', { count: unread })}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4l2-2zM10 20a2 2 0 0 0 4 0" />
      </svg>
      {unread > 0 && (
        <span className="notification-bell__count" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
