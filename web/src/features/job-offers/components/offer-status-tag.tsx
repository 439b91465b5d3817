// Where an offer stands for its partner: a draft, live, past its closing date
// (published but no longer taking applications) or closed.
import { useTranslation } from 'react-i18next';
import { StatusTag, type StatusTone } from '@/components/ui/status-tag';
import type { Offer } from '../api/offer-types';

export type OfferStanding = 'draft' | 'live' | 'expired' | 'closed';

export function offerStanding(offer: Pick<Offer, 'status' | 'live'>): OfferStanding {
  if (offer.status === 'published') return offer.live ? 'live' : 'expired';
  return offer.status;
}

const tones: Record<OfferStanding, StatusTone> = { draft: 'waiting', live: 'good', expired: 'neutral', closed: 'neutral' };

export function OfferStatusTag({ offer }: { offer: Pick<Offer, 'status' | 'live'> }) {
  const { t } = useTranslation('offers');
  const standing = offerStanding(offer);
  return (
    <StatusTag tone={tones[standing]} status={standing} testId="offer-status">
      {t(`status.${standing}`)}
    </StatusTag>
  );
}
