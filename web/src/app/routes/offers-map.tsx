// The browse page's map is sourcing's: the same MapLibre map (loaded only
// with this page), the circle around the chosen place, and the offers as its
// points, each at its place, numbered by its rank in the list. The points
// carry the offer's id where a hit carries the candidate's.
import '@/features/sourcing/styles/sourcing-map.css';
import { lazy, Suspense, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { OffersMapProps } from '@/features/candidate-offers/components/slots';
import type { HitFeature, HitFeatureCollection } from '@/features/sourcing/utils/hit-features';
import { usePrefersReducedMotion } from '@/hooks/use-prefers-reduced-motion';
import { useClientConfig } from '@/lib/client-config';

const SourcingMap = lazy(() => import('@/features/sourcing/components/map/sourcing-map'));

/** The offers as the map's points; an offer without coordinates stays off the map. */
export function offersToFeatures(offers: OffersMapProps['offers']): HitFeatureCollection {
  const features: HitFeature[] = [];
  offers.forEach(({ offer, score }, index) => {
    const { lat, lng, value } = offer.localization;
    if (lat == null || lng == null) return;
    features.push({
      type: 'Feature',
      id: offer.id,
      properties: { candidate_id: offer.id, rank: index + 1, score: Math.round(score ?? 0), commune: value },
      geometry: { type: 'Point', coordinates: [lng, lat] },
    });
  });
  return { type: 'FeatureCollection', features };
}

function OffersMap({ offers, circle, highlightedId, onHover, onSelect }: OffersMapProps) {
  const { t } = useTranslation('candidateOffers');
  const config = useClientConfig();
  const reducedMotion = usePrefersReducedMotion();
  const features = useMemo(() => offersToFeatures(offers), [offers]);
  // the page builds its circle on each render: keep the map's as long as its values hold
  const [lat, lng, radiusKm, label] = [circle?.lat, circle?.lng, circle?.radiusKm, circle?.label];
  const mapCircle = useMemo(
    () => (lat != null && lng != null && radiusKm != null ? { center: { lat, lng }, radiusKm, label: label ?? '' } : null),
    [lat, lng, radiusKm, label],
  );
  const clusterLabel = useCallback((count: number) => t('browse.cluster', { count }), [t]);
  const placeholder = (
    <div className="sourcing-map sourcing-map--placeholder" role="status">
      {t('common:loading')}
    </div>
  );
  if (config.isPending) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <SourcingMap
        styleUrl={config.data?.map_style_url ?? null}
        circle={mapCircle}
        hits={features}
        highlightedId={highlightedId}
        onHover={onHover}
        onSelect={onSelect}
        label={t('browse.map')}
        clusterLabel={clusterLabel}
        reducedMotion={reducedMotion}
      />
    </Suspense>
  );
}

export const offersMap = (props: OffersMapProps) => <OffersMap {...props} />;
