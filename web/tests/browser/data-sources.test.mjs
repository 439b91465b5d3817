// The licence notices end to end, against the seeded server at BASE_URL: the footer links
// the data sources page and the running code's source (scripts/test starts the server with
// VIVIER_SOURCE_CODE_URL), the page lists each data set with its licence in French and in
// English (screenshots, axe).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseUrl, openPage, screenshotPath, sharedBrowser } from './browser.mjs';
import { seriousAxeViolations, settled } from './page-checks.mjs';

const browser = sharedBrowser();

for (const [language, texts] of [
  ['fr', { link: 'Sources des données', source: 'Code source', licence: 'Open Database License (ODbL) 1.0' }],
  ['en', { link: 'Data sources', source: 'Source code', licence: 'Open Database License (ODbL) 1.0' }],
]) {
  test(`the footer leads to the data sources and the source code (${language})`, async () => {
    const { context, page, errors } = await openPage(browser(), { localeCookie: language });
    await page.goto(`${baseUrl}/`);
    const footer = page.locator('footer');
    const sourceCode = footer.getByRole('link', { name: texts.source });
    const configured = (await (await context.request.get(`${baseUrl}/api/config`)).json()).source_code_url;
    if (configured) {
      assert.equal(await sourceCode.getAttribute('href'), configured);
    }

    // the home page's transition over, so that the click lands on the link where it rests
    await settled(page);
    await footer.getByRole('link', { name: texts.link }).click();
    await page.waitForURL((url) => url.pathname === '/sources-des-donnees');

    await page.getByTestId('data-sources').waitFor();
    assert.equal(new URL(page.url()).pathname, '/sources-des-donnees');
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), texts.link);
    assert.equal(await page.getByRole('link', { name: texts.licence }).count(), 1);
    assert.equal(await page.getByRole('link', { name: /Licence Ouverte/ }).count(), 3);
    assert.deepEqual(await seriousAxeViolations(page), []);
    await page.screenshot({ path: screenshotPath(`data-sources-${language}.png`), fullPage: true });
    assert.deepEqual(errors, []);
    await context.close();
  });
}
