// Newer and older pages of the demo mailbox. The server answers a page without
// a total, so "older" is offered while a page comes back full.
import { useTranslation } from 'react-i18next';

type MailboxPagerProps = { page: number; full: boolean; busy: boolean; onPage: (page: number) => void };

export function MailboxPager({ page, full, busy, onPage }: MailboxPagerProps) {
  const { t } = useTranslation('auth');
  if (page <= 1 && !full) return null;
  return (
    <nav className="mailbox__pager" aria-label={t('mailbox.pages')} data-testid="mailbox-pager">
      <button type="button" className="button button--secondary" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
        {t('mailbox.newer')}
      </button>
      <span aria-current="page">{t('mailbox.page', { page })}</span>
      <button type="button" className="button button--secondary" disabled={!full || busy} onClick={() => onPage(page + 1)}>
        {t('mailbox.older')}
      </button>
    </nav>
  );
}
