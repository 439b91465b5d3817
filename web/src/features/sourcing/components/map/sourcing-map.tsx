// The MapLibre map of the sourcing screens. This module (and maplibre-gl with
// it) is only loaded by the pages that show a map, through React.lazy. It
// creates the map with the configured tile style or the offline style (and
// its place names), made again with the offline style when the configured one
// fails to load; opened on the search circle when there is one already (a
// saved search: no frame of France first), it hands the instance to the circle
// and hits layers once the style is loaded, and mirrors its state in data
// attributes (style, ready, zoom at load, hits and rivers drawn) that tests and
// assistive tooling can read without reaching into the canvas.
import * as maplibregl from 'maplibre-gl';
import type { ErrorEvent, Map as MapLibreMap } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import mapWorkerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mapAttribution } from '@/lib/map-attribution';
import { circleBounds, type LngLat } from '../../utils/geo-circle';
import type { HitFeatureCollection } from '../../utils/hit-features';
import { chooseMapStyle, failedStyleUrl } from '../../utils/map-style-choice';
import { offlineMapStyle, riversLayerId } from '../../utils/offline-map-style';
import { CircleLayer, circleFitOptions } from './circle-layer';
import { clusterLayerId, pointLayerId } from './hit-layers';
import { HitsLayer } from './hits-layer';
import { MapContext } from './map-context';
import { PlaceLabels } from './place-labels';

export type SourcingMapProps = {
  /** A tile-server style from the configuration, or null for the offline style (also its fallback). */
  styleUrl: string | null;
  circle: { center: LngLat; radiusKm: number; label: string } | null;
  hits: HitFeatureCollection;
  highlightedId: number | null;
  onHover: (candidateId: number | null) => void;
  onSelect: (candidateId: number) => void;
  label: string;
  clusterLabel: (count: number) => string;
  reducedMotion: boolean;
};

// maplibre-gl 6 starts its worker from a script URL: the build's own copy of it, served
// from /assets like the other scripts (so `script-src 'self'` and `worker-src 'self'` allow it).
maplibregl.setWorkerUrl(mapWorkerUrl);

/** Metropolitan France, shown before any search. */
const franceBounds: [[number, number], [number, number]] = [
  [-5.2, 41.3],
  [9.6, 51.2],
];

/** How many hits the map currently draws (clusters count their points). */
function countRenderedHits(map: MapLibreMap): number {
  if (!map.getLayer(pointLayerId) || !map.getLayer(clusterLayerId)) return 0;
  let count = 0;
  const seenClusters = new Set<number>();
  const seenPoints = new Set<number>();
  for (const feature of map.queryRenderedFeatures({ layers: [clusterLayerId, pointLayerId] })) {
    const properties = feature.properties ?? {};
    if (properties.cluster) {
      const clusterId = Number(properties.cluster_id);
      if (!seenClusters.has(clusterId)) count += Number(properties.point_count);
      seenClusters.add(clusterId);
    } else {
      const candidateId = Number(properties.candidate_id);
      if (!seenPoints.has(candidateId)) count += 1;
      seenPoints.add(candidateId);
    }
  }
  return count;
}

/** How many river features the offline style draws in view (0 with a tile server's style). */
function countRenderedRivers(map: MapLibreMap): number {
  return map.getLayer(riversLayerId) ? map.queryRenderedFeatures({ layers: [riversLayerId] }).length : 0;
}

