// Every page fits a phone: each route of the app, per role (anonymous,
// candidate, school, partner), at 390×844 and at 360 px wide, must not be
// wider than the window (no sideways scrolling, nothing cut off on the
// right). The widths measured go to test-results/phone-widths.json, and a
// phone picture of the sourcing page, at a city's zoom, in both languages.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { baseUrl, collectPageErrors, launchBrowser, loggedInContext, newContext, screenshotPath } from './browser.mjs';
import { declaredRouteNames, demoCandidateSlug, demoSavedSearchId, routesFor, visit } from './routes.mjs';

const phoneWidths = [390, 360];
const phoneHeight = 844;

let browser;
const contexts = {};

before(async () => {
  browser = await launchBrowser();
  for (const role of ['candidate', 'school', 'partner']) contexts[role] = await loggedInContext(browser, role);
  const context = await newContext(browser);
  contexts.anonymous = { context, page: await context.newPage() };
});

after(async () => {
  await browser?.close();
});

async function pageWidth(page) {
  return page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
}

/** The elements that stick out on the right of the window, to say what overflows. */
async function overflowing(page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const found = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.right > width + 0.5) {
        const parentBox = element.parentElement?.getBoundingClientRect();
        // Only the outermost culprits: a child of an overflowing parent is not listed again.
        if (!parentBox || parentBox.right <= width + 0.5) {
          found.push(`${element.tagName.toLowerCase()}.${[...element.classList].join('.')} right=${Math.round(box.right)}`);
        }
      }
    }
    return found.slice(0, 8);
  });
}

test('the route list covers every route of src/config/paths.ts', async () => {
  const slug = await demoCandidateSlug(contexts.candidate.context);
  const covered = new Set();
  for (const role of Object.keys(contexts)) {
    for (const [name] of await routesFor(role, contexts[role].context, { candidateSlug: slug })) covered.add(name);
  }
  assert.deepEqual(declaredRouteNames().filter((name) => !covered.has(name)), []);
});

test('every page of every role fits a phone, 390 and 360 px wide', async () => {
  const slug = await demoCandidateSlug(contexts.candidate.context);
  const measures = [];
  const failures = [];
  for (const role of ['anonymous', 'candidate', 'school', 'partner']) {
    const { context, page } = contexts[role];
    const errors = collectPageErrors(page);
    for (const [name, path] of await routesFor(role, context, { candidateSlug: slug })) {
      for (const width of phoneWidths) {
        await page.setViewportSize({ width, height: phoneHeight });
        await visit(page, path);
        const measure = await pageWidth(page);
        measures.push({ role, name, path, viewport: width, ...measure });
        if (measure.scrollWidth > measure.innerWidth) {
          failures.push(`${role} ${path} at ${width}: ${measure.scrollWidth} px wide (${(await overflowing(page)).join(', ')})`);
        }
      }
    }
    assert.deepEqual(errors, [], `no page error as ${role}`);
  }
  writeFileSync(screenshotPath('phone-widths.json'), `${JSON.stringify(measures, null, 2)}\n`);
  assert.deepEqual(failures, []);
});

test('the sourcing page at a city zoom, on a phone, in French and English', async () => {
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
      await page.waitForTimeout(2500);
      const measure = await pageWidth(page);
      assert.ok(measure.scrollWidth <= measure.innerWidth, `the sourcing page is ${measure.scrollWidth} px wide in ${locale}`);
      await page.screenshot({ path: screenshotPath(`sourcing-phone-${locale}.png`) });
    } finally {
      await localized.close();
    }
  }
});
