// One offer in a candidate's list: its title (to its page), company and facts,
// whether it fits the candidate's job search ("fits you", with the score) and,
// where the page asks for it, why (`fit`: the score and its explanation).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusTag } from '@/components/ui/status-tag';
import { buildPath, paths } from '@/config/paths';
import { formatNumber } from '@/lib/i18n/format-number';
import type { BrowsedOffer } from '../api/offer-types';
import { OfferFacts } from './offer-facts';
import type { FitView } from './slots';

export function FitsYouTag({ score }: { score: number | null | undefined }) {
  const { t } = useTranslation('candidateOffers');
  if (score == null) return null;
  return (
    <StatusTag tone="good" status="fits" testId="fits-you">
      {t('card.fitsYou', { score: Math.round(score) })}
    </StatusTag>
  );
}

type OfferCardProps = {
  item: BrowsedOffer;
  fit?: FitView;
  highlighted?: boolean;
  onHover?: (offerId: number | null) => void;
};

export function OfferCard({ item, fit, highlighted = false, onHover }: OfferCardProps) {
  const { t, i18n } = useTranslation('candidateOffers');
  const { offer } = item;
  return (
    <li
      className="offer-card"
      data-testid="offer-card"
      data-offer-id={offer.id}
      data-highlighted={highlighted}
      onMouseEnter={onHover && (() => onHover(offer.id))}
      onMouseLeave={onHover && (() => onHover(null))}
    >
      <div className="offer-card__head">
        <div>
          <h2 className="offer-card__title">
            <Link to={buildPath(paths.offerDetail, { id: offer.id })} onFocus={onHover && (() => onHover(offer.id))}>
              {offer.title}
            </Link>
          </h2>
          <p className="offer-card__company">{offer.company?.name}</p>
          <OfferFacts offer={offer} />
          {item.distance_km != null && (
            <p className="offer-card__facts">
              {t('card.distance', { distance: formatNumber(item.distance_km, i18n.resolvedLanguage ?? 'fr') })}
            </p>
          )}
        </div>
        <FitsYouTag score={item.score} />
      </div>
      {fit && item.breakdown && fit({ score: item.score ?? null, breakdown: item.breakdown, place: offer.localization.value })}
    </li>
  );
}