export default function SourcingMap(props: SourcingMapProps) {
  const { styleUrl, circle, hits, highlightedId, onHover, onSelect, label, clusterLabel, reducedMotion } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [renderedHits, setRenderedHits] = useState(0);
  const [renderedRivers, setRenderedRivers] = useState(0);
  // the configured style that failed to load: the map is then made with the offline style
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const styleChoice = chooseMapStyle(styleUrl, failedUrl);
  const configuredUrl = styleChoice.kind === 'configured' ? styleChoice.url : null;
  // between a move or a data load and the next frame with nothing left to draw
  const [idle, setIdle] = useState(false);
  const [loadZoom, setLoadZoom] = useState<number | null>(null);
  // the circle the map opens on, read when it is made (not a reason to make it again)
  const openingCircle = useRef(circle);
  useEffect(() => {
    openingCircle.current = circle;
  }, [circle]);
  // the zoom buttons speak the page's language (the map is made again when it changes)
  const { t } = useTranslation('sourcing');
  const zoomIn = t('map.zoomIn');
  const zoomOut = t('map.zoomOut');
  const { t: tLegal } = useTranslation('legal');
  const attribution = mapAttribution(tLegal);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    const opening = openingCircle.current;
    const instance = new maplibregl.Map({
      container,
      style: configuredUrl ?? offlineMapStyle(window.location.origin, import.meta.env.BASE_URL),
      ...(opening
        ? { bounds: circleBounds(opening.center, opening.radiusKm), fitBoundsOptions: circleFitOptions }
        : { bounds: franceBounds, fitBoundsOptions: { padding: 24 } }),
      attributionControl: false,
      dragRotate: false,
      pitchWithRotate: false,
      maxZoom: 15,
      locale: { 'NavigationControl.ZoomIn': zoomIn, 'NavigationControl.ZoomOut': zoomOut },
    });
    instance.touchZoomRotate.disableRotation();
    instance.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    instance.addControl(new maplibregl.ScaleControl({ unit: 'metric' }), 'bottom-left');
    // the tile server's style brings its own credits; ours are the offline outlines'
    instance.addControl(new maplibregl.AttributionControl({ compact: true, customAttribution: attribution }), 'bottom-right');
    let styleLoaded = false;
    const onStyleLoad = () => {
      styleLoaded = true;
    };
    const onError = (event: ErrorEvent) => {
      const failed = failedStyleUrl(configuredUrl, styleLoaded);
      if (failed !== null) setFailedUrl(failed);
      // what maplibre logs when no one listens for its errors
      else console.error(event.error);
    };
    const onLoad = () => {
      setLoadZoom(instance.getZoom());
      setMap(instance);
    };
    const onIdle = () => {
      setRenderedHits(countRenderedHits(instance));
      setRenderedRivers(countRenderedRivers(instance));
      setIdle(true);
    };
    const onBusy = () => setIdle(false);
    instance.on('style.load', onStyleLoad);
    instance.on('error', onError);
    instance.on('load', onLoad);
    instance.on('idle', onIdle);
    instance.on('movestart', onBusy);
    instance.on('dataloading', onBusy);
    return () => {
      setMap(null);
      setLoadZoom(null);
      instance.off('style.load', onStyleLoad);
      instance.off('error', onError);
      instance.off('load', onLoad);
      instance.off('idle', onIdle);
      instance.off('movestart', onBusy);
      instance.off('dataloading', onBusy);
      instance.remove();
    };
  }, [configuredUrl, zoomIn, zoomOut, attribution]);

  return (
    <div
      className="sourcing-map"
      ref={containerRef}
      role="region"
      aria-label={label}
      data-testid="sourcing-map"
      data-map-style={styleChoice.kind}
      data-map-ready={map !== null}
      data-map-idle={map !== null && idle}
      data-load-zoom={loadZoom ?? ''}
      data-rendered-hits={renderedHits}
      data-rendered-rivers={renderedRivers}
      data-hit-count={hits.features.length}
      data-circle-radius={circle?.radiusKm ?? ''}
    >
      <MapContext.Provider value={map}>
        {map && configuredUrl === null && <PlaceLabels />}
        {map && circle && (
          <CircleLayer center={circle.center} radiusKm={circle.radiusKm} label={circle.label} animate={!reducedMotion} />
        )}
        {map && (
          <HitsLayer
            hits={hits}
            highlightedId={highlightedId}
            onHover={onHover}
            onSelect={onSelect}
            clusterLabel={clusterLabel}
          />
        )}
      </MapContext.Provider>
    </div>
  );
}
