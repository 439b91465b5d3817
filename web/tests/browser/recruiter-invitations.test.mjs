// A school brings its own recruiter, end to end against the seeded server at
// BASE_URL, in French and in English. The demo school invites a new address
// from its dashboard's recruiters panel; the invitation waits in its list. The
// recruiter opens the emailed link, creates their account (a company of their
// own), and lands on their dashboard: it waits for Vivier's approval, and the
// banner says they already find the school's students. The sourcing page opens
// for them (a search answers), while offers still wait for the approval. Back
// on the school's dashboard, the recruiter shows as linked. The pages are axe
// checked and screenshots written.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseUrl, collectPageErrors, demoPassword, loggedInContext, newContext, screenshotPath, sharedBrowser } from './browser.mjs';
import { seriousAxeViolations } from './page-checks.mjs';

const browser = sharedBrowser();

const texts = {
  fr: { browserLanguage: 'fr-FR', scoped: 'vous pouvez déjà trouver les étudiants des écoles qui vous ont invité' },
  en: { browserLanguage: 'en-GB', scoped: 'you can already find the students of the schools that invited you' },
};

/** A word of letters only, for one run. */
function uniqueWord() {
  return `Recru${[...String(Date.now())].map((digit) => 'abcdefghij'[Number(digit)]).join('')}`;
}

for (const [locale, text] of Object.entries(texts)) {
  test(`a recruiter a school invites signs up from the link and finds the school's students at once (${locale})`, async () => {
    const word = uniqueWord();
    const email = `${word.toLowerCase()}@recrutement.example`;
    const { context: schoolContext, page: school } = await loggedInContext(browser(), 'school', {
      browserLanguage: text.browserLanguage,
      localeCookie: locale,
    });
    const recruiter = await newContext(browser(), { browserLanguage: text.browserLanguage, localeCookie: locale });
    let recruiterId;
    try {
      const schoolErrors = collectPageErrors(school);
      // The school invites the address from its recruiters panel.
      const panel = school.getByTestId('school-recruiters').first();
      await panel.waitFor();
      const form = school.getByTestId('invite-recruiter-form');
      await form.scrollIntoViewIfNeeded();
      await form.locator('input[type="email"]').fill(email);
      const [firstname, lastname] = await form.locator('input:not([type="email"])').all();
      await firstname.fill('Inès');
      await lastname.fill(word);
      await form.locator('button[type="submit"]').click();
      await school.getByTestId('invite-recruiter-sent').getByText(email).waitFor();
      await school.getByTestId('recruiter-invitation').filter({ hasText: email }).waitFor();
      assert.deepEqual(await seriousAxeViolations(school), []);
      await school.getByTestId('recruiter-invitations').screenshot({ path: screenshotPath(`recruiter-invitation-sent-${locale}.png`) });

      // The recruiter opens the emailed link and creates the account.
      const mailbox = await (await recruiter.request.get(`${baseUrl}/api/mailbox`)).json();
      const link = mailbox.find((mail) => mail.to === email)?.links.find((url) => url.includes('/inscription/recruteur?token='));
      assert.ok(link, 'the invitation email holds its link');
      const page = await recruiter.newPage();
      const errors = collectPageErrors(page);
      await page.goto(`${baseUrl}${new URL(link).pathname}${new URL(link).search}`);
      const card = page.getByTestId('recruiter-invitation-sign-up');
      await card.waitFor();
      assert.equal(await page.locator('#recruiter-invitation-email').inputValue(), email);
      await page.locator('#recruiter-invitation-company').fill(`Cabinet ${word}`);
      await page.locator('#recruiter-invitation-password').fill(demoPassword);
      await page.locator('#recruiter-invitation-password-confirmation').fill(demoPassword);
      await page.locator('#recruiter-invitation-consent').check();
      assert.deepEqual(await seriousAxeViolations(page), []);
      await card.screenshot({ path: screenshotPath(`recruiter-sign-up-${locale}.png`) });
      await page.locator('form button[type="submit"]').click();
      await page.waitForURL((url) => url.pathname.startsWith('/dashboard/partenaire'));

      // It waits for Vivier, and already finds the school's students.
      const banner = page.getByTestId('standing-banner-pending');
      await banner.waitFor();
      assert.ok((await banner.innerText()).includes(text.scoped), await banner.innerText());
      assert.deepEqual(await seriousAxeViolations(page), []);
      await page.screenshot({ path: screenshotPath(`recruiter-waiting-dashboard-${locale}.png`) });
      const me = await (await page.request.get(`${baseUrl}/api/api/auth/whoami`)).json();
      recruiterId = me.id;
      assert.equal(me.standing, 'pending');
      assert.equal(me.partner.school_scoped, true);
      await page.goto(`${baseUrl}/dashboard/partenaire/sourcing`);
      await page.locator('main').first().waitFor();
      assert.equal(await page.getByTestId('sourcing-standing').count(), 0, 'the sourcing page opens');
      const search = {
        job_category: 1, contracts: [5], duration: 6, start_at: '2026-12-15', localization: { value: 'Lyon', type: 'city', id: '69123' },
        radius: 50, languages: [{ id: 2, level: 1 }], degree: 0,
      };
      const searched = await page.request.post(`${baseUrl}/api/api/sourcing/searchs?save=false`, { data: search });
      assert.equal(searched.status(), 200, await searched.text());
      const offers = await page.request.get(`${baseUrl}/api/api/job/offers`);
      assert.equal(offers.status(), 403, 'offers wait for the approval');

      // The school sees the recruiter it brought, linked.
      await school.reload();
      const search_ = school.getByTestId('school-recruiters').first().locator('input[type="search"], input[type="text"]').first();
      await search_.fill(`Cabinet ${word}`);
      const row = school.getByTestId('school-recruiter').filter({ hasText: word });
      await row.waitFor();
      assert.equal(await row.getByTestId('school-recruiter-state').getAttribute('data-state'), 'linked');
      assert.deepEqual(errors, []);
      assert.deepEqual(schoolErrors, []);
    } finally {
      if (recruiterId) await school.request.post(`${baseUrl}/api/api/partners/${recruiterId}/remove-school`).catch(() => {});
      await recruiter.close();
      await schoolContext.close();
    }
  });
}
