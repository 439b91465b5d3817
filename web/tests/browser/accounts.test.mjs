// Accounts end to end, against the real server at BASE_URL (which must send
// its emails to the demo mailbox and hold the demo accounts of its seed):
// a candidate signs up, follows the validation link of the mailbox, lands
// logged in on their dashboard, is kept out of the partner area, and logs out;
// an anonymous visitor of a dashboard goes through login and comes back.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  baseUrl,
  demoAccounts,
  demoPassword,
  newContext,
  openPage,
  screenshotPath,
  sharedBrowser,
  validateSignUpAndLogIn,
} from './browser.mjs';

const path = (page) => new URL(page.url()).pathname;

describe('accounts', () => {
  const browser = sharedBrowser();

  test('a candidate signs up, validates from the mailbox, is kept to their area and logs out', async () => {
    const { context, page, errors } = await openPage(browser(), { browserLanguage: 'fr-FR', localeCookie: 'fr' });
    const email = `candidat.${Date.now()}@example.com`;

    await page.goto(`${baseUrl}/inscription/candidat`);
    // Step 1: about you.
    await page.locator('#signup-firstname').fill('Léa');
    await page.locator('#signup-lastname').fill('Testeuse');
    await page.locator('#signup-birthdate').fill('1999-04-12');
    await page.getByRole('button', { name: 'Continuer' }).click();
    // Step 2: contact details, with a place picked from the suggestions.
    await page.locator('#signup-email').fill(email);
    await page.locator('#signup-phone').fill('06 12 34 56 78');
    const place = page.getByRole('combobox', { name: 'Ville ou pays de résidence' });
    await place.fill('Lyon');
    await page.getByRole('option', { name: /^Lyon/ }).first().waitFor();
    await place.press('ArrowDown');
    await place.press('Enter');
    assert.equal(await place.getAttribute('aria-expanded'), 'false');
    await page.getByRole('button', { name: 'Continuer' }).click();
    // Step 3: password, confirmation, consent.
    await page.locator('#signup-password').fill(demoPassword);
    await page.locator('#signup-password-confirmation').fill(demoPassword);
    // the consent's terms of use open in a new tab: the form stays as it is
    const [terms] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('terms-link').click()]);
    await terms.getByTestId('terms-of-use').waitFor();
    assert.equal(new URL(terms.url()).pathname, '/conditions-utilisation');
    await terms.close();
    assert.equal(await page.locator('#signup-password').inputValue(), demoPassword);
    await page.locator('#signup-consent').check();
    assert.equal(await page.locator('#signup-product-news').isChecked(), false, 'product news is opt-in');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.getByTestId('check-inbox').waitFor();
    await page.screenshot({ path: screenshotPath('sign-up-check-inbox-fr.png') });

    // The validation email waits in the demo mailbox; validating does not log in: the user then
    // logs in with their password, and skips the onboarding of a first login for now.
    await validateSignUpAndLogIn(page, email, {
      onMailbox: () => page.screenshot({ path: screenshotPath('mailbox-fr.png'), fullPage: true }),
    });
    assert.equal(await page.getByTestId('user-name').first().textContent(), 'Léa Testeuse');

    // Another role's area sends them back to their own.
    await page.goto(`${baseUrl}/dashboard/partenaire`);
    await page.waitForURL((url) => url.pathname === '/dashboard/candidate');
    await page.goto(`${baseUrl}/metier/offre/creer`);
    await page.waitForURL((url) => url.pathname === '/dashboard/candidate');

    // Logging out ends on the home page, and the dashboard needs a login again.
    await page.getByTestId('logout-button').first().click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('login-link').waitFor();
    await page.goto(`${baseUrl}/dashboard/candidate`);
    await page.waitForURL((url) => url.pathname === '/login');

    // The new account logs in with its password too.
    await page.locator('#login-email').fill(email);
    await page.locator('#login-password').fill(demoPassword);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/dashboard/candidate');

    assert.deepEqual(errors, []);
    await context.close();
  });

  test('an anonymous visitor of a dashboard logs in and comes back to it', async () => {
    const context = await newContext(browser(), { browserLanguage: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/dashboard/candidate/langues`);
    await page.waitForURL((url) => url.pathname === '/login');
    assert.equal(new URL(page.url()).searchParams.get('redirect'), '/dashboard/candidate/langues');

    // A wrong password is refused with the server's reason, translated.
    await page.locator('#login-email').fill(demoAccounts.candidate);
    await page.locator('#login-password').fill('not-the-password-1');
    await page.locator('form button[type="submit"]').click();
    assert.equal(await page.getByTestId('login-error').textContent(), 'Wrong email address or password.');

    await page.locator('#login-password').fill(demoPassword);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/dashboard/candidate/langues');
    await page.getByRole('heading', { name: 'Languages' }).waitFor();
    await context.close();
  });

  test('a redirect to another site is ignored after login', async () => {
    const context = await newContext(browser(), { browserLanguage: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login?redirect=${encodeURIComponent('//evil.example/steal')}`);
    await page.locator('#login-email').fill(demoAccounts.school);
    await page.locator('#login-password').fill(demoPassword);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/dashboard/ecole');
    assert.equal(new URL(page.url()).origin, new URL(baseUrl).origin);
    await context.close();
  });

  test('the partner demo account lands on the partner dashboard', async () => {
    const context = await newContext(browser(), { browserLanguage: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.locator('#login-email').fill(demoAccounts.partner);
    await page.locator('#login-password').fill(demoPassword);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/dashboard/partenaire');
    assert.equal(path(page), '/dashboard/partenaire');
    await context.close();
  });
});
