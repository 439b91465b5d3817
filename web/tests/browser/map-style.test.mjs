// The sourcing map's style, against the seeded server: with no tile server the
// offline style draws the rivers at Lyon's city zoom (screenshots on a desktop
// and a 360 px phone in test-results/); a configured style (VIVIER_MAP_STYLE_URL,
// given by /api/config, both answered here by the test) draws the map instead
// of the offline data; and a configured style whose request fails leaves the
// offline map, never a blank one.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { baseUrl, collectPageErrors, launchBrowser, loggedInContext, screenshotPath } from './browser.mjs';
import { mapIdle, seriousAxeViolations } from './page-checks.mjs';
import { demoPartnerSearchId, lyonSearch } from './routes.mjs';

/** Where the test's tile server style lives: the app's own origin, which the page's policy lets it fetch. */
const testStyleUrl = `${baseUrl}/map-test/style.json`;

/** The smallest valid style: one background layer, no source. */
const testStyle = {
  version: 8,
  name: 'Test tile server',
  sources: {},
  layers: [{ id: 'test-background', type: 'background', paint: { 'background-color': '#d9ead3' } }],
};

const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 360, height: 780 } };

let browser;
let searchId;

before(async () => {
  browser = await launchBrowser();
  searchId = await demoPartnerSearchId(browser, lyonSearch);
});

after(async () => {
  await browser?.close();
});

/** Opens the sourcing page on the saved search around Lyon and waits for its map to be ready. */
async function openLyonMap(page) {
  await page.goto(`${baseUrl}/dashboard/partenaire/sourcing?search=${searchId}`);
  const map = page.getByTestId('sourcing-map');
  await page.waitForFunction(
    () => document.querySelector('[data-testid="sourcing-map"]')?.getAttribute('data-map-ready') === 'true',
    undefined,
    { timeout: 60_000 },
  );
  return map;
}

/**
 * Answers /api/config with `styleUrl` as the configured map style, and the style's URL with
 * `answer`; returns the paths the page asked for, to tell which data the map read.
 */
async function configureStyle(context, styleUrl, answer) {
  const asked = [];
  context.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await context.route(
    (url) => url.pathname === '/api/config',
    (route) => route.fulfill({ json: { map_style_url: styleUrl, source_code_url: null } }),
  );
  await context.route((url) => url.href === testStyleUrl, answer);
  return asked;
}

const offlineData = (asked) => asked.filter((path) => path.startsWith('/map/'));

for (const [device, viewport] of Object.entries(viewports)) {
  test(`the offline map at Lyon's city zoom draws the rivers (${device})`, async () => {
    const { context, page } = await loggedInContext(browser, 'partner');
    const errors = collectPageErrors(page);
    try {
      await page.setViewportSize(viewport);
      const map = await openLyonMap(page);
      await mapIdle(page); // the circle's fit has ended, the rivers' file is drawn
      assert.equal(await map.getAttribute('data-map-style'), 'offline');
      const zoom = Number(await map.getAttribute('data-load-zoom'));
      assert.ok(zoom >= 9, `city zoom (${zoom})`);
      // the Rhône and the Saône, at least, cross the view
      const rivers = Number(await map.getAttribute('data-rendered-rivers'));
      assert.ok(rivers >= 2, `rivers drawn around Lyon: ${rivers}`);
      if (device === 'phone') await map.scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath(`map-rivers-lyon-${device}.png`) });
      assert.deepEqual(await seriousAxeViolations(page), []);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

test('a configured tile style draws the map instead of the offline data', async () => {
  const { context, page } = await loggedInContext(browser, 'partner');
  const errors = collectPageErrors(page);
  try {
    let styleRequests = 0;
    const asked = await configureStyle(context, testStyleUrl, (route) => {
      styleRequests += 1;
      return route.fulfill({ json: testStyle });
    });
    const map = await openLyonMap(page);
    await mapIdle(page);
    assert.equal(styleRequests, 1, 'the configured style is fetched once');
    assert.equal(await map.getAttribute('data-map-style'), 'configured');
    assert.deepEqual(offlineData(asked), [], 'no offline outline or river is read');
    assert.equal(await map.getAttribute('data-rendered-rivers'), '0');
    // the tile server's style brings its own names: no offline place labels
    assert.equal(await page.getByTestId('place-labels').count(), 0);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a configured tile style that fails to load leaves the offline map', async () => {
  const { context, page } = await loggedInContext(browser, 'partner');
  const errors = collectPageErrors(page);
  try {
    let styleRequests = 0;
    const asked = await configureStyle(context, testStyleUrl, (route) => {
      styleRequests += 1;
      return route.fulfill({ status: 500, contentType: 'text/plain', body: 'tile server down' });
    });
    const map = await openLyonMap(page);
    await mapIdle(page);
    assert.equal(styleRequests, 1, 'the configured style is asked for once, not again and again');
    assert.equal(await map.getAttribute('data-map-style'), 'offline');
    for (const file of ['/map/countries.geojson', '/map/regions.geojson', '/map/rivers.geojson']) {
      assert.ok(offlineData(asked).includes(file), `${file} read: ${offlineData(asked).join(', ')}`);
    }
    assert.ok(Number(await map.getAttribute('data-rendered-rivers')) > 0, 'the offline rivers are drawn');
    await page.getByTestId('place-labels').waitFor({ state: 'attached', timeout: 30_000 });
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
