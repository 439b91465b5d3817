// /admin: the approval queue, the operator's home. The schools and partners
// whose accounts wait for approval, the oldest first (the server's order),
// each with what an operator checks before approving it, and Approve or
// Refuse (with a reason). A handled account leaves the list; the focus then
// goes to the count above it, which says how many are left.
import '@/styles/dashboard-blocks.css';
import '../admin.css';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { QueryEmpty, QueryState } from '@/components/ui/query-state';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAccounts } from '../api/get-accounts';
import { AccountRow } from './account-row';
import { Pager } from './pager';

export function ApprovalQueuePage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('queue.title'));
  const [page, setPage] = useState(1);
  const accounts = useAccounts({ standing: 'pending', page });
  const count = useRef<HTMLParagraphElement>(null);

  return (
    <div className="admin-page" data-testid="admin-queue">
      <PageHeader className="page-head" title={t('queue.title')} lead={t('queue.lead')} leadClassName="admin-page__lead" />
      <Panel titleId="approval-queue-title" title={t('queue.listTitle')} testId="approval-queue">
        <QueryState
          query={accounts}
          isEmpty={(data) => data.accounts.length === 0}
          testId="approval-queue"
          empty={<QueryEmpty title={t('queue.empty')} hint={t('queue.emptyHint')} />}
        >
          {(data) => (
            <>
              <p className="panel__count admin-count" ref={count} tabIndex={-1} aria-live="polite" data-testid="approval-queue-count">
                {t('queue.count', { count: data.total })}
              </p>
              <ul className="row-list" aria-labelledby="approval-queue-title">
                {data.accounts.map((account) => (
                  <AccountRow key={account.id} account={account} onLeft={() => count.current?.focus()} />
                ))}
              </ul>
              <Pager page={page} total={data.total} label={t('queue.pages')} onPage={setPage} />
            </>
          )}
        </QueryState>
      </Panel>
    </div>
  );
}
