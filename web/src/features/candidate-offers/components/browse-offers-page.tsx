// /offres: the live offers around a place, on a map beside the list (the app
// lends sourcing's map), with filters; each offer the candidate fits is marked
// "fits you" with its score. Pointing at an offer in the list highlights it on
// the map; choosing a point on the map brings its offer into view.
import '../candidate-offers.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { QueryEmpty, QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useBrowseOffers } from '../api/browse-offers';
import type { BrowsedOffers } from '../api/offer-types';
import type { BrowseFilters as BrowseQuery } from '../api/query-keys';
import { BrowseFilters, type BrowseFormValues } from './browse-filters';
import { OfferCard } from './offer-card';
import type { OffersMapView } from './slots';

export function toBrowseQuery(values: BrowseFormValues): BrowseQuery {
  const { place } = values;
  const located = place !== null && place.lat != null && place.lng != null;
  return {
    lat: located ? (place.lat ?? null) : null,
    lng: located ? (place.lng ?? null) : null,
    radius: values.radius,
    jobCategory: values.jobCategory,
    contractType: values.contractType,
  };
}

export function BrowseOffersPage({ map }: { map: OffersMapView }) {
  const { t } = useTranslation('candidateOffers');
  useDocumentTitle(t('browse.title'));
  const [values, setValues] = useState<BrowseFormValues>({ place: null, radius: 30, jobCategory: null, contractType: null });
  const [highlightedId, setHighlightedId] = useState<number | null>(null);
  const query = toBrowseQuery(values);
  const offers = useBrowseOffers(query);
  const circle =
    query.lat !== null && query.lng !== null && values.place
      ? { lat: query.lat, lng: query.lng, radiusKm: values.radius, label: t('browse.circle', { place: values.place.value, radius: values.radius }) }
      : null;

  function select(offerId: number) {
    setHighlightedId(offerId);
    document.querySelector<HTMLElement>(`[data-offer-id="${offerId}"] a`)?.focus();
  }

  return (
    <div className="candidate-offers browse-offers" data-testid="browse-offers">
      <PageHeader className="page-head" title={t('browse.title')} lead={t('browse.lead')} leadClassName="candidate-offers__lead">
        <Link className="button button--secondary" to={paths.candidateOffers}>
          {t('browse.forMe')}
        </Link>
      </PageHeader>
      <BrowseFilters values={values} onChange={setValues} />
      <div className="browse-offers__workspace">
        <div className="browse-offers__map">
          {map({ offers: offers.data?.offers ?? [], circle, highlightedId, onHover: setHighlightedId, onSelect: select })}
        </div>
        <div className="browse-offers__list" aria-live="polite" aria-busy={offers.isFetching}>
          <QueryState
            query={offers}
            testId="browse"
            isEmpty={(data: BrowsedOffers) => data.offers.length === 0}
            empty={<QueryEmpty title={t('browse.empty')} hint={t('browse.emptyHint')} />}
          >
            {(data) => (
              <>
                <p className="candidate-offers__count" data-testid="browse-total">{t('browse.total', { count: data.total })}</p>
                <ul className="offer-list" data-testid="browse-list">
                  {data.offers.map((item) => (
                    <OfferCard key={item.offer.id} item={item} highlighted={item.offer.id === highlightedId} onHover={setHighlightedId} />
                  ))}
                </ul>
              </>
            )}
          </QueryState>
        </div>
      </div>
    </div>
  );
}
