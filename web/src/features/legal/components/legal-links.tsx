// The footer's licence links: the running code's source (AGPL-3.0 §13) and the data
// sources page (Licence Ouverte and ODbL attribution).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { SourceCodeLink } from './source-code-link';

export function LegalLinks() {
  const { t } = useTranslation('legal');
  return (
    <nav className="legal-links" aria-label={t('legalLinks')}>
      <Link to={paths.dataSources}>{t('dataSourcesLink')}</Link>
      <SourceCodeLink />
    </nav>
  );
}
