// What the recruiter sees once the offer is published: the offer's title, a
// sourcing search pre-filled from the offer (`?offer={id}`), and the way back
// to the dashboard.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function OfferCreated({ id, title }: { id: number; title: string }) {
  const { t } = useTranslation('offers');
  return (
    <section className="offer-flow offer-flow--done" data-testid="offer-created">
      <div className="offer-flow__done-icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" focusable="false">
          <path d="m5 12.5 4.5 4.5L19 7.5" />
        </svg>
      </div>
      <h1 className="page-title">{t('done.title')}</h1>
      <p>{t('done.text', { title })}</p>
      <div className="offer-flow__actions">
        <Link
          className="button button--primary button--large"
          data-testid="find-candidates"
          to={`${paths.partnerSourcing}?${new URLSearchParams({ offer: String(id) }).toString()}`}
        >
          {t('done.findCandidates')}
        </Link>
        <Link className="button button--secondary" to={paths.partnerDashboard}>
          {t('done.backToDashboard')}
        </Link>
      </div>
    </section>
  );
}
