// The map and the ranked list side by side, with the candidate panel: used by
// the sourcing page and by a saved search. Hover state is shared so a card
// and its marker light up together. Over the map, a badge counts the
// candidates mobile nationally, who have no point on it.
import '../styles/results-workspace.css';
import '../styles/sourcing-map.css';
import { lazy, type ReactNode, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePrefersReducedMotion } from '@/hooks/use-prefers-reduced-motion';
import { useClientConfig } from '@/lib/client-config';
import type { SearchHit, SearchLocalization } from '../api/search-types';
import { hitsToFeatureCollection } from '../utils/hit-features';
import { CandidatePanel } from './candidate-panel';
import { CountryWideBadge } from './country-wide-badge';
import { ResultsList, type ResultsListProps } from './results-list';

const SourcingMap = lazy(() => import('./map/sourcing-map'));

export type ResultsWorkspaceProps = Omit<
  ResultsListProps,
  'highlightedId' | 'selectedId' | 'onHover' | 'onOpen' | 'busyCandidateId' | 'onToggleSave'
> & {
  localization: SearchLocalization | null;
  radiusKm: number;
  busyCandidateId: number | null;
  onToggleSave: (hit: SearchHit) => void;
  aboveMap?: ReactNode;
  /** The candidate whose panel opens first (a notification's link), when on the page. */
  initialSelectedId?: number | null;
  /** The search's candidates who match through a country-wide mobility only (no marker). */
  countryWideTotal?: number;
  /** The search's place is still loading: the map waits for it, to open on its circle. */
  placePending?: boolean;
};

export function ResultsWorkspace(props: ResultsWorkspaceProps) {
  const { t } = useTranslation('sourcing');
  const reducedMotion = usePrefersReducedMotion();
  const mapConfig = useClientConfig();
  const [hoveredId, setHoveredId] = useState<number | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(props.initialSelectedId ?? null);
  const { localization, radiusKm, hits } = props;

  const features = useMemo(() => hitsToFeatureCollection(hits, props.paging.offset + 1), [hits, props.paging.offset]);
  const lat = localization?.lat;
  const lng = localization?.lng;
  const place = localization?.value ?? '';
  const countryWide = localization?.type === 'country';
  const circle = useMemo(
    () =>
      lat == null || lng == null || countryWide
        ? null
        : { center: { lat, lng }, radiusKm, label: t('map.center', { place, radius: radiusKm }) },
    [lat, lng, countryWide, radiusKm, place, t],
  );
  const selectedHit = hits.find((hit) => hit.candidate.id === selectedId) ?? null;
  const closePanel = useCallback(() => setSelectedId(null), []);
  const clusterLabel = useCallback((count: number) => t('map.cluster', { count }), [t]);

  return (
    <div className="results-workspace">
      <div className="results-workspace__map">
        {props.aboveMap}
        {mapConfig.isPending || props.placePending ? (
          <div className="sourcing-map sourcing-map--placeholder" role="status">
            {t('map.loading')}
          </div>
        ) : (
          <Suspense
            fallback={
              <div className="sourcing-map sourcing-map--placeholder" role="status">
                {t('map.loading')}
              </div>
            }
          >
            <SourcingMap
              styleUrl={mapConfig.data?.map_style_url ?? null}
              circle={circle}
              hits={features}
              highlightedId={hoveredId ?? selectedId}
              onHover={setHoveredId}
              onSelect={setSelectedId}
              label={t('map.label')}
              clusterLabel={clusterLabel}
              reducedMotion={reducedMotion}
            />
          </Suspense>
        )}
        {circle && <CountryWideBadge count={props.countryWideTotal ?? 0} />}
      </div>
      <div className="results-workspace__list">
        <ResultsList
          {...props}
          highlightedId={hoveredId}
          selectedId={selectedId}
          onHover={setHoveredId}
          onOpen={setSelectedId}
        />
        {selectedHit && (
          <CandidatePanel
            hit={selectedHit}
            busy={props.busyCandidateId === selectedHit.candidate.id}
            onClose={closePanel}
            onToggleSave={props.onToggleSave}
            action={props.candidateAction?.(selectedHit)}
          />
        )}
      </div>
    </div>
  );
}
