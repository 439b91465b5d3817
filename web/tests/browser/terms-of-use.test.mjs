// The terms of use that sign-up links from its consent, in French and in English:
// the page's title and sections, axe, screenshots (terms-of-use-fr.png, terms-of-use-en.png).
// accounts.test.mjs opens them from the sign-up's consent, in a new tab.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseUrl, openPage, screenshotPath, sharedBrowser } from './browser.mjs';
import { seriousAxeViolations } from './page-checks.mjs';

const browser = sharedBrowser();

for (const [language, title] of [
  ['fr', 'Conditions d’utilisation'],
  ['en', 'Terms of use'],
]) {
  test(`the terms of use say what Vivier does and what the person may do (${language})`, async () => {
    const { context, page, errors } = await openPage(browser(), { localeCookie: language });
    try {
      await page.goto(`${baseUrl}/conditions-utilisation`);
      await page.getByTestId('terms-of-use').waitFor();
      assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), title);
      assert.equal(await page.getByTestId('terms-of-use').getByRole('heading', { level: 2 }).count(), 6);
      assert.equal(await page.title(), `${title} · Vivier`);
      assert.deepEqual(await seriousAxeViolations(page), []);
      await page.screenshot({ path: screenshotPath(`terms-of-use-${language}.png`), fullPage: true });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}
