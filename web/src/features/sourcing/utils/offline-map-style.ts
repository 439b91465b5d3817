// The map style used when no tile server is configured (or the configured one
// fails to load): only the data the app ships (countries, French regions and
// departments, and the rivers in and around France) as GeoJSON sources,
// filled and stroked over a plain background. The rivers appear from regional
// zoom on, so that a city's map shows which bank a place is on. No `glyphs`
// key, so no text layers: any label on the map is an HTML marker.
import type { StyleSpecification } from 'maplibre-gl';

export const mapColors = {
  water: '#dfe9f1',
  land: '#f8fafc',
  france: '#ffffff',
  countryLine: '#cbd5e1',
  regionLine: '#94a3b8',
  departmentLine: '#e2e8f0',
  river: '#7fb2d9',
  brand: '#0d9488',
  brandDark: '#115e59',
  accent: '#f59e0b',
} as const;

/** The data files under `public/map/`, as absolute URLs (the map's worker needs them). */
export function outlineUrls(origin: string, base = '/'): Record<'countries' | 'regions' | 'departments' | 'rivers', string> {
  const root = new URL(base.endsWith('/') ? base : `${base}/`, origin);
  return {
    countries: new URL('map/countries.geojson', root).href,
    regions: new URL('map/regions.geojson', root).href,
    departments: new URL('map/departments.geojson', root).href,
    rivers: new URL('map/rivers.geojson', root).href,
  };
}

/** The layer of the rivers, which tests look for at city zoom. */
export const riversLayerId = 'rivers-line';

export function offlineMapStyle(origin: string, base = '/'): StyleSpecification {
  const urls = outlineUrls(origin, base);
  return {
    version: 8,
    name: 'Vivier offline outlines',
    sources: {
      countries: { type: 'geojson', data: urls.countries },
      regions: { type: 'geojson', data: urls.regions },
      departments: { type: 'geojson', data: urls.departments },
      rivers: { type: 'geojson', data: urls.rivers },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': mapColors.water } },
      { id: 'countries-fill', type: 'fill', source: 'countries', paint: { 'fill-color': mapColors.land } },
      { id: 'regions-fill', type: 'fill', source: 'regions', paint: { 'fill-color': mapColors.france } },
      {
        id: riversLayerId,
        type: 'line',
        source: 'rivers',
        minzoom: 6,
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: {
          'line-color': mapColors.river,
          'line-width': ['interpolate', ['linear'], ['zoom'], 6, 0.6, 8, 1.2, 10, 2.2, 12, 3.5, 15, 6],
        },
      },
      {
        id: 'departments-line',
        type: 'line',
        source: 'departments',
        minzoom: 5,
        paint: { 'line-color': mapColors.departmentLine, 'line-width': ['interpolate', ['linear'], ['zoom'], 5, 0.5, 10, 1.5] },
      },
      {
        id: 'regions-line',
        type: 'line',
        source: 'regions',
        paint: { 'line-color': mapColors.regionLine, 'line-width': ['interpolate', ['linear'], ['zoom'], 4, 0.6, 10, 2] },
      },
      {
        id: 'countries-line',
        type: 'line',
        source: 'countries',
        paint: { 'line-color': mapColors.countryLine, 'line-width': 1 },
      },
    ],
  };
}
