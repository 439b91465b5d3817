// The sourcing criteria live in the page's URL: a partner fills a search
// around Lyon, widens it, sorts it by distance and turns to page 2 if any; a reload gives the
// same criteria, the same results in the same order on the same page; Back
// from another page gives them again; and the URL opened by a colleague in
// English runs the same search. Screenshots: sourcing-url-reloaded-fr.png,
// sourcing-url-shared-en.png.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseUrl, collectPageErrors, loggedInContext, screenshotPath, sharedBrowser } from './browser.mjs';
import { mapIdle, seriousAxeViolations } from './page-checks.mjs';
import { fillSearchAroundLyon, shownTotal, waitForSettledResults } from './sourcing-steps.mjs';

const browser = sharedBrowser();

/** What the page shows of its search: the form's main fields, the total, the page and the candidates in order. */
async function shownSearch(page) {
  await page.getByTestId('hit-card').first().waitFor({ timeout: 60_000 });
  await waitForSettledResults(page);
  return {
    jobCategory: await page.locator('#sourcing-job-category').inputValue(),
    duration: await page.locator('#sourcing-duration').inputValue(),
    startAt: await page.locator('#sourcing-start-at').inputValue(),
    place: await page.locator('#sourcing-localization').inputValue(),
    radius: await page.locator('#sourcing-radius').inputValue(),
    sort: await page.getByTestId('results-sort').inputValue(),
    total: await shownTotal(page),
    candidates: await page.getByTestId('hit-card').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-candidate-id'))),
  };
}

test('a reload, Back and a shared link give the same sourcing search, on the same page', async () => {
  const { context, page } = await loggedInContext(browser(), 'partner');
  const errors = collectPageErrors(page);
  try {
    await page.goto(`${baseUrl}/dashboard/partenaire/sourcing`);
    await page.getByTestId('sourcing-page').waitFor();
    assert.equal(new URL(page.url()).search, '', 'an untouched form writes nothing in the URL');
    await fillSearchAroundLyon(page);
    // wide enough for a second page: every contract, 150 km, English only (no soft-skill family)
    await page.locator('fieldset[data-name="softskill-categories"] .choice-chip[data-checked="true"]').click();
    const contracts = page.locator('fieldset[data-name="contracts"] .choice-chip[data-checked="false"]');
    while ((await contracts.count()) > 0) await contracts.first().click();
    await page.locator('#sourcing-radius').evaluate((input) => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, '150');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await page.getByTestId('hit-card').first().waitFor({ timeout: 60_000 });
    await waitForSettledResults(page);
    await page.getByTestId('results-sort').selectOption('distance');
    await waitForSettledResults(page);
    // the second page when there is one (the seed's candidates are spread over France and its categories)
    const paged = (await shownTotal(page)) > 20;
    if (paged) {
      await page.locator('.pager button').last().click();
      await page.waitForURL(/[?&]page=2\b/);
    }
    await page.waitForURL(/[?&]sort=distance\b/);
    const before = await shownSearch(page);
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('place_name'), 'Lyon');
    assert.equal(url.searchParams.get('duration'), '6');
    assert.equal(url.searchParams.get('radius'), '150');
    assert.ok(before.total > 0, `the search finds candidates (${before.total})`);

    await page.reload();
    const reloaded = await shownSearch(page);
    assert.deepEqual(reloaded, before, 'a reload gives the same criteria and results');
    assert.equal(page.url(), url.href, 'the URL stays as it was');
    if (paged) assert.match(await page.locator('.pager__status').innerText(), /\b2\b/);
    assert.deepEqual(await seriousAxeViolations(page), []);
    await mapIdle(page);
    await page.screenshot({ path: screenshotPath('sourcing-url-reloaded-fr.png') });

    // another page of the app, then Back
    await page.locator('a[href="/dashboard/partenaire"]').first().click();
    await page.getByTestId('partner-dashboard').waitFor();
    await page.goBack();
    assert.deepEqual(await shownSearch(page), before, 'Back gives the same criteria and results');

    // the link sent to a colleague, opened in English
    const english = await loggedInContext(browser(), 'partner', { localeCookie: 'en', browserLanguage: 'en-GB' });
    try {
      await english.page.goto(url.href);
      const shared = await shownSearch(english.page);
      assert.deepEqual(shared, before, 'the shared URL runs the same search');
      assert.match(await english.page.locator('#results-title').innerText(), /candidates?/);
      await mapIdle(english.page);
      await english.page.screenshot({ path: screenshotPath('sourcing-url-shared-en.png') });
    } finally {
      await english.context.close();
    }
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
