// The emailed links of the accounts contract, against the real server at
// BASE_URL with its demo mailbox: a new account cannot log in before its
// address is validated, a forgotten password is replaced through the reset
// link, the unsubscribe link of an email takes effect, and a login link asked
// for on the login page logs in once.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { baseUrl, newContext, openPage, sharedBrowser } from './browser.mjs';

const password = 'Premier-essai-2026';
const newPassword = 'Second-essai-2027';

/** The newest email to `to` whose links include one to `path`, and that link as an in-app path. */
async function linkFromMailbox(request, to, path) {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const response = await request.get(`${baseUrl}/api/mailbox`);
    assert.equal(response.status(), 200, 'the server keeps a demo mailbox');
    const emails = await response.json();
    for (const email of emails) {
      if (email.to !== to) continue;
      const link = email.links.find((url) => new URL(url, baseUrl).pathname === path);
      if (link) {
        const url = new URL(link, baseUrl);
        return `${url.pathname}${url.search}`;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no email to ${to} with a link to ${path}`);
}

async function logInWith(page, email, secret) {
  await page.goto(`${baseUrl}/login`);
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(secret);
  await page.locator('form button[type="submit"]').click();
}

describe('account recovery and emailed links', () => {
  const browser = sharedBrowser();

  test('validate, forget the password, reset it, log in with the new one, unsubscribe', async () => {
    const { context, page, errors } = await openPage(browser(), { browserLanguage: 'en-US', localeCookie: 'en' });
    const email = `recovery.${Date.now()}@example.com`;

    // Sign up through the API (the form has its own test).
    const signUp = await context.request.post(`${baseUrl}/api/api/candidates`, {
      data: {
        firstname: 'Noé', lastname: 'Essai', email, password, phone: '0611223344', birthdate: '1995-03-02', locale: 'en', consent: true,
        localization: { value: 'Lyon', type: 'city', lat: 45.76769, lng: 4.83537, id: '69123', country_code: 'FR' },
      },
    });
    assert.equal(signUp.status(), 201);

    // Before validation, login says why it refuses.
    await logInWith(page, email, password);
    assert.equal(
      await page.getByTestId('login-error').textContent(),
      'Your email address is not validated yet. Click the link in the sign-up email.',
    );

    // The validation link validates without logging in; the password then works.
    await page.goto(`${baseUrl}${await linkFromMailbox(context.request, email, '/inscription/valider')}`);
    await page.getByTestId('sign-up-validation-done').waitFor();
    assert.equal((await context.cookies()).some((cookie) => cookie.name === 'vivier_session'), false);
    await logInWith(page, email, password);
    // a first-time candidate starts with the onboarding
    await page.waitForURL((url) => url.pathname === '/personnalisation/candidat');
    await page.getByTestId('logout-button').first().click();
    await page.waitForURL((url) => url.pathname === '/');

    // A used validation link is refused.
    await page.goto(`${baseUrl}${await linkFromMailbox(context.request, email, '/inscription/valider')}`);
    await page.getByTestId('sign-up-validation-failed').waitFor();

    // Forgot password: the answer never says whether the account exists.
    await page.goto(`${baseUrl}/mot-de-passe/oublier`);
    await page.locator('#forgot-email').fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByTestId('forgot-password-sent').waitFor();

    await page.goto(`${baseUrl}${await linkFromMailbox(context.request, email, '/mot-de-passe/reinitialiser')}`);
    await page.locator('#reset-password').fill(newPassword);
    await page.locator('#reset-password-confirmation').fill(newPassword);
    await page.getByRole('button', { name: 'Save the password' }).click();
    await page.getByTestId('reset-password-done').waitFor();

    // The old password no longer works, the new one does.
    await logInWith(page, email, password);
    assert.equal(await page.getByTestId('login-error').textContent(), 'Wrong email address or password.');
    await logInWith(page, email, newPassword);
    await page.waitForURL((url) => url.pathname === '/personnalisation/candidat');

    // The unsubscribe link of an email takes effect when opened.
    await page.goto(`${baseUrl}${await linkFromMailbox(context.request, email, '/notifications/desinscrire')}`);
    await page.getByTestId('unsubscribe-done').waitFor();

    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a login link asked for on the login page logs in once', async () => {
    const { context, page, errors } = await openPage(browser(), { browserLanguage: 'en-US', localeCookie: 'en' });
    const email = `link.${Date.now()}@example.com`;
    const signUp = await context.request.post(`${baseUrl}/api/api/candidates`, {
      data: {
        firstname: 'Lina', lastname: 'Lien', email, password, phone: '0611223344', birthdate: '1996-05-04', locale: 'en', consent: true,
        localization: { value: 'Lyon', type: 'city', lat: 45.76769, lng: 4.83537, id: '69123', country_code: 'FR' },
      },
    });
    assert.equal(signUp.status(), 201);
    await page.goto(`${baseUrl}${await linkFromMailbox(context.request, email, '/inscription/valider')}`);
    await page.getByTestId('sign-up-validation-done').waitFor();

    // The secondary action uses the email field alone, and its answer says nothing of the account.
    await page.goto(`${baseUrl}/login`);
    await page.locator('#login-email').fill(email);
    await page.getByRole('button', { name: 'Email me a login link' }).click();
    assert.match(await page.getByTestId('login-link-sent').textContent(), /^If an account exists for this address/);

    const link = await linkFromMailbox(context.request, email, '/login/with-token');
    await page.goto(`${baseUrl}${link}`);
    await page.waitForURL((url) => url.pathname === '/personnalisation/candidat');
    await page.getByTestId('logout-button').first().click();
    await page.waitForURL((url) => url.pathname === '/');

    // A used link is refused.
    await page.goto(`${baseUrl}${link}`);
    await page.getByTestId('login-with-token').getByText('This link is no longer valid', { exact: false }).waitFor();

    assert.deepEqual(errors, []);
    await context.close();
  });

  test('signing up again with a known email sends a password-reset suggestion, never a login link', async () => {
    const context = await newContext(browser(), { browserLanguage: 'en-US', localeCookie: 'en' });
    const page = await context.newPage();
    const email = `twice.${Date.now()}@example.com`;
    const body = {
      firstname: 'Inès', lastname: 'Deuxfois', email, password, phone: '0611223344', birthdate: '1994-07-08', locale: 'en', consent: true,
      localization: { value: 'Lyon', type: 'city', lat: 45.76769, lng: 4.83537, id: '69123', country_code: 'FR' },
    };
    assert.equal((await context.request.post(`${baseUrl}/api/api/candidates`, { data: body })).status(), 201);
    await page.goto(`${baseUrl}${await linkFromMailbox(context.request, email, '/inscription/valider')}`);
    await page.getByTestId('sign-up-validation-done').waitFor();

    // The same answer as a first sign-up, and an email that points to the password reset.
    const again = await context.request.post(`${baseUrl}/api/api/candidates`, { data: body });
    assert.equal(again.status(), 201);
    await page.goto(`${baseUrl}${await linkFromMailbox(context.request, email, '/mot-de-passe/oublier')}`);
    await page.locator('#forgot-email').waitFor();
    const mailbox = await (await context.request.get(`${baseUrl}/api/mailbox`)).json();
    const linksToThem = mailbox.filter((mail) => mail.to === email).flatMap((mail) => mail.links);
    assert.equal(linksToThem.some((url) => url.includes('/login/with-token')), false);
    await context.close();
  });
});
