// The operator's work end to end, against the real server at BASE_URL (its
// demo mailbox on, and the demo operator of its seed):
// - in French, a new partner signs up (through the API: the web app has no
//   partner sign-up page), validates the address from the demo mailbox, logs
//   in and finds the banner saying the account waits for approval, and the
//   sourcing page held back; the demo operator logs in, lands on the approval
//   queue (/admin) and approves the partner; the partner reloads and runs a
//   search;
// - in English, the operator finds a new account on /admin/comptes, approves
//   it, suspends it (with a reason) and reinstates it, and the audit log shows
//   the last two.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  baseUrl,
  collectPageErrors,
  demoAccounts,
  demoPassword,
  logIn,
  loggedInContext,
  newContext,
  openPage,
  ownAddressHeaders,
  screenshotPath,
  sharedBrowser,
} from './browser.mjs';
import { fillSearchAroundLyon, shownTotal, waitForSettledResults } from './sourcing-steps.mjs';

/**
 * A partner account created through the API, in a company of its own (so that an operator, not a colleague, approves it),
 * from an address of its own (see ownAddressHeaders).
 */
async function signUpPartner(context, { stamp, locale, lastname }) {
  const email = `partenaire.${stamp}@example.com`;
  const company = `Entreprise Test ${stamp}`;
  const response = await context.request.post(`${baseUrl}/api/api/partners`, {
    headers: ownAddressHeaders(),
    data: {
      email,
      firstname: 'Inès',
      lastname,
      password: demoPassword,
      phone: '06 12 34 56 78',
      locale,
      company,
      role: 'Recruteuse',
    },
  });
  assert.equal(response.status(), 201, `the partner sign-up answers ${response.status()}: ${await response.text()}`);
  return { email, company, name: `Inès ${lastname}` };
}

/** The row of `email` in the approval queue, turning its pages until it shows. */
async function queueRow(page, email) {
  await page.getByTestId('approval-queue-count').waitFor();
  for (let turned = 0; turned < 20; turned += 1) {
    const row = page.locator(`[data-testid="admin-account"][data-email="${email}"]`);
    if ((await row.count()) > 0) return row;
    const next = page.getByRole('button', { name: 'Page suivante' });
    assert.ok((await next.count()) > 0 && (await next.isEnabled()), `${email} is in the approval queue`);
    await next.click();
    await page.waitForLoadState('networkidle');
  }
  throw new Error(`${email} is not in the first 20 pages of the queue`);
}

