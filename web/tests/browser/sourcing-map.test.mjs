// The sourcing map at city zoom and the saved-search map, against the seeded
// server: around Lyon (10 km) the offline map writes commune names (Lyon,
// Villeurbanne) and the badge counts the candidates mobile nationally, on a
// desktop and a phone, in French and English (screenshots in test-results/);
// a local candidate ranks before a country-wide one with the same other
// scores; a saved search's map opens on its circle, never on France first;
// and a public profile without a DISC result logs no error.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { baseUrl, collectPageErrors, launchBrowser, loggedInContext, newContext, screenshotPath } from './browser.mjs';
import { mapIdle, seriousAxeViolations } from './page-checks.mjs';
import { demoPartnerSearchId, lyonSearch } from './routes.mjs';

/** Around Lyon, 10 km, with criteria loose enough for local and country-wide candidates. */
const lyonAnyContract = {
  ...lyonSearch,
  contracts: [1, 2, 3, 4, 5],
  languages: [{ id: 2, level: 1 }],
};

const locales = { fr: 'fr-FR', en: 'en-GB' };
const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

let browser;
let searchId;

before(async () => {
  browser = await launchBrowser();
  searchId = await demoPartnerSearchId(browser, lyonAnyContract);
});

after(async () => {
  await browser?.close();
});

/** Opens the sourcing page on the saved search and waits for its answer and its map. */
async function openSourcing(page) {
  const answer = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/api/sourcing/searchs',
    { timeout: 60_000 },
  );
  await page.goto(`${baseUrl}/dashboard/partenaire/sourcing?search=${searchId}`);
  const body = await (await answer).json();
  await page.getByTestId('hit-card').first().waitFor({ timeout: 60_000 });
  await page.waitForFunction(
    () => document.querySelector('[data-testid="sourcing-map"]')?.getAttribute('data-map-ready') === 'true',
    undefined,
    { timeout: 60_000 },
  );
  return body;
}

/** The place names shown on the map (laid out and visible). */
async function shownPlaceNames(page) {
  return page
    .locator('[data-testid="place-labels"] .place-label')
    .evaluateAll((labels) => labels.filter((label) => getComputedStyle(label).visibility === 'visible').map((label) => label.textContent));
}

for (const [locale, browserLanguage] of Object.entries(locales)) {
  for (const [device, viewport] of Object.entries(viewports)) {
    test(`the map around Lyon names its communes and counts the candidates mobile nationally (${locale}, ${device})`, async () => {
      const { context, page } = await loggedInContext(browser, 'partner', { localeCookie: locale, browserLanguage });
      const errors = collectPageErrors(page);
      try {
        await page.setViewportSize(viewport);
        const body = await openSourcing(page);
        // the names of the view at city zoom, decoration hidden from assistive technology
        await page.waitForFunction(
          () => Number(document.querySelector('[data-testid="place-labels"]')?.getAttribute('data-shown')) >= 3,
          undefined,
          { timeout: 30_000 },
        );
        await mapIdle(page); // the circle's fit has ended
        const names = await shownPlaceNames(page);
        assert.ok(names.includes('Lyon') || names.includes('Villeurbanne'), `Lyon or Villeurbanne on the map: ${names.join(', ')}`);
        assert.equal(await page.getByTestId('place-labels').getAttribute('aria-hidden'), 'true');
        assert.equal(await page.locator('[data-testid="place-labels"] [tabindex]').count(), 0, 'no label takes the focus');

        // the badge: the whole search's country-wide count, spoken in full
        assert.ok(body.country_wide_total > 0, 'the seed has candidates mobile nationally around Lyon');
        const badge = page.getByTestId('country-wide-badge');
        await badge.waitFor();
        const pattern = locale === 'fr' ? /\+\d+ mobiles? dans toute la France/ : /\+\d+ mobile nationally/;
        assert.match(await badge.innerText(), pattern);
        assert.match(await badge.innerText(), new RegExp(`\\+${body.country_wide_total}\\b`));
        assert.match(await badge.locator('.visually-hidden').textContent(), new RegExp(`^${body.country_wide_total} `));

        if (device === 'phone') await page.getByTestId('sourcing-map').scrollIntoViewIfNeeded();
        await page.screenshot({ path: screenshotPath(`sourcing-map-${device}-${locale}.png`) });
        assert.deepEqual(await seriousAxeViolations(page), []);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }
}

test('a local candidate ranks before a country-wide one with the same other scores', async () => {
  const { context, page } = await loggedInContext(browser, 'partner');
  try {
    const body = await openSourcing(page);
    const rendered = await page
      .getByTestId('hit-card')
      .evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('data-candidate-id'))));
    assert.deepEqual(rendered, body.hits.map((hit) => hit.candidate.id), 'the list shows the answer in its order');

    // hits grouped by their non-proximity components
    const groups = new Map();
    body.hits.forEach((hit, position) => {
      const key = `${hit.breakdown.language_score}|${hit.breakdown.softskill_score}`;
      groups.set(key, [...(groups.get(key) ?? []), { position, countryWide: hit.breakdown.proximity.country_wide }]);
    });
    let compared = 0;
    for (const [key, hits] of groups) {
      const local = hits.filter((hit) => !hit.countryWide).map((hit) => hit.position);
      const countryWide = hits.filter((hit) => hit.countryWide).map((hit) => hit.position);
      if (local.length === 0 || countryWide.length === 0) continue;
      compared += 1;
      assert.ok(Math.max(...local) < Math.min(...countryWide), `scores ${key}: local at ${local}, country-wide at ${countryWide}`);
      // and the list says which is which
      const lastLocal = page.getByTestId('hit-card').nth(Math.max(...local));
      const firstCountryWide = page.getByTestId('hit-card').nth(Math.min(...countryWide));
      assert.match(await lastLocal.locator('[data-criterion="proximity"]').innerText(), /km/);
      assert.doesNotMatch(await firstCountryWide.locator('[data-criterion="proximity"]').innerText(), /\d\s?km/);
    }
    assert.ok(compared > 0, 'the seed gives local and country-wide hits with equal other scores');
  } finally {
    await context.close();
  }
});

