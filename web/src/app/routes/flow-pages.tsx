// Stepped flows outside the dashboards: job offer creation and candidate onboarding.
import { OnboardingPage } from '@/features/candidate-profile/components/onboarding-page';
import { OfferCreatePage } from '@/features/job-offers/components/offer-create-page';

export function JobOfferCreatePage() {
  return <OfferCreatePage />;
}

export function CandidateOnboardingPage() {
  return <OnboardingPage />;
}
