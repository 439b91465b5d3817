// The map draws the configured tile style when there is one, and the offline style without one
// or once the configured one has failed to load.
import { describe, expect, it } from 'vitest';
import { chooseMapStyle, failedStyleUrl } from './map-style-choice';

const tiles = 'https://tiles.example.org/style.json';

describe('the choice of the map style', () => {
  it('is the offline style when no style is configured', () => {
    expect(chooseMapStyle(null, null)).toEqual({ kind: 'offline' });
  });

  it('is the configured style while it has not failed', () => {
    expect(chooseMapStyle(tiles, null)).toEqual({ kind: 'configured', url: tiles });
  });

  it('falls back to the offline style once the configured one has failed', () => {
    expect(chooseMapStyle(tiles, tiles)).toEqual({ kind: 'offline' });
  });

  it('tries a newly configured style even after another one failed', () => {
    const other = 'https://maps.example.net/style.json';
    expect(chooseMapStyle(other, tiles)).toEqual({ kind: 'configured', url: other });
  });
});

describe('a failed style', () => {
  it('is the configured one when an error comes before the style loaded', () => {
    expect(failedStyleUrl(tiles, false)).toBe(tiles);
  });

  it('is none when the error comes after the style loaded (a tile, a glyph)', () => {
    expect(failedStyleUrl(tiles, true)).toBeNull();
  });

  it('is never the offline style, which has nothing to fall back to', () => {
    expect(failedStyleUrl(null, false)).toBeNull();
  });

  it('makes the next choice the offline style', () => {
    expect(chooseMapStyle(tiles, failedStyleUrl(tiles, false))).toEqual({ kind: 'offline' });
  });
});
