// /dashboard/partenaire/notifications: the candidates who started to match the
// partner's saved searches with alerts, newest first, each with the reason from
// the match's explanation and links to the search's results; unread ones are
// marked and can be marked read one by one or all at once.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { buildPath, paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatDate } from '@/lib/format-date';
import { type NotificationItem, useMarkAllRead, useMarkRead, useNotifications } from '../api/notifications';
import '../notifications.css';

function NotificationRow({ item }: { item: NotificationItem }) {
  const { t, i18n } = useTranslation('alerts');
  const markRead = useMarkRead();
  const searchPath = `${buildPath(paths.partnerSavedSearch, { id: item.search_id })}?candidate=${item.candidate_id}`;
  return (
    <li className="notification" data-read={item.read} data-testid="notification">
      <div className="notification__body">
        <p className="notification__title">
          {!item.read && <span className="new-badge notification__unread">{t('page.unread')}</span>}
          <Link to={searchPath} onClick={() => !item.read && markRead.mutate(item.id)}>
            {t('page.startedToMatch', { candidate: item.candidate_name, search: item.search_name })}
          </Link>
        </p>
        <p className="notification__reason">{item.reason}</p>
        <p className="notification__date">{formatDate(item.created_at, i18n.resolvedLanguage ?? 'fr')}</p>
      </div>
      {!item.read && (
        <button
          type="button"
          className="button button--ghost"
          disabled={markRead.isPending}
          onClick={() => markRead.mutate(item.id)}
          aria-label={t('page.markReadOf', { candidate: item.candidate_name })}
        >
          {t('page.markRead')}
        </button>
      )}
    </li>
  );
}

/** `emailPreferences`: what the route adds below the list (the partner's email switches). */
export function NotificationsPage({ emailPreferences }: { emailPreferences?: ReactNode }) {
  const { t } = useTranslation('alerts');
  useDocumentTitle(t('page.title'));
  const notifications = useNotifications();
  const markAllRead = useMarkAllRead();
  const unread = notifications.data?.unread ?? 0;
  return (
    <section className="notifications" data-testid="notifications-page">
      <PageHeader className="notifications__head" title={t('page.title')} lead={t('page.lead')} leadClassName="notifications__lead">
        {unread > 0 && (
          <button
            type="button"
            className="button button--secondary"
            disabled={markAllRead.isPending}
            onClick={() => markAllRead.mutate()}
          >
            {t('page.markAllRead')}
          </button>
        )}
      </PageHeader>
      <QueryState
        query={notifications}
        isEmpty={(data) => data.notifications.length === 0}
        empty={<p className="notifications__empty">{t('page.empty')}</p>}
      >
        {(data) => (
          <ul className="notifications__list">
            {data.notifications.map((item) => (
              <NotificationRow key={item.id} item={item} />
            ))}
          </ul>
        )}
      </QueryState>
      {emailPreferences && <div className="notifications__more">{emailPreferences}</div>}
    </section>
  );
}
