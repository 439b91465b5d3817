// /admin/journal: what was done to accounts and institutions, newest first, a
// page at a time: when (day and time in the user's language), what (the
// action, translated), to whom, by whom (an operator, a colleague, or the
// system for the command line) and the detail (a reason, a name).
import '@/styles/dashboard-blocks.css';
import '../admin.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { QueryEmpty, QueryState } from '@/components/ui/query-state';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatDateTime } from '@/lib/format-date';
import type { AuditEvent } from '../api/admin-types';
import { useAuditEvents } from '../api/get-audit-events';
import { Pager } from './pager';

function EventRow({ event }: { event: AuditEvent }) {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  return (
    <li className="row-list__item" data-testid="audit-event" data-action={event.action}>
      <div className="admin-row__text">
        <h3 className="row-list__title">
          {t(`audit.actions.${event.action}`)}
          {event.subject && ` · ${event.subject}`}
        </h3>
        <p className="row-list__meta">
          <time dateTime={event.at}>{formatDateTime(event.at, locale)}</time>
          {' · '}
          {event.actor ? t('audit.by', { actor: event.actor }) : t('audit.bySystem')}
        </p>
        {event.detail && <p className="admin-row__detail">{event.detail}</p>}
      </div>
    </li>
  );
}

export function AuditLogPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('audit.title'));
  const [page, setPage] = useState(1);
  const events = useAuditEvents(page);
  return (
    <div className="admin-page" data-testid="admin-audit">
      <PageHeader className="page-head" title={t('audit.title')} lead={t('audit.lead')} leadClassName="admin-page__lead" />
      <Panel titleId="audit-log-title" title={t('audit.listTitle')} testId="audit-log">
        <QueryState
          query={events}
          isEmpty={(data) => data.events.length === 0}
          testId="audit-log"
          empty={<QueryEmpty title={t('audit.empty')} hint={t('audit.emptyHint')} />}
        >
          {(data) => (
            <>
              <p className="panel__count admin-count">{t('audit.count', { count: data.total })}</p>
              <ol className="row-list" aria-labelledby="audit-log-title" aria-busy={events.isFetching}>
                {data.events.map((event) => (
                  <EventRow key={event.id} event={event} />
                ))}
              </ol>
              <Pager page={page} total={data.total} label={t('audit.pages')} onPage={setPage} />
            </>
          )}
        </QueryState>
      </Panel>
    </div>
  );
}
