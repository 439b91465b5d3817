// The home page in both languages, and the language switch (spec §1): the
// browser language by default, the `locale` cookie when present, and a switch
// that stores the cookie for 365 days and reloads in the new language.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { baseUrl, openPage, screenshotPath, sharedBrowser } from './browser.mjs';

const frenchTitle = 'Révélez les talents, au-delà du CV';
const englishTitle = 'Reveal talent beyond the résumé';

/** Opens the home page in a new context (`options`: browser language, locale cookie), once its title is in. */
async function openHome(browser, options) {
  const { context, page, errors } = await openPage(browser, options);
  await page.goto(`${baseUrl}/`);
  const title = page.getByTestId('home-title');
  await title.waitFor();
  return { context, page, errors, title: await title.textContent() };
}

describe('home page and locale', () => {
  const browser = sharedBrowser();

  test('home renders in french for a french browser', async () => {
    const { context, page, errors, title } = await openHome(browser(), { browserLanguage: 'fr-FR' });
    assert.equal(title, frenchTitle);
    assert.equal(await page.getAttribute('html', 'lang'), 'fr');
    assert.equal(await page.getByTestId('login-link').textContent(), 'Se connecter');
    await page.screenshot({ path: screenshotPath('home-fr.png'), fullPage: true });
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('home renders in english for an english browser', async () => {
    const { context, page, title } = await openHome(browser(), { browserLanguage: 'en-US' });
    assert.equal(title, englishTitle);
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    await page.screenshot({ path: screenshotPath('home-en.png'), fullPage: true });
    await context.close();
  });

  test('the locale cookie wins over the browser language', async () => {
    const { context, title } = await openHome(browser(), { browserLanguage: 'en-US', localeCookie: 'fr' });
    assert.equal(title, frenchTitle);
    await context.close();
  });

  test('a browser in another language gets french', async () => {
    const { context, title } = await openHome(browser(), { browserLanguage: 'de-DE' });
    assert.equal(title, frenchTitle);
    await context.close();
  });

  test('switching locale stores the cookie for 365 days and reloads in the new language', async () => {
    const { context, page } = await openHome(browser(), { browserLanguage: 'fr-FR' });
    assert.equal(
      (await context.cookies()).find((cookie) => cookie.name === 'locale'),
      undefined,
      'no cookie before an explicit choice',
    );
    // A marker on window survives client-side updates but not a reload.
    await page.evaluate(() => {
      window.__beforeSwitch = true;
    });

    await Promise.all([page.waitForEvent('load'), page.click('[data-locale="en"]')]);

    const title = page.getByTestId('home-title');
    await title.waitFor();
    assert.equal(await title.textContent(), englishTitle);
    assert.equal(await page.evaluate(() => window.__beforeSwitch), undefined, 'the page reloaded');
    assert.equal(await page.getAttribute('html', 'lang'), 'en');

    const cookie = (await context.cookies()).find((candidate) => candidate.name === 'locale');
    assert.ok(cookie, 'locale cookie is set');
    assert.equal(cookie.value, 'en');
    assert.equal(cookie.path, '/');
    assert.equal(cookie.sameSite, 'Lax');
    const daysLeft = (cookie.expires * 1000 - Date.now()) / 86_400_000;
    assert.ok(daysLeft > 364 && daysLeft <= 365, `cookie kept 365 days, got ${daysLeft}`);

    // And back to French.
    await Promise.all([page.waitForEvent('load'), page.click('[data-locale="fr"]')]);
    await page.getByText(frenchTitle).waitFor();
    const back = (await context.cookies()).find((candidate) => candidate.name === 'locale');
    assert.equal(back?.value, 'fr');
    await context.close();
  });
});
