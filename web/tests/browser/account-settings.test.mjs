// The candidate's settings screens end to end, against the seeded server at
// BASE_URL, in French and in English, without losing the demo account: an
// email preference is turned off and stays off after a reload (then back on);
// a wrong current password is refused beside its field; an address change
// sends its link to the new address (the demo mailbox shows it) and keeps the
// old address until followed; deactivation and erasure each ask first, say
// what they mean, and cancelling leaves the account as it was. axe runs on
// every screen, screenshots are written for each.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  baseUrl,
  collectPageErrors,
  demoAccounts,
  demoPassword,
  loggedInContext,
  screenshotPath,
  sharedBrowser,
} from './browser.mjs';
import { seriousAxeViolations, settled } from './page-checks.mjs';

const text = {
  fr: {
    browserLanguage: 'fr-FR',
    news: 'Nouveautés de Vivier',
    wrongPassword: 'Le mot de passe actuel est incorrect.',
    deactivate: 'Désactiver',
    erase: 'Supprimer définitivement',
    cancel: 'Annuler',
  },
  en: {
    browserLanguage: 'en-US',
    news: 'Vivier news',
    wrongPassword: 'The current password is wrong.',
    deactivate: 'Deactivate',
    erase: 'Delete for good',
    cancel: 'Cancel',
  },
};

const browser = sharedBrowser();

async function newsPreference(context) {
  const answer = await (await context.request.get(`${baseUrl}/api/api/user/notifications`)).json();
  return answer.preferences.find((preference) => preference.type === 'news').subscribed;
}

/** Polls the stored preference until it is `wanted` (the switch saves on its own, without a button). */
async function waitForPreference(context, wanted) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if ((await newsPreference(context)) === wanted) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail(`the news preference never became ${wanted}`);
}

for (const [locale, words] of Object.entries(text)) {
  test(`the settings screens work and ask before anything that cannot be undone (${locale})`, async () => {
    const { context, page } = await loggedInContext(browser(), 'candidate', {
      browserLanguage: words.browserLanguage,
      localeCookie: locale,
    });
    const errors = collectPageErrors(page);
    try {
      await page.goto(`${baseUrl}/dashboard/candidate/parametres`);
      await page.getByTestId('account-settings').waitFor();

      // an email preference, saved at once and still there after a reload (then flipped back)
      const news = () => page.getByLabel(words.news, { exact: true });
      await news().waitFor();
      const before = await newsPreference(context);
      assert.equal(await news().isChecked(), before);
      await news().click();
      await waitForPreference(context, !before);
      await page.reload();
      await news().waitFor();
      assert.equal(await news().isChecked(), !before);
      await news().click();
      await waitForPreference(context, before);

      // a wrong current password is refused beside its field
      await page.locator('#account-current-password').fill('not-my-password-2026');
      await page.locator('#account-password').fill('Another-Strong-Pass-2026');
      await page.getByTestId('account-password').getByRole('button').click();
      await page.getByTestId('account-password').getByText(words.wrongPassword).waitFor();
      assert.equal(await page.locator('#account-current-password').getAttribute('aria-invalid'), 'true');

      // a new address gets its confirmation link; the account keeps the old one until then
      const newAddress = `camille.${locale}.${Date.now()}@example.org`;
      await page.locator('#account-new-email').fill(newAddress);
      await page.locator('#account-email-password').fill(demoPassword);
      await page.getByTestId('account-email').getByRole('button').click();
      await page.getByTestId('account-email').getByRole('status').waitFor();
      // the email is written in the transaction of its link, before the answer
      const mailbox = await (await context.request.get(`${baseUrl}/api/mailbox`)).json();
      assert.ok(mailbox.some((email) => email.to === newAddress), 'the link went to the new address');
      const whoami = await (await context.request.get(`${baseUrl}/api/api/auth/whoami`)).json();
      assert.equal(whoami.email, demoAccounts.candidate);

      await settled(page);
      assert.deepEqual(await seriousAxeViolations(page), []);
      await page.screenshot({ path: screenshotPath(`account-settings-forms-${locale}.png`), fullPage: true });

      // deactivation asks first; cancelling keeps the account and gives the focus back
      await page.getByTestId('deactivate').click();
      const confirm = page.getByRole('alertdialog');
      await confirm.waitFor();
      assert.ok(await confirm.getByRole('button', { name: words.deactivate, exact: true }).isVisible());
      await settled(page);
      assert.deepEqual(await seriousAxeViolations(page), []);
      await page.screenshot({ path: screenshotPath(`account-deactivate-confirm-${locale}.png`) });
      await confirm.getByRole('button', { name: words.cancel }).click();
      await confirm.waitFor({ state: 'detached' });
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'deactivate');

      // erasure asks for the password before its button can be pressed
      await page.getByTestId('erase').click();
      const erase = page.getByTestId('erase-dialog');
      await erase.waitFor();
      assert.equal(await erase.getByRole('button', { name: words.erase }).isDisabled(), true);
      await settled(page);
      assert.deepEqual(await seriousAxeViolations(page), []);
      await page.screenshot({ path: screenshotPath(`account-erase-confirm-${locale}.png`) });
      await erase.getByRole('button', { name: words.cancel }).click();
      await erase.waitFor({ state: 'detached' });

      const still = await context.request.get(`${baseUrl}/api/api/auth/whoami`);
      assert.equal(still.status(), 200, 'cancelling left the account logged in');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}
