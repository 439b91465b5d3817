// Stepped flows outside the dashboards: job offer creation and candidate onboarding.
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ui/coming-soon';
import { OfferCreatePage } from '@/features/job-offers/components/offer-create-page';

export function JobOfferCreatePage() {
  return <OfferCreatePage />;
}

export function CandidateOnboardingPage() {
  const { t } = useTranslation('pages');
  return <ComingSoon title={t('candidateOnboarding.title')} description={t('candidateOnboarding.description')} />;
}