describe('operator', () => {
  const browser = sharedBrowser();

  test('a new partner waits for approval; the operator approves it from /admin; the partner can then search (fr)', async () => {
    const stamp = Date.now();
    const { context, page, errors } = await openPage(browser(), { browserLanguage: 'fr-FR', localeCookie: 'fr' });
    const partner = await signUpPartner(context, { stamp, locale: 'fr', lastname: `Attente${stamp}` });

    // The validation email waits in the demo mailbox; its link validates, then the partner logs in.
    await page.goto(`${baseUrl}/mailbox`);
    const mail = page.getByTestId('mailbox-email').filter({ hasText: partner.email }).first();
    await mail.waitFor();
    await mail.locator('a', { hasText: '/inscription/valider' }).first().click();
    await page.getByTestId('sign-up-validation-done').waitFor();
    await page.getByTestId('sign-up-validation-login').click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.locator('#login-email').fill(partner.email);
    await page.locator('#login-password').fill(demoPassword);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/dashboard/partenaire');

    // The dashboard says the account waits, and the sourcing page is held back.
    const banner = page.getByTestId('standing-banner-pending');
    await banner.waitFor();
    assert.match(await banner.innerText(), /Votre compte est en attente de validation par notre équipe/);
    await page.goto(`${baseUrl}/dashboard/partenaire/sourcing`);
    const held = page.getByTestId('sourcing-standing');
    await held.waitFor();
    assert.match(await held.getByTestId('standing-notice-pending').innerText(), /dès que notre équipe aura validé votre compte/);
    assert.equal(await page.getByTestId('sourcing-page').count(), 0);
    await page.screenshot({ path: screenshotPath('sourcing-pending-fr.png') });

    // The demo operator logs in, lands on the approval queue and approves the partner.
    const operator = await openPage(browser(), { browserLanguage: 'fr-FR', localeCookie: 'fr' });
    try {
      await logIn(operator.page, demoAccounts.operator, demoPassword, { expectPath: '/admin' });
      await operator.page.getByTestId('admin-queue').waitFor();
      const row = await queueRow(operator.page, partner.email);
      assert.match(await row.innerText(), new RegExp(partner.company));
      assert.equal(await row.getByTestId('email-validated').innerText(), 'E-mail validé');
      assert.equal(await row.getByTestId('joins-company').count(), 0);
      await operator.page.screenshot({ path: screenshotPath('admin-queue-fr.png'), fullPage: true });
      await row.getByTestId('account-approve').click();
      await operator.page.locator('.toast', { hasText: `${partner.name} (${partner.company}) validé` }).first().waitFor();
      await row.waitFor({ state: 'detached' });
      assert.deepEqual(operator.errors, []);
    } finally {
      await operator.context.close();
    }

    // The partner reloads: the sourcing page is open and a search runs.
    await page.reload();
    await page.getByTestId('sourcing-page').waitFor();
    assert.equal(await page.getByTestId('standing-banner-pending').count(), 0);
    await fillSearchAroundLyon(page);
    await page.locator('.results__list, [data-testid="results-empty"]').first().waitFor({ timeout: 60_000 });
    await waitForSettledResults(page).catch(() => {});
    assert.equal(await page.getByTestId('results-standing').count(), 0);
    assert.equal(await page.getByTestId('results-error').count(), 0);
    assert.ok(Number.isFinite(await shownTotal(page)), 'the list says how many candidates match');

    await page.goto(`${baseUrl}/dashboard/partenaire`);
    await page.getByTestId('partner-dashboard').waitFor();
    assert.equal(await page.getByTestId('standing-banner-pending').count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('the operator suspends an account from /admin/comptes, reinstates it, and the audit log shows both (en)', async () => {
    const stamp = Date.now();
    const setup = await newContext(browser(), { browserLanguage: 'en-GB', localeCookie: 'en' });
    const lastname = `Suspended${stamp}`;
    const partner = await signUpPartner(setup, { stamp, locale: 'en', lastname });
    await setup.close();

    const { context, page } = await loggedInContext(browser(), 'operator', { browserLanguage: 'en-GB', localeCookie: 'en' });
    const errors = collectPageErrors(page);
    try {
      await page.goto(`${baseUrl}/admin/comptes`);
      await page.getByTestId('admin-accounts').waitFor();
      await page.getByLabel('Search', { exact: true }).fill(partner.email);
      const row = page.locator(`[data-testid="admin-account"][data-email="${partner.email}"]`);
      await row.waitFor();
      // the search answers after a pause: a click while the list is replaced could land on the old row
      await page.waitForLoadState('networkidle');

      // The new account waits: approving it first (the queue's action, on this page too).
      await row.getByTestId('account-approve').click();
      await row.locator('[data-testid="standing-badge"][data-standing="approved"]').waitFor();

      // Suspending needs a reason.
      await row.getByTestId('account-suspend').click();
      const dialog = page.getByTestId('reason-dialog');
      await dialog.waitFor();
      await dialog.getByTestId('reason-submit').click();
      await dialog.getByText('This field is required.').waitFor();
      await dialog.getByLabel('Reason (sent by email)').fill(`Browser test ${stamp}`);
      await dialog.getByTestId('reason-submit').click();
      await dialog.waitFor({ state: 'detached' });
      await row.locator('[data-testid="standing-badge"][data-standing="suspended"]').waitFor();
      assert.match(await row.innerText(), new RegExp(`Reason: Browser test ${stamp}`));

      // Reinstating gives the account back at once.
      await row.getByTestId('account-reinstate').click();
      await row.locator('[data-testid="standing-badge"][data-standing="approved"]').waitFor();
      await page.locator('.toast', { hasText: 'reinstated' }).first().waitFor();

      // The audit log, newest first: the reinstatement, then the suspension with its reason.
      await page.goto(`${baseUrl}/admin/journal`);
      await page.getByTestId('admin-audit').waitFor();
      // The subject is the account's name (its person or its company): the stamp is in both.
      const events = page.getByTestId('audit-event').filter({ hasText: String(stamp) });
      await events.first().waitFor();
      const actions = await events.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-action')));
      assert.deepEqual(actions.slice(0, 2), ['account_reinstated', 'account_suspended']);
      assert.match(await events.nth(0).innerText(), /Account reinstated/);
      assert.match(await events.nth(1).innerText(), /Account suspended/);
      assert.match(await events.nth(1).innerText(), new RegExp(`Browser test ${stamp}`));
      assert.ok((await events.nth(0).locator('time').getAttribute('datetime'))?.length, 'each event says when');
      await page.screenshot({ path: screenshotPath('admin-audit-en.png'), fullPage: true });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
