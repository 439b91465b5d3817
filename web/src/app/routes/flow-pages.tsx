// Stepped flows outside the dashboards: job offer creation and candidate onboarding.
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ui/coming-soon';

export function JobOfferCreatePage() {
  const { t } = useTranslation('pages');
  return <ComingSoon title={t('jobOfferCreate.title')} description={t('jobOfferCreate.description')} />;
}

export function CandidateOnboardingPage() {
  const { t } = useTranslation('pages');
  return <ComingSoon title={t('candidateOnboarding.title')} description={t('candidateOnboarding.description')} />;
}
