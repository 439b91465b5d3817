// The Vivier mark and word, linking home.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function Logo({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Link to="/" className="logo" aria-label={compact ? t('appName') : undefined}>
      <svg className="logo__mark" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="16" />
        <path d="M18 20l14 26 14-26" />
        <circle cx="32" cy="14" r="4.5" />
      </svg>
      {!compact && <span className="logo__word">{t('appName')}</span>}
    </Link>
  );
}
