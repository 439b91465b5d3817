// Which language the app speaks: the rules of spec §1 and §9 as pure functions
// (supported locales, the `locale` cookie kept 365 days, the browser default),
// so they can be tested without a browser.

export const supportedLocales = ['fr', 'en'] as const;
export type Locale = (typeof supportedLocales)[number];

/** The product's own language, used when nothing better is known. */
export const defaultLocale: Locale = 'fr';

export const localeCookieName = 'locale';

/** Spec §9: the locale cookie is kept 365 days. */
export const localeCookieMaxAgeSeconds = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (supportedLocales as readonly string[]).includes(value);
}

/** Reads the `locale` cookie out of a `document.cookie` string; null when absent or unsupported. */
export function readLocaleCookie(cookieHeader: string): Locale | null {
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    const name = part.slice(0, separator).trim();
    if (name !== localeCookieName) continue;
    let value = part.slice(separator + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      // A malformed value is simply not a locale.
    }
    return isLocale(value) ? value : null;
  }
  return null;
}

/** The `document.cookie` assignment that stores `locale` for 365 days, site-wide. */
export function serializeLocaleCookie(locale: Locale, options: { secure?: boolean } = {}): string {
  const attributes = [
    `${localeCookieName}=${locale}`,
    `Max-Age=${localeCookieMaxAgeSeconds}`,
    'Path=/',
    'SameSite=Lax',
  ];
  if (options.secure) attributes.push('Secure');
  return attributes.join('; ');
}

/**
 * The locale the browser asks for. Decision: walk the user's preferred
 * languages in order and take the first one we support (`en-GB` counts as
 * `en`, `fr-CA` as `fr`); when none is French or English, use French, the
 * product's own language. So `['de-DE', 'en-US']` gives English and
 * `['es-ES']` gives French.
 */
export function localeFromBrowser(preferredLanguages: readonly string[]): Locale {
  for (const language of preferredLanguages) {
    const primary = language.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(primary)) return primary;
  }
  return defaultLocale;
}

/** Spec §1: the stored choice wins; otherwise follow the browser. */
export function resolveLocale(input: {
  cookieHeader: string;
  preferredLanguages: readonly string[];
}): Locale {
  return readLocaleCookie(input.cookieHeader) ?? localeFromBrowser(input.preferredLanguages);
}
