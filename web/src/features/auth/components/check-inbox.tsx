// The end of a sign-up: the account waits for its email to be validated.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { AuthCard } from './auth-card';

export function CheckInbox({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('inbox.title')} testId="check-inbox">
      <div className="auth-illustration" aria-hidden="true">
        <svg viewBox="0 0 64 64">
          <rect x="6" y="14" width="52" height="36" rx="6" />
          <path d="M8 18l24 18 24-18" />
        </svg>
      </div>
      <p className="auth-card__text">{t('inbox.text', { email })}</p>
      <p className="auth-card__muted">{t('inbox.spam')}</p>
      <div className="auth-card__actions">
        <Link className="button button--primary" to={paths.mailbox} data-testid="mailbox-link">
          {t('inbox.mailbox')}
        </Link>
        <Link className="button button--secondary" to={paths.login}>
          {t('inbox.login')}
        </Link>
      </div>
    </AuthCard>
  );
}
