// The partner's sourcing journey against the real server and its seeded demo:
// the demo partner searches around Lyon for a job category, sees the search
// circle, the markers and a ranked list with explanations, widens the search
// with a relax suggestion, saves the search and a candidate, and finds both
// again on the saved-search page and the dashboard. Screenshots of the
// sourcing page in French and English go to test-results/.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  baseUrl,
  collectCspViolations,
  collectPageErrors,
  loggedInContext,
  screenshotPath,
  sharedBrowser,
} from './browser.mjs';
import { mapIdle } from './page-checks.mjs';
import { fillSearchAroundLyon, jobCategoryPattern, shownTotal, waitForSettledResults } from './sourcing-steps.mjs';

const browser = sharedBrowser();

async function waitForMap(page, radius) {
  const map = page.getByTestId('sourcing-map');
  await page.waitForFunction(
    (expected) => {
      const element = document.querySelector('[data-testid="sourcing-map"]');
      return element?.getAttribute('data-map-ready') === 'true' && element.getAttribute('data-circle-radius') === String(expected);
    },
    radius,
    { timeout: 60_000 },
  );
  return map;
}

test('a partner sources candidates around Lyon, widens the search, saves it and a candidate, and finds both again', async () => {
  const { context, page } = await loggedInContext(browser(), 'partner');
  const errors = collectPageErrors(page);
  const cspViolations = await collectCspViolations(page);
  try {
    const document = await page.goto(`${baseUrl}/dashboard/partenaire/sourcing`);
    assert.match(document.headers()['content-security-policy'] ?? '', /script-src 'self';/);
    await page.getByTestId('sourcing-page').waitFor();
    assert.equal(await page.locator('[data-layout]').first().getAttribute('data-layout'), 'sourcing');
    // Nothing runs before the form is valid.
    await page.getByTestId('results-empty').waitFor();

    await fillSearchAroundLyon(page);

    // A ranked list with explanations (the soft-skill row shows the last criteria were searched).
    const cards = page.getByTestId('hit-card');
    await cards.first().locator('[data-criterion="softskill"]').waitFor({ timeout: 60_000 });
    await waitForSettledResults(page);
    const total = await shownTotal(page);
    assert.ok(total > 0, `the search around Lyon finds candidates (total ${total})`);
    const scores = await page.locator('.hit-card .score-ring__number').allInnerTexts();
    const numeric = scores.map(Number);
    assert.deepEqual(numeric, [...numeric].sort((a, b) => b - a), 'hits are ranked by score');
    const explanation = cards.first().getByTestId('hit-explanation');
    await explanation.locator('[data-criterion="proximity"]').waitFor();
    assert.match(await explanation.locator('[data-criterion="proximity"]').innerText(), /km|pays|nationwide|nationale/i);
    assert.ok((await explanation.locator('[data-criterion="language"]').count()) >= 1, 'the language requirement is explained');
    assert.ok((await explanation.locator('[data-criterion="softskill"]').count()) >= 1, 'the soft-skill family is explained');
    // where the candidate lives, apart from the wished place that matched and its distance
    assert.match(await cards.first().getByTestId('hit-home').innerText(), /^habite \S/);
    assert.match(await cards.first().locator('.hit-card__facts').innerText(), /souhaite .+, à [\d,]+ km|Tout le pays/);

    // The map: the circle of 10 km around Lyon and the hits drawn on it.
    const map = await waitForMap(page, 10);
    await page.getByTestId('map-center').waitFor();
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="sourcing-map"]')?.getAttribute('data-rendered-hits')) > 0,
      undefined,
      { timeout: 60_000 },
    );
    assert.ok(Number(await map.getAttribute('data-hit-count')) > 0, 'hits are on the map');

    // Hovering a card highlights it (and its marker).
    await cards.first().hover();
    assert.equal(await cards.first().getAttribute('data-highlighted'), 'true');

    // Let the map finish fitting the circle, and show the form from its top, before the picture.
    await page.locator('.sourcing-page__form').evaluate((element) => element.scrollTo(0, 0));
    await mapIdle(page);
    await page.screenshot({ path: screenshotPath('sourcing-fr.png') });

    // A relax suggestion widens the search and the total grows.
    const suggestions = page.getByTestId('relax-suggestion');
    await suggestions.first().waitFor();
    const radiusSuggestion = page.locator('[data-testid="relax-suggestion"][data-kind="radius"]');
    const suggestion = (await radiusSuggestion.count()) > 0 ? radiusSuggestion : suggestions.first();
    const kind = await suggestion.getAttribute('data-kind');
    await suggestion.click();
    await page.waitForFunction(
      (before) => {
        const text = document.querySelector('#results-title')?.textContent ?? '';
        const digits = text.replace(/[\s\u202f\u00a0]/g, '').match(/\d+/);
        return digits !== null && Number(digits[0]) > before;
      },
      total,
      { timeout: 60_000 },
    );
    const widened = await shownTotal(page);
    assert.ok(widened > total, `the ${kind} suggestion grows the total (${total} -> ${widened})`);
    if (kind === 'radius') await waitForMap(page, Number(await page.locator('#sourcing-radius').inputValue()));

    // Save the search: its page opens.
    await page.getByTestId('save-search').click();
    await page.waitForURL(/\/dashboard\/partenaire\/sourcing\/recherches\/\d+$/);
    const searchId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByTestId('saved-search-page').waitFor();
    await page.getByTestId('hit-card').first().waitFor({ timeout: 60_000 });
    assert.equal(await shownTotal(page), widened, 'the saved search shows the same live results');

    // Save a candidate from the list, then check it in the side panel.
    const firstCard = page.getByTestId('hit-card').first();
    const candidateId = await firstCard.getAttribute('data-candidate-id');
    const candidateName = await firstCard.locator('.hit-card__open').innerText();
    await firstCard.getByTestId('save-candidate').click();
    await page.waitForFunction(
      (id) => document.querySelector(`[data-candidate-id="${id}"] [data-testid="save-candidate"]`)?.getAttribute('aria-pressed') === 'true',
      candidateId,
    );
    await firstCard.locator('.hit-card__open').click();
    const panel = page.getByTestId('candidate-panel');
    await panel.waitFor();
    assert.equal(await panel.getByTestId('save-candidate').getAttribute('aria-pressed'), 'true');
    await page.keyboard.press('Escape');

    // The saved candidates tab lists them.
    await page.getByTestId('tab-saved').click();
    await page.locator(`[data-testid="hit-card"][data-candidate-id="${candidateId}"]`).waitFor({ timeout: 60_000 });
    assert.equal(await page.getByTestId('hit-card').count(), 1);
    assert.equal(await page.getByTestId('hit-card').first().locator('.hit-card__open').innerText(), candidateName);

    // And the dashboard lists the search with its saved candidate.
    await page.goto(`${baseUrl}/dashboard/partenaire`);
    const row = page.locator(`[data-testid="saved-searches"] a[href$="/recherches/${searchId}"]`);
    await row.waitFor({ timeout: 60_000 });
    assert.ok(Number(await page.getByTestId('stat-saved-candidates').locator('.stat-card__value').innerText()) >= 1);

    // The English screenshot: the same search, reopened for refinement.
    const english = await loggedInContext(browser(), 'partner', { localeCookie: 'en', browserLanguage: 'en-GB' });
    try {
      await english.page.goto(`${baseUrl}/dashboard/partenaire/sourcing?search=${searchId}`);
      await english.page.getByTestId('hit-card').first().waitFor({ timeout: 60_000 });
      assert.match(await english.page.locator('#results-title').innerText(), /candidates?/);
      assert.match(await english.page.getByTestId('hit-home').first().innerText(), /^lives in \S/);
      await waitForMap(english.page, Number(await english.page.locator('#sourcing-radius').inputValue()));
      await english.page.getByTestId('hit-card').first().hover();
      await mapIdle(english.page);
      await english.page.screenshot({ path: screenshotPath('sourcing-en.png') });
      // saving the refined search updates it in place: same id, no second search
      const savedBefore = (await (await english.context.request.get(`${baseUrl}/api/api/sourcing/searchs`)).json()).length;
      await english.page.getByTestId('save-search').click();
      await english.page.waitForURL((url) => url.pathname.endsWith(`/recherches/${searchId}`));
      const savedAfter = (await (await english.context.request.get(`${baseUrl}/api/api/sourcing/searchs`)).json()).length;
      assert.equal(savedAfter, savedBefore, 'editing a saved search keeps it one search');
    } finally {
      await english.context.close();
    }

    // The map (its worker from /assets, WebGL) runs under the server's strict policy.
    assert.deepEqual(cspViolations, []);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a partner creates a job offer in five steps and opens a sourcing search pre-filled from it', async () => {
  const { context, page } = await loggedInContext(browser(), 'partner');
  const errors = collectPageErrors(page);
  try {
    await page.goto(`${baseUrl}/metier/offre/creer`);
    const next = page.locator('.offer-flow__card button[type="submit"]');
    // 1 the job
    await page.locator('#offer-title').fill('Développeur·se React en alternance');
    await page.locator('#offer-job-category option').nth(1).waitFor({ state: 'attached' });
    const category = await page
      .locator('#offer-job-category option')
      .evaluateAll((nodes, pattern) => nodes.find((node) => new RegExp(pattern, 'i').test(node.textContent ?? ''))?.getAttribute('value'), jobCategoryPattern.source);
    await page.locator('#offer-job-category').selectOption(category ?? { index: 1 });
    await next.click();
    // 2 the contract: an empty step is refused
    await next.click();
    await page.locator('.field__error').first().waitFor();
    await page.locator('#offer-contract').selectOption('2'); // the CDD: a permanent contract asks no duration
    await page.locator('#offer-duration').fill('12');
    await page.locator('#offer-start').fill('2027-01-04');
    await next.click();
    // 3 where
    await page.locator('#offer-localization').fill('Lyon');
    await page.getByRole('option', { name: /^Lyon\b/ }).first().click();
    await next.click();
    // 4 the profile
    await page.locator('.choice-chip').first().click();
    await next.click();
    // 5 description and review, then publish
    await page.locator('#offer-description').fill('Une équipe produit de huit personnes, au cœur de Lyon.');
    assert.match(await page.getByTestId('offer-review').innerText(), /Lyon/);
    await next.click();
    await page.getByTestId('offer-created').waitFor();

    await page.getByTestId('find-candidates').click();
    await page.waitForURL(/\/dashboard\/partenaire\/sourcing\?offer=\d+$/);
    await page.getByTestId('sourcing-page').waitFor();
    assert.equal(await page.locator('#sourcing-job-category').inputValue(), category ?? (await page.locator('#sourcing-job-category').inputValue()));
    assert.equal(await page.locator('#sourcing-duration').inputValue(), '12');
    assert.equal(await page.locator('#sourcing-start-at').inputValue(), '2027-01-04');
    assert.equal(await page.locator('#sourcing-localization').inputValue(), 'Lyon');
    await waitForMap(page, 10);
    // The pre-filled form is valid: the search runs by itself.
    await page.locator('.results[aria-busy="false"]').waitFor({ timeout: 60_000 });
    assert.match(await page.locator('#results-title').innerText(), /\d/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
