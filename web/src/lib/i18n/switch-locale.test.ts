// @vitest-environment jsdom
// Start-up language detection and the locale switch, in a simulated browser.
import { afterEach, describe, expect, it, vi } from 'vitest';

function setBrowserLanguages(languages: string[]) {
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(window.navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

function clearLocaleCookie() {
  document.cookie = 'locale=; Max-Age=0; Path=/';
}

async function freshI18n() {
  vi.resetModules();
  return import('./index');
}

describe('i18n start-up and switching', () => {
  afterEach(() => {
    clearLocaleCookie();
    vi.restoreAllMocks();
  });

  it('starts in the browser language and says so on <html lang>', async () => {
    setBrowserLanguages(['en-GB', 'fr']);
    const { initI18n, currentLocale } = await freshI18n();
    const i18n = await initI18n();
    expect(currentLocale()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.t('api:fallback')).toBe('An error occurred');
  });

  it('starts in French for a browser in another language', async () => {
    setBrowserLanguages(['pt-BR']);
    const { initI18n, currentLocale } = await freshI18n();
    await initI18n();
    expect(currentLocale()).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
  });

  it('lets the cookie win over the browser language', async () => {
    setBrowserLanguages(['en-US']);
    document.cookie = 'locale=fr; Path=/';
    const { initI18n, currentLocale } = await freshI18n();
    await initI18n();
    expect(currentLocale()).toBe('fr');
  });

  it('does not write the cookie until the user chooses', async () => {
    setBrowserLanguages(['en-US']);
    const { initI18n } = await freshI18n();
    await initI18n();
    expect(document.cookie).not.toContain('locale=');
  });

  it('stores the cookie, changes the language and reloads when switching', async () => {
    setBrowserLanguages(['fr-FR']);
    const { initI18n, switchLocale, currentLocale } = await freshI18n();
    await initI18n();
    const reload = vi.fn();

    await switchLocale('en', reload);

    expect(document.cookie).toContain('locale=en');
    expect(currentLocale()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(reload).toHaveBeenCalledOnce();
  });
});
