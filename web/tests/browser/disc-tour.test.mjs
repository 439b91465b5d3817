// The guided tutorial and the DISC test end to end, against the real server
// at BASE_URL (with its demo mailbox), once in French and once in English:
// a first-time candidate is offered the tutorial (product buttons, SVG flags,
// "1 of 13"), walks it to step 8 ("my information" points at the settings),
// lands on the personal projects with the project sub-tour counted on its own,
// walks it to its end and is left on the open project form, finds the tour
// again on the dashboard at "10 of 13", cancels with Escape and confirms, and
// is not offered it again after a reload nor on another device, until the
// help menu replays it;
// the demo candidate takes the DISC test to the end and sees the chart. Both
// pages are checked with axe.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  baseUrl,
  collectPageErrors,
  loggedInContext,
  newContext,
  openPage,
  screenshotPath,
  sharedBrowser,
} from './browser.mjs';
import { axeViolations } from './page-checks.mjs';

const password = 'Tutoriel-essai-2026';

const texts = {
  fr: { browserLanguage: 'fr-FR', welcome: 'Bienvenue sur Vivier !', letsGo: "C'est parti", projects: 'Vos projets personnels', seeResult: 'Voir mon résultat', confirm: 'Quitter le tutoriel ? Il ne vous sera plus proposé.', of: (current, total) => `${current} sur ${total}`, fillForm: 'Remplir le formulaire' },
  en: { browserLanguage: 'en-US', welcome: 'Welcome to Vivier!', letsGo: "Let's go", projects: 'Your personal projects', seeResult: 'See my result', confirm: 'Leave the tutorial? It will not be offered again.', of: (current, total) => `${current} of ${total}`, fillForm: 'Fill in the form' },
};

/** The newest link to `path` in the mailbox for `to`, as an in-app path. */
async function linkFromMailbox(request, to, path) {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const emails = await (await request.get(`${baseUrl}/api/mailbox`)).json();
    for (const email of emails) {
      if (email.to !== to) continue;
      const link = email.links.find((url) => new URL(url, baseUrl).pathname === path);
      if (link) return `${new URL(link, baseUrl).pathname}${new URL(link, baseUrl).search}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no email to ${to} with a link to ${path}`);
}

/** A new, validated candidate (signed up through the API), logged in on `page`. */
async function newCandidate(context, page, locale) {
  const email = `tour.${locale}.${Date.now()}@example.com`;
  const signUp = await context.request.post(`${baseUrl}/api/api/candidates`, {
    data: {
      firstname: 'Inès', lastname: 'Tutoriel', email, password, phone: '0611223344', birthdate: '1998-05-04', locale,
      consent: true,
      localization: { value: 'Lyon', type: 'city', lat: 45.76769, lng: 4.83537, id: '69123', country_code: 'FR' },
    },
  });
  assert.equal(signUp.status(), 201, await signUp.text());
  await page.goto(`${baseUrl}${await linkFromMailbox(context.request, email, '/inscription/valider')}`);
  await page.getByTestId('sign-up-validation-done').waitFor();
  await logIn(page, email, { firstTime: true });
  return email;
}

/** Logs in; a first-time candidate first skips the onboarding, which the tour follows. */
async function logIn(page, email, { firstTime = false } = {}) {
  await page.goto(`${baseUrl}/login`);
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  await page.locator('form button[type="submit"]').click();
  if (firstTime) {
    await page.waitForURL((url) => url.pathname === '/personnalisation/candidat');
    await page.getByTestId('onboarding-skip').click();
  }
  await page.waitForURL((url) => url.pathname === '/dashboard/candidate');
}

const popover = (page) => page.getByTestId('tour-popover');
const stepOf = (page) => popover(page).getAttribute('data-tour-step');
const progressOf = (page) => popover(page).locator('.driver-popover-progress-text').textContent();

/** The project sub-tour's steps after its first, in order. */
const subTourSteps = [
  'projectCreateIntro', 'projectTitle', 'projectCategories', 'projectLocalization', 'carContext', 'carActions', 'carResults',
  'projectSoftSkills', 'projectFamilies', 'projectSkills', 'projectEnd',
];

