// How visible the demo candidate is, against the seeded server at BASE_URL:
// the dashboard shows the company searches of the last 7 and 30 days they
// appeared in (the seed's month of searches, evaluated by the server once it
// has loaded the candidates) and the one change that would have put them in
// more, in French and in English, axe clean (screenshots written).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseUrl, collectPageErrors, loggedInContext, screenshotPath, sharedBrowser } from './browser.mjs';
import { seriousAxeViolations } from './page-checks.mjs';

const text = {
  fr: { browserLanguage: 'fr-FR', title: 'Votre visibilité', change: 'Modifier ma recherche' },
  en: { browserLanguage: 'en-US', title: 'Your visibility', change: 'Change my job search' },
};

const browser = sharedBrowser();

for (const [locale, words] of Object.entries(text)) {
  test(`the candidate sees the company searches they appeared in (${locale})`, async () => {
    const { context, page } = await loggedInContext(browser(), 'candidate', { browserLanguage: words.browserLanguage, localeCookie: locale });
    const errors = collectPageErrors(page);
    try {
      const month = async () => {
        await page.goto(`${baseUrl}/dashboard/candidate`);
        const figure = page.getByTestId('visibility-month').locator('dd');
        await figure.waitFor();
        return Number(await figure.textContent());
      };
      let searches = await month();
      for (let attempt = 0; attempt < 20 && searches === 0; attempt += 1) {
        await page.waitForTimeout(1000);
        searches = await month();
      }
      const api = await (await context.request.get(`${baseUrl}/api/api/candidates/visibility`)).json();
      assert.ok(searches > 0, 'the seeded searches found the demo candidate');
      assert.equal(searches, api.searches_30_days);
      assert.ok(Number(await page.getByTestId('visibility-week').locator('dd').textContent()) <= searches);
      await page.getByRole('heading', { name: words.title }).waitFor();
      if (api.suggestion) {
        const suggestion = page.getByTestId('visibility-suggestion');
        assert.match(await suggestion.textContent(), new RegExp(String(api.suggestion.appearances)));
        await suggestion.getByRole('link', { name: words.change }).waitFor();
      }
      assert.deepEqual(await seriousAxeViolations(page), []);
      await page.getByTestId('visibility').screenshot({ path: screenshotPath(`candidate-visibility-${locale}.png`) });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}
