// The partner dashboard's offers block: each offer with where it stands, its
// applications (the new ones apart), the way to its page (applicants), to
// publish or close it, and to find candidates for it, in the four states of a
// list (loading, error with retry, empty with the next step, data).
import '@/styles/dashboard-blocks.css';
import '../offers.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Panel } from '@/components/ui/panel';
import { QueryEmpty, QueryState } from '@/components/ui/query-state';
import { buildPath, paths } from '@/config/paths';
import { useOffers } from '../api/get-offers';
import type { OfferSummary } from '../api/offer-types';
import { OfferPublicationActions } from './offer-publication-actions';
import { OfferStatusTag } from './offer-status-tag';

function OfferRow({ offer }: { offer: OfferSummary }) {
  const { t } = useTranslation('offers');
  const applications = offer.application_count ?? 0;
  const fresh = offer.new_application_count ?? 0;
  return (
    <li className="row-list__item offer-row" data-testid="offer-row" data-offer-id={offer.id}>
      <div>
        <p className="row-list__title">
          <Link to={buildPath(paths.partnerOffer, { id: offer.id })}>{offer.title}</Link>
        </p>
        <p className="row-list__meta">
          {[offer.job_category?.name, offer.contract_type?.name, offer.localization?.value].filter(Boolean).join(' · ')}
        </p>
        <p className="row-list__meta" data-testid="offer-applications">
          {t('overview.applications', { count: applications })}
          {fresh > 0 && <> · <span className="new-badge">{t('overview.newApplications', { count: fresh })}</span></>}
        </p>
      </div>
      <OfferStatusTag offer={offer} />
      <div className="offer-row__actions">
        <OfferPublicationActions offer={offer} />
        <Link
          className="button button--secondary"
          to={`${paths.partnerSourcing}?${new URLSearchParams({ offer: String(offer.id) }).toString()}`}
        >
          {t('overview.findCandidates')}
          <span className="visually-hidden"> {offer.title}</span>
        </Link>
      </div>
    </li>
  );
}

export function OffersOverview() {
  const { t } = useTranslation('offers');
  const offers = useOffers();
  return (
    <Panel
      titleId="offers-title"
      title={<>{t('overview.title')} <span className="panel__count">{offers.data?.length ?? ''}</span></>}
      actions={<Link className="button button--secondary" to={paths.jobOfferCreate}>{t('overview.create')}</Link>}
    >
      <QueryState
        query={offers}
        testId="offers"
        empty={
          <QueryEmpty
            title={t('overview.empty')}
            hint={t('overview.emptyHint')}
            action={
              <Link className="button button--primary" to={paths.jobOfferCreate}>
                {t('overview.create')}
              </Link>
            }
          />
        }
      >
        {(list) => (
          <ul className="row-list" data-testid="offers">
            {list.map((offer) => (
              <OfferRow key={offer.id} offer={offer} />
            ))}
          </ul>
        )}
      </QueryState>
    </Panel>
  );
}
