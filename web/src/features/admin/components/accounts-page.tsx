// /admin/comptes: every account, found by text (name, email, organisation,
// accents and case aside), role and standing, a page at a time; an approved
// account can be suspended (with a reason), a suspended one reinstated, and a
// pending or refused one approved. The text is sent once typing pauses.
import '@/styles/dashboard-blocks.css';
import '../admin.css';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { QueryEmpty, QueryState } from '@/components/ui/query-state';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useDocumentTitle } from '@/hooks/use-document-title';
import type { AccountRole, AccountStanding } from '../api/admin-types';
import { useAccounts } from '../api/get-accounts';
import { AccountRow } from './account-row';
import { Pager } from './pager';

const roles: readonly AccountRole[] = ['school', 'partner', 'candidate', 'operator'];
const standings: readonly AccountStanding[] = ['pending', 'approved', 'refused', 'suspended'];

/** The pause after the last key before the text is searched. */
const typingPauseMs = 300;

export function AccountsPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('accounts.title'));
  const [text, setText] = useState('');
  const [role, setRole] = useState<AccountRole | undefined>(undefined);
  const [standing, setStanding] = useState<AccountStanding | undefined>(undefined);
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(text.trim(), typingPauseMs);
  // A new search starts on its first page.
  const [searched, setSearched] = useState({ q, role, standing });
  if (searched.q !== q || searched.role !== role || searched.standing !== standing) {
    setSearched({ q, role, standing });
    setPage(1);
  }
  const accounts = useAccounts({ q: q || undefined, role, standing, page });
  const count = useRef<HTMLParagraphElement>(null);

  return (
    <div className="admin-page" data-testid="admin-accounts">
      <PageHeader className="page-head" title={t('accounts.title')} lead={t('accounts.lead')} leadClassName="admin-page__lead" />
      <Panel titleId="admin-accounts-title" title={t('accounts.listTitle')} testId="accounts-list">
        <div className="panel__body">
          <div className="admin-filters" role="search" aria-label={t('accounts.filters')}>
            <TextField
              id="accounts-q"
              type="search"
              label={t('accounts.search')}
              hint={t('accounts.searchHint')}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
            <SelectField
              id="accounts-role"
              label={t('accounts.role')}
              placeholder={t('accounts.allRoles')}
              options={roles.map((value) => ({ value, label: t(`roles.${value}`) }))}
              value={role ?? ''}
              onChange={(event) => setRole(event.target.value === '' ? undefined : (event.target.value as AccountRole))}
            />
            <SelectField
              id="accounts-standing"
              label={t('accounts.standing')}
              placeholder={t('accounts.allStandings')}
              options={standings.map((value) => ({ value, label: t(`standings.${value}`) }))}
              value={standing ?? ''}
              onChange={(event) =>
                setStanding(event.target.value === '' ? undefined : (event.target.value as AccountStanding))
              }
            />
          </div>
        </div>
        <QueryState
          query={accounts}
          isEmpty={(data) => data.accounts.length === 0}
          testId="accounts"
          empty={<QueryEmpty title={t('accounts.empty')} hint={t('accounts.emptyHint')} />}
        >
          {(data) => (
            <>
              <p className="panel__count admin-count" ref={count} tabIndex={-1} aria-live="polite" data-testid="accounts-count">
                {t('accounts.count', { count: data.total })}
              </p>
              <ul className="row-list" aria-labelledby="admin-accounts-title" aria-busy={accounts.isFetching}>
                {data.accounts.map((account) => (
                  <AccountRow key={account.id} account={account} showStanding onLeft={() => count.current?.focus()} />
                ))}
              </ul>
              <Pager page={page} total={data.total} label={t('accounts.pages')} onPage={setPage} />
            </>
          )}
        </QueryState>
      </Panel>
    </div>
  );
}
