// The onboarding of a new candidate, against the seeded server at BASE_URL: a
// candidate signed up and validated lands on /personnalisation/candidat at
// their first login, goes through the five steps (saving each, going back
// once), finishes, and lands on the dashboard from then on; what they chose is
// in their profile.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseUrl, openPage, screenshotPath, sharedBrowser } from './browser.mjs';
import { seriousAxeViolations } from './page-checks.mjs';

const password = 'Premier-essai-2026';

async function validationLink(request, to) {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const emails = await (await request.get(`${baseUrl}/api/mailbox`)).json();
    const link = emails.find((email) => email.to === to)?.links.find((url) => new URL(url).pathname === '/inscription/valider');
    if (link) return `${new URL(link).pathname}${new URL(link).search}`;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no validation email to ${to}`);
}

async function logIn(page, email) {
  await page.goto(`${baseUrl}/login`);
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  await page.locator('form button[type="submit"]').click();
}

const browser = sharedBrowser();

test('a first-time candidate is onboarded in five saved steps, then lands on the dashboard', async () => {
  const { context, page, errors } = await openPage(browser(), { browserLanguage: 'fr-FR', localeCookie: 'fr' });
  const email = `onboarding.${Date.now()}@example.com`;
  try {
    const signUp = await context.request.post(`${baseUrl}/api/api/candidates`, {
      data: {
        firstname: 'Jade', lastname: 'Nouvelle', email, password, phone: '0611223344', birthdate: '2001-02-03', locale: 'fr', consent: true,
        localization: { value: 'Lyon', type: 'city', lat: 45.76769, lng: 4.83537, id: '69123', country_code: 'FR' },
      },
    });
    assert.equal(signUp.status(), 201);
    await page.goto(`${baseUrl}${await validationLink(context.request, email)}`);
    await page.getByTestId('sign-up-validation-done').waitFor();

    await logIn(page, email);
    await page.waitForURL((url) => url.pathname === '/personnalisation/candidat');
    const flow = page.getByTestId('onboarding');
    await flow.waitFor();

    // 1: what (a job category and a contract)
    assert.equal(await flow.getAttribute('data-step'), 'what');
    await flow.locator('fieldset[data-name="jobCategories"] .choice-chip').first().click();
    await flow.locator('fieldset[data-name="contractTypes"] .choice-chip').first().click();
    assert.deepEqual(await seriousAxeViolations(page), []);
    await page.screenshot({ path: screenshotPath('onboarding-what-fr.png'), fullPage: true });
    await page.getByTestId('onboarding-next').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="onboarding"]')?.getAttribute('data-step') === 'where');
    // back keeps what was saved
    await page.getByRole('button', { name: 'Retour' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="onboarding"]')?.getAttribute('data-step') === 'what');
    assert.equal(await flow.locator('fieldset[data-name="jobCategories"] .choice-chip[data-checked="true"]').count(), 1);
    await page.getByTestId('onboarding-next').click();

    // 2: where, 3: when (saved as they are), 4: languages, 5: finish
    for (const step of ['where', 'when', 'languages', 'first']) {
      await page.waitForFunction((wanted) => document.querySelector('[data-testid="onboarding"]')?.getAttribute('data-step') === wanted, step);
      if (step === 'languages') {
        const add = flow.locator('select').first();
        await add.selectOption({ index: 1 });
      }
      await page.getByTestId('onboarding-next').click();
    }
    await page.waitForURL((url) => url.pathname === '/dashboard/candidate');

    const whoami = await (await context.request.get(`${baseUrl}/api/api/auth/whoami`)).json();
    assert.equal(whoami.firstTime, false, 'finishing clears first_time');
    const profile = await (await context.request.get(`${baseUrl}/api/api/candidates/${whoami.candidate?.id ?? whoami.id}`)).json();
    assert.equal(profile.job_categories.length, 1);
    assert.equal(profile.contract_types.length, 1);
    assert.equal(profile.languages.length, 1);

    // the next login goes to the dashboard
    await page.getByTestId('logout-button').first().click();
    await page.waitForURL((url) => url.pathname === '/');
    await logIn(page, email);
    await page.waitForURL((url) => url.pathname === '/dashboard/candidate');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
