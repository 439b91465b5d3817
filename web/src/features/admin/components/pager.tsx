// Previous and next page of an operator's list, with where the list is
// ("Page 2 of 5"); nothing when everything fits on one page.
import { useTranslation } from 'react-i18next';
import { adminPageSize } from '../api/query-keys';

export function Pager({ page, total, label, onPage }: { page: number; total: number; label: string; onPage: (page: number) => void }) {
  const { t } = useTranslation('admin');
  const pages = Math.max(1, Math.ceil(total / adminPageSize));
  if (pages <= 1) return null;
  return (
    <nav className="admin-pager" aria-label={label}>
      <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </button>
      <span aria-current="page">{t('pager.page', { page, pages })}</span>
      <button type="button" className="button button--secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </button>
    </nav>
  );
}
