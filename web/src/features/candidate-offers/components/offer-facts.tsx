// The facts of an offer in one line, as a candidate scans them: the company,
// the category, the contract with its length (none for a permanent one), the
// place and the start.
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format-date';
import type { CandidateOffer } from '../api/offer-types';

export function offerFacts(offer: CandidateOffer, t: (key: string, options?: Record<string, unknown>) => string, locale: string): string {
  return [
    offer.job_category?.name,
    offer.contract_type?.name,
    // a permanent contract has no duration
    offer.duration !== null && t('facts.months', { count: offer.duration }),
    offer.localization.value,
    t('facts.from', { date: formatDate(offer.start_at, locale) }),
  ]
    .filter(Boolean)
    .join(' · ');
}

export function OfferFacts({ offer }: { offer: CandidateOffer }) {
  const { t, i18n } = useTranslation('candidateOffers');
  return <p className="offer-card__facts">{offerFacts(offer, t, i18n.resolvedLanguage ?? 'fr')}</p>;
}
