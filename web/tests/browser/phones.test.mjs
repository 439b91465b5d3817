// The phone side of the app: the route list that the whole-app sweep
// (accessibility.test.mjs, which also checks every page at each phone width:
// 360, 375, 390, 414 and 430 px) visits covers every route, and the sourcing
// page at a city's zoom fits each phone width, in both languages, with a
// picture of it at 390 px.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { baseUrl, launchBrowser, loggedInContext, newContext, screenshotPath } from './browser.mjs';
import { mapIdle, phoneWidths } from './page-checks.mjs';
import { declaredRouteNames, demoCandidateSlug, demoSavedSearchId, routesFor } from './routes.mjs';

const phoneHeight = 844;

let browser;
const contexts = {};

before(async () => {
  browser = await launchBrowser();
  for (const role of ['candidate', 'school', 'partner', 'operator']) contexts[role] = await loggedInContext(browser, role);
  const context = await newContext(browser);
  contexts.anonymous = { context, page: await context.newPage() };
});

after(async () => {
  await browser?.close();
});

async function pageWidth(page) {
  return page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
}

test('the route list covers every route of src/config/paths.ts', async () => {
  const slug = await demoCandidateSlug(contexts.candidate.context);
  const covered = new Set();
  for (const role of Object.keys(contexts)) {
    for (const [name] of await routesFor(role, contexts[role].context, { candidateSlug: slug })) covered.add(name);
  }
  assert.deepEqual(declaredRouteNames().filter((name) => !covered.has(name)), []);
});

test(`the sourcing page at a city zoom fits phones ${phoneWidths.join(', ')} px wide, in French and English`, async () => {
  const searchId = await demoSavedSearchId(contexts.partner.context);
  for (const locale of ['fr', 'en']) {
    const { context: localized, page } = await loggedInContext(browser, 'partner', {
      localeCookie: locale,
      browserLanguage: locale === 'fr' ? 'fr-FR' : 'en-GB',
    });
    try {
      await page.setViewportSize({ width: 390, height: phoneHeight });
      // A saved search reopened in the form: a city and its radius, the map fitted to the circle.
      await page.goto(`${baseUrl}/dashboard/partenaire/sourcing?search=${searchId}`);
      await page.getByTestId('hit-card').first().waitFor({ timeout: 60_000 });
      await page.waitForFunction(() => document.querySelector('[data-testid="sourcing-map"]')?.getAttribute('data-map-ready') === 'true', undefined, {
        timeout: 60_000,
      });
      await page.getByTestId('sourcing-map').scrollIntoViewIfNeeded();
      await mapIdle(page);
      await page.screenshot({ path: screenshotPath(`sourcing-phone-${locale}.png`) });
      for (const width of phoneWidths) {
        await page.setViewportSize({ width, height: phoneHeight });
        await mapIdle(page);
        const measure = await pageWidth(page);
        assert.ok(measure.scrollWidth <= measure.innerWidth, `the sourcing page is ${measure.scrollWidth} px wide at ${width} in ${locale}`);
      }
    } finally {
      await localized.close();
    }
  }
});
