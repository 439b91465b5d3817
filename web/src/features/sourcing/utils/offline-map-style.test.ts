// The offline style only uses data shipped with the app and never asks for glyphs; its rivers
// lie under the outlines and appear from regional zoom on.
import { describe, expect, it } from 'vitest';
import { offlineMapStyle, outlineUrls, riversLayerId } from './offline-map-style';

describe('offline map style', () => {
  it('reads the outline and river files from the app itself', () => {
    expect(outlineUrls('http://127.0.0.1:8080')).toEqual({
      countries: 'http://127.0.0.1:8080/map/countries.geojson',
      regions: 'http://127.0.0.1:8080/map/regions.geojson',
      departments: 'http://127.0.0.1:8080/map/departments.geojson',
      rivers: 'http://127.0.0.1:8080/map/rivers.geojson',
    });
    expect(outlineUrls('http://localhost', '/app').regions).toBe('http://localhost/app/map/regions.geojson');
  });

  it('has no glyphs, no text layer and only GeoJSON sources', () => {
    const style = offlineMapStyle('http://127.0.0.1:8080');
    expect('glyphs' in style).toBe(false);
    expect('sprite' in style).toBe(false);
    expect(style.layers.some((layer) => layer.type === 'symbol')).toBe(false);
    expect(Object.values(style.sources).every((source) => source.type === 'geojson')).toBe(true);
    expect(style.layers[0]?.type).toBe('background');
  });

  it('draws the rivers over the land, under the outlines, from regional zoom on', () => {
    const ids = offlineMapStyle('http://127.0.0.1:8080').layers.map((layer) => layer.id);
    const rivers = ids.indexOf(riversLayerId);
    expect(rivers).toBeGreaterThan(ids.indexOf('regions-fill'));
    expect(rivers).toBeLessThan(ids.indexOf('departments-line'));
    const layer = offlineMapStyle('http://127.0.0.1:8080').layers[rivers];
    expect(layer).toMatchObject({ type: 'line', source: 'rivers', minzoom: 6 });
  });
});
