// The offline style only uses data shipped with the app and never asks for glyphs.
import { describe, expect, it } from 'vitest';
import { offlineMapStyle, outlineUrls } from './offline-map-style';

describe('offline map style', () => {
  it('reads the three outline files from the app itself', () => {
    expect(outlineUrls('http://127.0.0.1:8080')).toEqual({
      countries: 'http://127.0.0.1:8080/map/countries.geojson',
      regions: 'http://127.0.0.1:8080/map/regions.geojson',
      departments: 'http://127.0.0.1:8080/map/departments.geojson',
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
});