for (const locale of ['fr', 'en']) {
  const t = texts[locale];
  describe(`tutorial and DISC test (${locale})`, () => {
    const browser = sharedBrowser();

    test('a first-time candidate walks the tutorial and its project sub-tour, cancels it, is not offered it again, and replays it from the help menu', async () => {
      const { context, page, errors } = await openPage(browser(), { browserLanguage: t.browserLanguage, localeCookie: locale, tour: true });
      const email = await newCandidate(context, page, locale);

      // offered on the dashboard, with the flags, "no thank you" and "let's go"
      await popover(page).waitFor();
      assert.equal(await stepOf(page), 'welcome');
      assert.equal(await popover(page).locator('.driver-popover-title').textContent(), t.welcome);
      await page.getByTestId('tour-locale-fr').waitFor();
      await page.getByTestId('tour-locale-en').waitFor();
      await page.getByTestId('tour-decline').waitFor();
      assert.equal(await progressOf(page), t.of(1, 13));
      // the product's buttons, "let's go" as large as "no thank you", and flags drawn as pictures
      assert.match(await page.getByTestId('tour-next').getAttribute('class'), /\bbutton--primary\b/);
      assert.match(await page.getByTestId('tour-decline').getAttribute('class'), /\bbutton--secondary\b/);
      const letsGoBox = await page.getByTestId('tour-next').boundingBox();
      const declineBox = await page.getByTestId('tour-decline').boundingBox();
      assert.ok(Math.abs(letsGoBox.height - declineBox.height) < 1, `"let's go" ${letsGoBox.height} px high, "no thank you" ${declineBox.height} px`);
      assert.match(await page.getByTestId('tour-locale-en').locator('img').getAttribute('src'), /gb-.*\.svg$/);
      assert.deepEqual(await axeViolations(page), []);
      await page.screenshot({ path: screenshotPath(`tour-welcome-${locale}.png`) });

      // arrow keys do nothing; next walks on to step 8
      assert.equal(await page.getByTestId('tour-next').textContent(), t.letsGo);
      await page.getByTestId('tour-next').click();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowLeft');
      assert.equal(await stepOf(page), 'myInformation');
      // sharing is in the settings: the step shows their link
      assert.equal(await page.locator('[data-tour="nav-settings"].driver-active-element').count(), 1);
      for (const expected of ['languages', 'hobbies', 'personalProjects', 'academicProjects', 'educations', 'experiences', 'personalProjectsAgain']) {
        await page.getByTestId('tour-next').click();
        await page.locator(`[data-tour-step="${expected}"]`).waitFor();
      }

      // step 8's button opens the personal projects and starts the project sub-tour
      await page.getByTestId('tour-next').click();
      await page.waitForURL((url) => url.pathname === '/dashboard/candidate/projets/personnel');
      await page.locator('[data-tour-step="projectList"]').waitFor();
      assert.equal(await popover(page).locator('.driver-popover-title').textContent(), t.projects);
      assert.equal(await progressOf(page), t.of(1, 12));
      await page.screenshot({ path: screenshotPath(`tour-project-subtour-${locale}.png`) });

      // the sub-tour opens the project form and walks its fields; its last step leaves the candidate on the open form
      for (const expected of subTourSteps) {
        await page.getByTestId('tour-next').click();
        await page.locator(`[data-tour-step="${expected}"]`).waitFor();
      }
      assert.equal(await progressOf(page), t.of(12, 12));
      assert.equal(await page.getByTestId('tour-next').textContent(), t.fillForm);
      await page.getByTestId('tour-next').click();
      await popover(page).waitFor({ state: 'detached' });
      assert.equal(new URL(page.url()).pathname, '/dashboard/candidate/projets/personnel');
      const form = page.getByTestId('personal-projects-dialog');
      assert.ok(await form.isVisible(), 'the project form is still open');
      await page.screenshot({ path: screenshotPath(`tour-project-form-left-open-${locale}.png`) });

      // back on the dashboard, the tour goes on where it was, counted in the main tour
      await form.getByRole('button', { name: locale === 'fr' ? 'Annuler' : 'Cancel' }).click();
      await page.locator('.sidebar__link[href="/dashboard/candidate"]').click();
      await page.waitForURL((url) => url.pathname === '/dashboard/candidate');
      await page.locator('[data-tour-step="softSkills"]').waitFor();
      assert.equal(await progressOf(page), t.of(10, 13));

      // Escape cancels, after a confirmation
      let asked = '';
      page.once('dialog', (dialog) => {
        asked = dialog.message();
        void dialog.accept();
      });
      const tourEnded = page.waitForResponse((response) => response.url().endsWith('/api/api/user/tour') && response.request().method() === 'PATCH');
      await page.keyboard.press('Escape');
      await popover(page).waitFor({ state: 'detached' });
      assert.equal(asked, t.confirm);
      assert.equal((await tourEnded).status(), 200);

      // not offered again: after a reload, nor on another device
      await page.goto(`${baseUrl}/dashboard/candidate`);
      await page.getByTestId('candidate-dashboard').waitFor();
      await page.waitForTimeout(1000);
      assert.equal(await popover(page).count(), 0);
      const whoami = await (await context.request.get(`${baseUrl}/api/api/auth/whoami`)).json();
      assert.equal(whoami.tour, false);
      const otherDevice = await newContext(browser(), { browserLanguage: t.browserLanguage, localeCookie: locale, tour: true });
      const otherPage = await otherDevice.newPage();
      await logIn(otherPage, email);
      await otherPage.getByTestId('candidate-dashboard').waitFor();
      await otherPage.waitForTimeout(1000);
      assert.equal(await popover(otherPage).count(), 0);
      await otherDevice.close();

      // the help menu replays it from the start
      await page.getByTestId('help-menu').click();
      await page.getByTestId('help-replay-tutorial').click();
      await page.locator('[data-tour-step="welcome"]').waitFor();
      assert.equal(await progressOf(page), t.of(1, 13));
      page.once('dialog', (dialog) => void dialog.accept());
      await page.keyboard.press('Escape');
      await popover(page).waitFor({ state: 'detached' });

      assert.deepEqual(errors, []);
      await context.close();
    });

    test("a form's help tour walks its fields and leaves the form open when it ends", async () => {
      const { context, page } = await loggedInContext(browser(), 'candidate', { browserLanguage: t.browserLanguage, localeCookie: locale });
      const errors = collectPageErrors(page);
      try {
        await page.goto(`${baseUrl}/dashboard/candidate/experiences`);
        await page.getByTestId('experiences-add').first().click();
        const dialog = page.getByTestId('experiences-dialog');
        await dialog.waitFor();
        await dialog.getByTestId('form-guide').click();
        await page.locator('[data-tour-step="experienceCompany"]').waitFor();
        // the popover points at the field, inside the dialog
        const field = await page.locator('[data-tour="experience-company"]').boundingBox();
        const shown = await page.locator('.driver-active-element').boundingBox();
        assert.ok(field && shown && Math.abs(field.y - shown.y) < 2, 'the highlighted element is the company field');
        assert.deepEqual(await axeViolations(page), []);
        await page.screenshot({ path: screenshotPath(`tour-help-experience-${locale}.png`) });
        await page.getByTestId('tour-next').click();
        await page.locator('[data-tour-step="experiencePosition"]').waitFor();
        // Escape ends a help tour without asking, and the form stays open to fill in
        let asked = false;
        page.once('dialog', (question) => {
          asked = true;
          void question.dismiss();
        });
        await page.keyboard.press('Escape');
        await popover(page).waitFor({ state: 'detached' });
        assert.equal(asked, false);
        assert.ok(await dialog.isVisible(), 'the form is still open');
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });

    test('the demo candidate takes the DISC test to the end and sees the chart', async () => {
      // the demo candidate (sign-ups are rate-limited per address); the second run retakes the test
      const { context, page } = await loggedInContext(browser(), 'candidate', { browserLanguage: t.browserLanguage, localeCookie: locale });
      const errors = collectPageErrors(page);
      await page.goto(`${baseUrl}/dashboard/candidate/tests/personalite`);
      await page.getByTestId('disc-questionnaire').or(page.getByTestId('disc-result')).first().waitFor();
      if (await page.getByTestId('disc-retake').count()) await page.getByTestId('disc-retake').click();
      await page.getByTestId('disc-questionnaire').waitFor();
      await page.getByTestId('disc-fairness').waitFor();
      assert.deepEqual(await axeViolations(page), []);

      // one group at a time, by keyboard: focus the first answer, pick it with Space, go on with Enter
      for (let question = 0; question < 24; question += 1) {
        if (question === 12) {
          // resumable: a reload comes back to the same question
          await page.reload();
          await page.getByTestId('disc-questionnaire').waitFor();
        }
        const answers = page.locator('input[type="radio"]');
        await answers.nth(question % 4).focus();
        await page.keyboard.press('Space');
        if (question === 23) assert.equal(await page.getByTestId('disc-next').textContent(), t.seeResult);
        await page.keyboard.press('Enter');
      }
      await page.getByTestId('disc-result').waitFor();
      await page.getByTestId('disc-chart').waitFor();
      assert.equal(await page.locator('.disc-chart__table tbody tr').count(), 4);
      await page.getByTestId('disc-dominant').waitFor();
      // the choice to show it publicly is saved on the server (off by default: see the API tests)
      const shown = await page.getByTestId('disc-show').isChecked();
      await page.getByTestId('disc-show').click();
      await page.waitForFunction((was) => document.querySelector('[data-testid="disc-show"]').checked !== was, shown);
      await page.getByRole('status').waitFor();
      assert.deepEqual(await axeViolations(page), []);
      await page.screenshot({ path: screenshotPath(`disc-result-${locale}.png`), fullPage: true });

      assert.deepEqual(errors, []);
      await context.close();
    });
  });
}
