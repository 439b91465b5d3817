// axe on every page: each route of the app, per role (anonymous, candidate,
// school, partner), in French and in English, at desktop size. A serious or
// critical violation fails the test, with the rule, the page and the elements.
// axe is evaluated in the page (the server's CSP refuses injected script tags).
// The same visits check that no page logs an error in the console (an
// anonymous visitor's start-up no longer asks whoami for a 401), and that the
// language switch names each language in that language.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, test } from 'node:test';
import { collectPageErrors, launchBrowser, loggedInContext, newContext } from './browser.mjs';
import { demoCandidateSlug, routesFor, visit } from './routes.mjs';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const failingImpacts = new Set(['serious', 'critical']);
const locales = { fr: 'fr-FR', en: 'en-GB' };

let browser;
let candidateSlug;

before(async () => {
  browser = await launchBrowser();
  const { context } = await loggedInContext(browser, 'candidate');
  candidateSlug = await demoCandidateSlug(context);
  await context.close();
});

after(async () => {
  await browser?.close();
});

async function seriousViolations(page) {
  await page.evaluate(axeSource);
  const results = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return results.violations
    .filter((violation) => failingImpacts.has(violation.impact))
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** The map's markers come after its style and the search's answer: wait for them on a page with a map. */
async function waitForMap(page) {
  if ((await page.getByTestId('sourcing-map').count()) === 0) return;
  await page
    .waitForFunction(() => document.querySelector('[data-testid="sourcing-map"]')?.getAttribute('data-map-ready') === 'true', undefined, {
      timeout: 30_000,
    })
    .catch(() => {});
  await page.waitForTimeout(1000);
}

for (const role of ['anonymous', 'candidate', 'school', 'partner']) {
  for (const [locale, browserLanguage] of Object.entries(locales)) {
    test(`axe finds nothing serious on the pages of the ${role}, in ${locale}`, async () => {
      const { context, page } =
        role === 'anonymous'
          ? await newContext(browser, { browserLanguage, localeCookie: locale }).then(async (created) => ({
              context: created,
              page: await created.newPage(),
            }))
          : await loggedInContext(browser, role, { browserLanguage, localeCookie: locale });
      const errors = collectPageErrors(page);
      const consoleErrors = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        consoleErrors.push(`${page.url()}: ${message.text()} (${message.location().url})`);
      });
      try {
        const found = [];
        for (const [, path] of await routesFor(role, context, { candidateSlug })) {
          await visit(page, path);
          await waitForMap(page);
          assert.equal(await page.locator('html').getAttribute('lang'), locale, `${path} is in ${locale}`);
          for (const violation of await seriousViolations(page)) found.push(`${path}: ${violation}`);
        }
        assert.deepEqual(found, []);
        assert.deepEqual(errors, []);
        assert.deepEqual(consoleErrors, []);
      } finally {
        await context.close();
      }
    });
  }
}

test('the language switch names each language in that language, on a French and an English page', async () => {
  for (const [locale, browserLanguage] of Object.entries(locales)) {
    const context = await newContext(browser, { browserLanguage, localeCookie: locale });
    try {
      const page = await context.newPage();
      await visit(page, '/');
      for (const [code, name] of [['fr', 'Français'], ['en', 'English']]) {
        const button = page.locator(`.language-switcher__option[data-locale="${code}"]`).first();
        assert.equal(await button.getAttribute('title'), name, `the ${code} button's title on the ${locale} page`);
        assert.equal(await button.getAttribute('lang'), code);
        assert.equal(await button.evaluate((element) => element.textContent?.replace(/^(FR|EN)/, '')), name);
      }
    } finally {
      await context.close();
    }
  }
});
