// Every test file starts on a browser nobody has used. The files share their worker's modules
// and jsdom window (`isolate: false` in vite.config.ts: the unit tests run about four times
// faster), so what one file left behind (storage, cookies, a session, toasts, the page, the
// language) must not reach the next one.
import { beforeAll } from 'vitest';

beforeAll(async () => {
  if (typeof window === 'undefined') return;
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  document.body.replaceChildren();
  const [{ resetSessionForTests }, { dismissAllToasts }, { default: i18n }, { defaultLocale }] = await Promise.all([
    import('@/lib/session'),
    import('@/lib/toasts'),
    import('i18next'),
    import('@/lib/i18n/locale'),
  ]);
  resetSessionForTests();
  dismissAllToasts();
  // the app's own i18n instance, which a file may have switched to English
  if (i18n.isInitialized) await i18n.changeLanguage(defaultLocale);
});
