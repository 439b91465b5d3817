// One account in an operator's list: its organisation and person, email, role
// and sign-up date, the facts that matter to approve it (email validated or
// not, joining a company that already has approved partners), its standing
// and reason where the list mixes standings, and its actions.
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format-date';
import type { AdminAccount } from '../api/admin-types';
import { AccountActions } from './account-actions';
import { StandingBadge } from './standing-badge';

export function AccountRow({ account, showStanding = false, onLeft }: { account: AdminAccount; showStanding?: boolean; onLeft?: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const person = `${account.firstname} ${account.lastname}`.trim();
  const title = account.organisation || person || account.email;
  const who = [account.organisation ? person : '', account.email].filter((part) => part !== '').join(' · ');
  return (
    <li className="row-list__item" data-testid="admin-account" data-email={account.email}>
      <div className="admin-row__text">
        <h3 className="row-list__title">{title}</h3>
        <p className="row-list__meta">{who}</p>
        <p className="row-list__meta">
          {t(`roles.${account.role}`)} · {t('account.signedUp', { date: formatDate(account.created_at, locale) })}
        </p>
        <p className="admin-row__facts">
          {showStanding && <StandingBadge standing={account.standing} />}
          <span className={account.email_validated ? 'tag tag--success' : 'tag tag--warning'} data-testid="email-validated">
            {t(account.email_validated ? 'account.emailValidated' : 'account.emailNotValidated')}
          </span>
          {account.joins_existing_company && (
            <span className="tag" data-testid="joins-company">
              {t('account.joinsCompany')}
            </span>
          )}
        </p>
        {showStanding && account.standing_reason && (
          <p className="admin-row__reason">{t('account.reason', { reason: account.standing_reason })}</p>
        )}
      </div>
      <AccountActions account={account} onLeft={onLeft} />
    </li>
  );
}
