// The partner's area (/dashboard/partenaire/...), including sourcing, which
// gets its own full-width layout.
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ComingSoon } from '@/components/ui/coming-soon';

export function PartnerDashboardPage() {
  const { t } = useTranslation('pages');
  return <ComingSoon title={t('partnerDashboard.title')} description={t('partnerDashboard.description')} />;
}

export function PartnerSourcingPage() {
  const { t } = useTranslation('pages');
  return <ComingSoon title={t('partnerSourcing.title')} description={t('partnerSourcing.description')} />;
}

export function PartnerSavedSearchPage() {
  const { t } = useTranslation('pages');
  const { id = '' } = useParams();
  return (
    <ComingSoon title={t('partnerSavedSearch.title', { id })} description={t('partnerSavedSearch.description')} />
  );
}
