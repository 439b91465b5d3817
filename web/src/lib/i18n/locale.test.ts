// The locale rules: the cookie format, reading it back, and the browser default.
import { describe, expect, it } from 'vitest';
import {
  localeCookieMaxAgeSeconds,
  localeFromBrowser,
  readLocaleCookie,
  resolveLocale,
  serializeLocaleCookie,
} from './locale';

describe('locale cookie', () => {
  it('is kept 365 days, site-wide, SameSite=Lax', () => {
    expect(localeCookieMaxAgeSeconds).toBe(31_536_000);
    expect(serializeLocaleCookie('en')).toBe('locale=en; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('is marked Secure on https', () => {
    expect(serializeLocaleCookie('fr', { secure: true })).toBe(
      'locale=fr; Max-Age=31536000; Path=/; SameSite=Lax; Secure',
    );
  });

  it('reads back what it writes', () => {
    const written = serializeLocaleCookie('en').split(';')[0] ?? '';
    expect(readLocaleCookie(written)).toBe('en');
  });

  it('finds the locale among other cookies', () => {
    expect(readLocaleCookie('session=abc; locale=fr; theme=dark')).toBe('fr');
    expect(readLocaleCookie('a=1;locale=en')).toBe('en');
  });

  it('ignores cookies whose name only contains "locale"', () => {
    expect(readLocaleCookie('oldlocale=en; locale_hint=en')).toBeNull();
  });

  it('returns null when absent, empty or unsupported', () => {
    expect(readLocaleCookie('')).toBeNull();
    expect(readLocaleCookie('session=abc')).toBeNull();
    expect(readLocaleCookie('locale=')).toBeNull();
    expect(readLocaleCookie('locale=de')).toBeNull();
    expect(readLocaleCookie('locale=%E0%A4%A')).toBeNull();
  });
});

describe('localeFromBrowser', () => {
  it.each([
    [['en-US'], 'en'],
    [['en'], 'en'],
    [['EN-gb'], 'en'],
    [['fr-FR'], 'fr'],
    [['fr-CA', 'en'], 'fr'],
    [['de-DE', 'en-US'], 'en'],
    [['es-ES'], 'fr'],
    [['zh_CN'], 'fr'],
    [[], 'fr'],
  ])('%j gives %s', (languages, expected) => {
    expect(localeFromBrowser(languages)).toBe(expected);
  });

  it('does not take a language merely starting with "en" or "fr" for English or French', () => {
    expect(localeFromBrowser(['frr'])).toBe('fr'); // North Frisian: not French, so the default
    expect(localeFromBrowser(['frr', 'en'])).toBe('en');
  });
});

describe('resolveLocale', () => {
  it('prefers the cookie over the browser language', () => {
    expect(resolveLocale({ cookieHeader: 'locale=fr', preferredLanguages: ['en-US'] })).toBe('fr');
    expect(resolveLocale({ cookieHeader: 'locale=en', preferredLanguages: ['fr-FR'] })).toBe('en');
  });

  it('follows the browser without a usable cookie', () => {
    expect(resolveLocale({ cookieHeader: '', preferredLanguages: ['en-US'] })).toBe('en');
    expect(resolveLocale({ cookieHeader: 'locale=it', preferredLanguages: ['en-US'] })).toBe('en');
  });
});