test("a saved search's map opens on its circle, with no frame of France first", async () => {
  const { context, page } = await loggedInContext(browser, 'partner');
  const errors = collectPageErrors(page);
  try {
    const started = Date.now();
    await page.goto(`${baseUrl}/dashboard/partenaire/sourcing/recherches/${searchId}`);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sourcing-map"]')?.getAttribute('data-load-zoom'),
      undefined,
      { timeout: 60_000 },
    );
    const loadZoom = Number(await page.getByTestId('sourcing-map').getAttribute('data-load-zoom'));
    assert.ok(loadZoom >= 9, `the map's first load is at city zoom (${loadZoom}), not France's`);
    // the circle's label is on the map at once, inside its frame
    await page.getByTestId('map-center').waitFor({ timeout: 5_000 });
    const map = await page.getByTestId('sourcing-map').boundingBox();
    const center = await page.getByTestId('map-center').boundingBox();
    assert.ok(center.y >= map.y && center.y + center.height <= map.y + map.height, 'the circle is in view');
    console.log(`saved-search map at zoom ${loadZoom.toFixed(2)} ${Date.now() - started} ms after navigation`);
    // the other tab keeps the same map, on the same circle
    const mapElement = await page.getByTestId('sourcing-map').elementHandle();
    await page.getByTestId('tab-saved').click();
    await page.locator('.results[aria-busy="false"]').waitFor({ timeout: 60_000 });
    assert.ok(await mapElement.evaluate((element) => element.isConnected), 'the map is not made again');
    await page.getByTestId('map-center').waitFor({ timeout: 5_000 });
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a public profile without a DISC result logs no error', async () => {
  const { context } = await loggedInContext(browser, 'candidate');
  let shownBefore = false;
  try {
    // the demo candidate's shared profile, its result hidden for the test (shown again after)
    shownBefore = (await (await context.request.get(`${baseUrl}/api/api/test/forms/discs`)).json()).show_disc;
    await context.request.patch(`${baseUrl}/api/api/test/forms/discs`, { data: { show_disc: false } });
    const sharing = await (await context.request.get(`${baseUrl}/api/api/candidates/slug`)).json();
    assert.ok(sharing.is_public);
    const anonymous = await newContext(browser);
    try {
      const reader = await anonymous.newPage();
      const errors = collectPageErrors(reader);
      const consoleErrors = [];
      reader.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(`${message.text()} (${message.location().url})`);
      });
      const disc = reader.waitForResponse((response) => /\/discs$/.test(new URL(response.url()).pathname));
      await reader.goto(`${baseUrl}/candidat/${sharing.slug}`);
      const answer = await disc;
      assert.equal(answer.status(), 200);
      assert.equal(await answer.text(), 'null');
      await reader.waitForLoadState('networkidle');
      assert.deepEqual(consoleErrors, []);
      assert.deepEqual(errors, []);
    } finally {
      await anonymous.close();
    }
  } finally {
    await context.request.patch(`${baseUrl}/api/api/test/forms/discs`, { data: { show_disc: shownBefore } });
    await context.close();
  }
});
