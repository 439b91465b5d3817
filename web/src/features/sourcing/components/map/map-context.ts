// The map instance shared with the layer components inside <SourcingMap>: they
// receive it once the style has loaded, so they can add sources and layers.
import { createContext, useContext } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';

export const MapContext = createContext<MapLibreMap | null>(null);

export function useMapInstance(): MapLibreMap | null {
  return useContext(MapContext);
}
