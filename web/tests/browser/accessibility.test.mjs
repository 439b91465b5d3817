// The whole-app sweep: each route of the app, per role (anonymous, candidate,
// school, partner, operator), in French and in English, visited once. On each page:
// - it stays open to its role, is a known route and has a title (main h1);
// - axe at desktop size: a serious or critical violation fails the test, with
//   the rule, the page and the elements (axe is evaluated in the page: the
//   server's CSP refuses injected script tags);
// - the page fits a phone: resized to the common phone widths (360, 375, 390,
//   414 and 430 px, 844 high), it must not be wider than the window (no
//   sideways scrolling, nothing cut off on the right); the widths measured go
//   to test-results/phone-widths-<locale>.json;
// - no page logs an error in the console (an anonymous visitor's start-up no
//   longer asks whoami for a 401);
// - the first element a Tab reaches is the skip link, and it points at the
//   page's main element, which can take the focus.
// The same file checks that the language switch names each language in that
// language.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { collectPageErrors, launchBrowser, loggedInContext, newContext, screenshotPath } from './browser.mjs';
import { mapIdle, phoneWidths, seriousAxeViolations } from './page-checks.mjs';
import { demoCandidateSlug, routesFor, visit } from './routes.mjs';

const locales = { fr: 'fr-FR', en: 'en-GB' };
const desktop = { width: 1280, height: 800 };
const phoneHeight = 844;

let browser;
let candidateSlug;
const phoneMeasures = { fr: [], en: [] };

before(async () => {
  browser = await launchBrowser();
  const { context } = await loggedInContext(browser, 'candidate');
  candidateSlug = await demoCandidateSlug(context);
  await context.close();
});

after(async () => {
  for (const [locale, measures] of Object.entries(phoneMeasures)) {
    if (measures.length > 0) writeFileSync(screenshotPath(`phone-widths-${locale}.json`), `${JSON.stringify(measures, null, 2)}\n`);
  }
  await browser?.close();
});

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

/** Whether the skip link comes first among what a Tab reaches, and lands on a focusable main; a failure as a line. */
async function skipLinkFailure(page) {
  const { first, target } = await page.evaluate(() => {
    const reachable = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';
    const firstReachable = document.querySelector(reachable);
    const landing = document.querySelector(firstReachable?.getAttribute('href') ?? 'none');
    return {
      first: firstReachable?.className,
      target: landing ? `${landing.tagName.toLowerCase()} tabindex=${landing.getAttribute('tabindex')}` : null,
    };
  });
  if (first === 'skip-link' && target === 'main tabindex=-1') return null;
  return `${page.url()}: first Tab stop .${first}, landing on ${target}`;
}

/** The page's width at each phone width, resized in place; the failures as lines. */
async function phoneWidthFailures(page, measure) {
  const failures = [];
  for (const width of phoneWidths) {
    await page.setViewportSize({ width, height: phoneHeight });
    // Two frames: the resize's layout, then whatever a resize observer changed.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    measure({ viewport: width, scrollWidth, innerWidth });
    if (scrollWidth > innerWidth) {
      failures.push(`${page.url()} at ${width}: ${scrollWidth} px wide (${(await overflowing(page)).join(', ')})`);
    }
  }
  await page.setViewportSize(desktop);
  return failures;
}

for (const role of ['anonymous', 'candidate', 'school', 'partner', 'operator']) {
  for (const [locale, browserLanguage] of Object.entries(locales)) {
    test(`every page of the ${role} in ${locale}: nothing serious for axe, fits phones ${phoneWidths.join(', ')} px wide`, async () => {
      const { context, page } =
        role === 'anonymous'
          ? await newContext(browser, { browserLanguage, localeCookie: locale }).then(async (created) => ({
              context: created,
              page: await created.newPage(),
            }))
          : await loggedInContext(browser, role, { browserLanguage, localeCookie: locale });
      await page.setViewportSize(desktop);
      const errors = collectPageErrors(page);
      const consoleErrors = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        consoleErrors.push(`${page.url()}: ${message.text()} (${message.location().url})`);
      });
      try {
        const violations = [];
        const tooWide = [];
        for (const [name, path] of await routesFor(role, context, { candidateSlug })) {
          await visit(page, path);
          await mapIdle(page);
          const pathname = path.split('?')[0];
          assert.equal(new URL(page.url()).pathname, pathname, `${path} stays open to its owner`);
          assert.equal(await page.getByTestId('not-found').count(), 0, `${path} is a known route`);
          assert.notEqual((await page.locator('main h1').first().textContent())?.trim(), '', `${path} has a title`);
          assert.equal(await page.locator('html').getAttribute('lang'), locale, `${path} is in ${locale}`);
          for (const violation of await seriousAxeViolations(page)) violations.push(`${path}: ${violation}`);
          const skipLink = await skipLinkFailure(page);
          if (skipLink) violations.push(skipLink);
          const measure = (widths) => phoneMeasures[locale].push({ role, name, path, ...widths });
          tooWide.push(...(await phoneWidthFailures(page, measure)));
        }
        assert.deepEqual(violations, []);
        assert.deepEqual(tooWide, []);
        assert.deepEqual(errors, []);
        assert.deepEqual(consoleErrors, []);
      } finally {
        await context.close();
      }
    });
  }
}

test('Tab then Enter on the skip link puts the focus on the page itself', async () => {
  const context = await newContext(browser, { browserLanguage: locales.fr, localeCookie: 'fr' });
  try {
    const page = await context.newPage();
    await visit(page, '/');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.className), 'skip-link');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'MAIN');
  } finally {
    await context.close();
  }
});

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
