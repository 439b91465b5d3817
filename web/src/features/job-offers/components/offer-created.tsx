// What the recruiter sees once the offer is created: published (live for the
// candidates it fits) or kept as a draft, with the way to its page, a sourcing
// search pre-filled from the offer (`?offer={id}`), and back to the dashboard.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buildPath, paths } from '@/config/paths';
import type { OfferCreation } from '../utils/offer-form';

export function OfferCreated({ id, title, creation }: { id: number; title: string; creation: OfferCreation }) {
  const { t } = useTranslation('offers');
  return (
    <section className="offer-flow offer-flow--done" data-testid="offer-created" data-creation={creation}>
      <div className="offer-flow__done-icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" focusable="false">
          <path d="m5 12.5 4.5 4.5L19 7.5" />
        </svg>
      </div>
      <h1 className="page-title">{t(`done.${creation}.title`)}</h1>
      <p>{t(`done.${creation}.text`, { title })}</p>
      <div className="offer-flow__actions">
        <Link
          className="button button--primary button--large"
          data-testid="find-candidates"
          to={`${paths.partnerSourcing}?${new URLSearchParams({ offer: String(id) }).toString()}`}
        >
          {t('done.findCandidates')}
        </Link>
        <Link className="button button--secondary" data-testid="open-offer" to={buildPath(paths.partnerOffer, { id })}>
          {t('done.openOffer')}
        </Link>
        <Link className="button button--ghost" to={paths.partnerDashboard}>
          {t('done.backToDashboard')}
        </Link>
      </div>
    </section>
  );
}
