// Unsaved changes in a person's hands, against the seeded server at BASE_URL:
// the demo candidate adds a language on the languages page and clicks
// "Loisirs" in the menu; instead of dropping the language silently, a dialog
// asks whether to leave. Enter stays (the focus starts on "stay"), the
// language is still there; leaving without saving opens the hobbies and the
// language was not saved. Once in French, once in English, with axe on the
// question and a picture of it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { baseUrl, collectPageErrors, loggedInContext, screenshotPath, sharedBrowser } from './browser.mjs';
import { seriousAxeViolations } from './page-checks.mjs';

const texts = {
  fr: { browserLanguage: 'fr-FR', hobbies: 'Loisirs', add: 'Ajouter une langue', question: 'Quitter sans enregistrer ?', stay: 'Rester', leave: 'Quitter sans enregistrer' },
  en: { browserLanguage: 'en-GB', hobbies: 'Hobbies', add: 'Add a language', question: 'Leave without saving?', stay: 'Stay', leave: 'Leave without saving' },
};

for (const [locale, t] of Object.entries(texts)) {
  describe(`unsaved changes (${locale})`, () => {
    const browser = sharedBrowser();

    test('a language added and not saved is not dropped by a click on another page', async () => {
      const { context, page } = await loggedInContext(browser(), 'candidate', { browserLanguage: t.browserLanguage, localeCookie: locale });
      const errors = collectPageErrors(page);
      try {
        await page.goto(`${baseUrl}/dashboard/candidate/langues`);
        const picker = page.getByRole('combobox', { name: t.add });
        await picker.waitFor();
        const rowsBefore = await page.locator('.language-levels__row').count();
        // the first language the candidate does not speak yet
        const option = picker.locator('option:not([value=""])').first();
        const language = (await option.textContent()).trim();
        await picker.selectOption(await option.getAttribute('value'));
        await page.locator('.language-levels__row').nth(rowsBefore).waitFor();

        await page.locator('.sidebar__link', { hasText: t.hobbies }).click();
        const question = page.getByRole('alertdialog', { name: t.question });
        await question.waitFor();
        assert.equal(await page.evaluate(() => document.activeElement?.textContent), t.stay);
        assert.deepEqual(await seriousAxeViolations(page), []);
        await page.screenshot({ path: screenshotPath(`unsaved-changes-${locale}.png`) });

        // Enter on the focused "stay": the page and the new language are still there
        await page.keyboard.press('Enter');
        await question.waitFor({ state: 'detached' });
        assert.equal(new URL(page.url()).pathname, '/dashboard/candidate/langues');
        assert.equal(await page.locator('.language-levels__row').count(), rowsBefore + 1);
        assert.ok((await page.locator('.language-levels__row').nth(rowsBefore).innerText()).includes(language));

        // leaving without saving goes, and the language was not saved
        await page.locator('.sidebar__link', { hasText: t.hobbies }).click();
        await page.getByRole('button', { name: t.leave }).click();
        await page.waitForURL((url) => url.pathname === '/dashboard/candidate/hobbies');
        const whoami = await (await context.request.get(`${baseUrl}/api/api/auth/whoami`)).json();
        const profile = await (await context.request.get(`${baseUrl}/api/api/candidates/${whoami.candidate?.id ?? whoami.id}`)).json();
        assert.equal(profile.languages.length, rowsBefore);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  });
}
