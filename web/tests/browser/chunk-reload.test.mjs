// A failed script chunk load reloads the current path once (spec §8); the
// session-storage guard (kept 10 s) stops a second automatic reload.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { baseUrl, newContext, sharedBrowser } from './browser.mjs';

describe('chunk load failure', () => {
  const browser = sharedBrowser();

  test('reloads the current path once, then shows the error page', async () => {
    const context = await newContext(browser(), { browserLanguage: 'en-US' });
    // The public profile chunk is unreachable, as after a deploy removed it.
    // (A public page, so the test needs no session.)
    await context.route(/\/assets\/public-profile-pages-[^/]+\.js$/, (route) => route.abort());
    const page = await context.newPage();
    const loadedUrls = [];
    page.on('load', () => loadedUrls.push(new URL(page.url()).pathname));

    await page.goto(`${baseUrl}/candidat/camille-dupont`);
    const errorTitle = page.getByRole('heading', { name: 'Something went wrong' });
    await errorTitle.waitFor({ timeout: 15_000 });

    assert.deepEqual(loadedUrls, ['/candidat/camille-dupont', '/candidat/camille-dupont']);
    const flag = await page.evaluate(() => sessionStorage.getItem('vivier:chunk-reload-at'));
    assert.ok(Number(flag) > 0, 'the guard timestamp is stored');
    await context.close();
  });

  test('leaves working pages alone', async () => {
    const context = await newContext(browser(), { browserLanguage: 'en-US' });
    const page = await context.newPage();
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    // an unknown slug: the public profile page loads and says the profile is not available
    await page.goto(`${baseUrl}/candidat/camille-dupont`);
    await page.getByRole('heading', { name: 'This profile is not available' }).waitFor();
    assert.equal(loads, 1);
    assert.equal(await page.evaluate(() => sessionStorage.getItem('vivier:chunk-reload-at')), null);
    await context.close();
  });
});
