// Which style the sourcing map draws. A deployment may configure a tile
// server's style (VIVIER_MAP_STYLE_URL, given to the app by /api/config);
// without one, or once that style has failed to load (its request failed, or
// what it answered is no valid style), the map draws the offline style from
// the data the app ships, so that a tile server down never leaves a blank map.
// MapLibre reports a style that fails as an error event before `style.load`;
// an error after it (a tile, a glyph, a sprite) is not the style's, and keeps it.

export type MapStyleChoice = { kind: 'configured'; url: string } | { kind: 'offline' };

/** The configured style, unless there is none or it is the one that failed to load. */
export function chooseMapStyle(configuredUrl: string | null, failedUrl: string | null): MapStyleChoice {
  return configuredUrl !== null && configuredUrl !== failedUrl ? { kind: 'configured', url: configuredUrl } : { kind: 'offline' };
}

/**
 * The URL of the configured style the map draws (`drawnUrl`, null for the
 * offline style) when an error of the map means that style could not be loaded
 * (the error came before the style loaded), else null: the offline style is
 * the fallback, never a style to fall back from.
 */
export function failedStyleUrl(drawnUrl: string | null, styleLoaded: boolean): string | null {
  return styleLoaded ? null : drawnUrl;
}
