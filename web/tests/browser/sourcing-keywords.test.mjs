// Keywords find what a recruiter reads on a card, and say where: the demo
// partner searches around Lyon, takes a word from the first hit's headline,
// searches again with that word as keyword, and finds that candidate, whose
// explanation names the keyword and the headline, in French and in English.
// A picture of the explained card goes to test-results/.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseUrl, collectPageErrors, loggedInContext, screenshotPath, sharedBrowser } from './browser.mjs';
import { fillSearchAroundLyon, waitForSettledResults } from './sourcing-steps.mjs';

const browser = sharedBrowser();

const headlinePlace = { fr: 'titre du profil', en: 'headline' };

for (const locale of ['fr', 'en']) {
  test(`a word of a headline finds its candidate and the card says where it matched (${locale})`, async () => {
    const { context, page } = await loggedInContext(browser(), 'partner', {
      localeCookie: locale,
      browserLanguage: locale === 'fr' ? 'fr-FR' : 'en-GB',
    });
    const errors = collectPageErrors(page);
    try {
      await page.goto(`${baseUrl}/dashboard/partenaire/sourcing`);
      await page.getByTestId('sourcing-page').waitFor();
      await fillSearchAroundLyon(page);
      const cards = page.getByTestId('hit-card');
      await cards.first().waitFor({ timeout: 60_000 });
      await waitForSettledResults(page);
      assert.equal(await cards.first().locator('[data-criterion="keywords"]').count(), 0, 'no keyword row without keywords');

      // The longest word of the first hit's headline, as a recruiter would type it.
      const first = cards.first();
      const name = await first.locator('.hit-card__name').innerText();
      const headline = await first.locator('.hit-card__headline').innerText();
      const word = headline
        .split(/[^\p{L}\p{N}]+/u)
        .filter((part) => part.length >= 5)
        .sort((a, b) => b.length - a.length)[0];
      assert.ok(word, `a word to search in the headline "${headline}"`);

      await page.locator('#sourcing-keywords').fill(word.toUpperCase());
      await page.waitForFunction(
        () => document.querySelector('[data-testid="hit-card"] [data-criterion="keywords"]') !== null,
        undefined,
        { timeout: 60_000 },
      );
      await waitForSettledResults(page);
      const card = cards.filter({ has: page.locator('.hit-card__name', { hasText: name }) });
      await card.first().waitFor();
      const row = card.first().locator('[data-criterion="keywords"]');
      const explained = await row.innerText();
      assert.ok(explained.includes(word.toLowerCase()), `the keyword is named: ${explained}`);
      assert.ok(explained.includes(headlinePlace[locale]), `the headline is named as where it matched: ${explained}`);
      // Every hit holds the keyword.
      const rows = await page.locator('[data-testid="hit-card"] [data-criterion="keywords"]').count();
      assert.equal(rows, await cards.locator('.score-ring').count(), 'each scored hit explains its keyword');
      await card.first().scrollIntoViewIfNeeded();
      await card.first().screenshot({ path: screenshotPath(`sourcing-keyword-card-${locale}.png`) });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}
