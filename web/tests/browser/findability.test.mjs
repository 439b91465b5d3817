// Who can find me, end to end against the seeded server at BASE_URL, in French
// and in English. A seeded school (not the demo one) works with one approved
// recruiter (the school asks, the recruiter accepts) and not with another. It
// invites a new person, who creates their account from the emailed link and
// looks for a job around Lyon; their last name is a word nobody else has, so
// a keyword search counts exactly them. Both recruiters find the person
// (total 1). In their settings the person chooses "only the recruiters my
// school works with": the unlinked recruiter's total drops to 0, the linked
// one's stays 1. The linked recruiter saves and opens the profile, and the person's
// dashboard names that company under "companies that viewed your profile".
// The setup, the recruiters' searches and the save go through the API; the person's
// choice and dashboard through the pages (axe checked, screenshots written).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { baseUrl, collectPageErrors, demoAccounts, demoPassword, firstLogIn, newContext, ownAddressHeaders, screenshotPath, sharedBrowser } from './browser.mjs';
import { seriousAxeViolations } from './page-checks.mjs';

const browser = sharedBrowser();

const texts = {
  fr: { browserLanguage: 'fr-FR', schoolOnly: 'Seulement les recruteurs avec qui mon école travaille', looked: 'Entreprises qui ont consulté votre profil' },
  en: { browserLanguage: 'en-GB', schoolOnly: 'Only the recruiters my school works with', looked: 'Companies that viewed your profile' },
};

const lyon = { value: 'Lyon', type: 'city', id: '69123' };

/** A word of letters only that no seeded name holds, for one run. */
function uniqueWord() {
  return `Trouvi${[...String(Date.now())].map((digit) => 'abcdefghij'[Number(digit)]).join('')}`;
}

/** A request context logged in as `email` (the demo password), from an address of its own (logins are limited per address). */
async function apiSession(email, locale) {
  const context = await newContext(browser(), { localeCookie: locale });
  const response = await context.request.post(`${baseUrl}/api/api/auth/login`, {
    headers: ownAddressHeaders(),
    data: { username: email, password: demoPassword, remember: false },
  });
  assert.equal(response.status(), 200, `${email} logs in: ${await response.text()}`);
  return context;
}

/** Sends `data` as `method` to `path` in `context` and returns the JSON answer, failing on an error status. */
async function send(context, method, path, data) {
  const response = await context.request.fetch(`${baseUrl}${path}`, { method, data, headers: ownAddressHeaders() });
  assert.ok(response.ok(), `${method} ${path} answers ${response.status()}: ${await response.text()}`);
  return response.status() === 204 ? null : response.json();
}

/** A seeded school other than the demo one, and two approved recruiters of two other companies. */
async function cast(locale) {
  const operator = await apiSession(demoAccounts.operator, locale);
  const list = async (role) =>
    (await send(operator, 'GET', `/api/api/admin/accounts?role=${role}&standing=approved&per_page=100`)).accounts;
  const school = (await list('school')).find((account) => account.email !== demoAccounts.school);
  const partners = (await list('partner')).filter((account) => account.email !== demoAccounts.partner);
  const linked = partners[0];
  const unlinked = partners.find((account) => account.organisation !== linked.organisation);
  await operator.close();
  assert.ok(school && linked && unlinked, 'the seed has another school and recruiters of two companies');
  return { school, linked, unlinked };
}

/** The search around Lyon with `word` as keyword, stored (`save`) or not; its answer. */
async function searchFor(context, word, { save = false } = {}) {
  const search = {
    job_category: 1, contracts: [5], duration: 6, start_at: '2026-12-15', localization: lyon, radius: 5,
    languages: [{ id: 2, level: 4 }], degree: 0, keywords: word,
  };
  return send(context, 'POST', `/api/api/sourcing/searchs?save=${save}`, search);
}

/** How many candidates the recruiter of `context` finds with `word` as keyword, around Lyon. */
async function totalFor(context, word) {
  return (await searchFor(context, word)).total;
}

for (const [locale, text] of Object.entries(texts)) {
  test(`a candidate who lets only their school's recruiters find them leaves the others' searches, and sees who looked (${locale})`, async () => {
    const { school, linked, unlinked } = await cast(locale);
    const schoolSession = await apiSession(school.email, locale);
    const linkedSession = await apiSession(linked.email, locale);
    const unlinkedSession = await apiSession(unlinked.email, locale);
    const word = uniqueWord();
    const email = `${word.toLowerCase()}@example.org`;
    const candidate = await newContext(browser(), { browserLanguage: text.browserLanguage, localeCookie: locale });
    try {
      // The school works with the linked recruiter: it asks, the recruiter accepts.
      await send(schoolSession, 'POST', `/api/api/partners/${linked.id}/add-school`);
      await send(linkedSession, 'POST', `/api/api/partner/school-links/${school.id}/acceptance`);

      // The school invites a new address to one of its campuses; the person creates the account from the link.
      const [campus] = await send(schoolSession, 'GET', '/api/api/school/campuses');
      const invitation = { firstname: 'Camille', lastname: word, email, program: campus.programs[0].id };
      assert.equal((await send(schoolSession, 'POST', `/api/api/school/campuses/${campus.id}/candidates`, invitation)).outcome, 'invited');
      const mailbox = await (await candidate.request.get(`${baseUrl}/api/mailbox`)).json();
      const link = mailbox.find((mail) => mail.to === email)?.links.find((url) => url.includes('/inscription/invitation?token='));
      assert.ok(link, 'the invitation email holds its link');
      const token = new URL(link).searchParams.get('token');
      const me = await send(candidate, 'POST', `/api/api/school-invitations/${token}/account`, { password: demoPassword, consent: true, locale });

      // They look for a job around Lyon, speak English, and let every recruiter find them at first.
      const jobSearch = {
        from: 'job_search', job_categories: [1], job_localizations: [lyon], contract_types: [1, 5], contract_min_duration: 6,
        availability: '2026-12-01', in_research: true, degree: 6,
      };
      await send(candidate, 'POST', `/api/api/candidates/${me.id}`, jobSearch);
      await send(candidate, 'POST', `/api/api/candidates/${me.id}/languages`, { languages: [{ id: 2, level: 5 }] });
      await send(candidate, 'PUT', '/api/api/candidates/findability', { findable_by: 'everyone' });
      const waitForTotal = async (session, expected) => {
        let total = await totalFor(session, word);
        for (let attempt = 0; attempt < 30 && total !== expected; attempt += 1) {
          await new Promise((resolve) => setTimeout(resolve, 500));
          total = await totalFor(session, word);
        }
        return total;
      };
      assert.equal(await waitForTotal(unlinkedSession, 1), 1, 'every approved recruiter finds them');
      assert.equal(await waitForTotal(linkedSession, 1), 1);

      // In their settings they choose the recruiters their school works with.
      const page = await candidate.newPage();
      const errors = collectPageErrors(page);
      // the page logs in itself: the app keeps its own session hint
      await firstLogIn(page, email);
      await page.goto(`${baseUrl}/dashboard/candidate/parametres`);
      const choices = page.getByTestId('findability');
      await choices.waitFor();
      const schoolOnly = choices.locator('label', { has: page.locator('input[value="school_partners"]') });
      assert.ok((await schoolOnly.innerText()).includes(text.schoolOnly), 'the choice reads in the page language');
      await schoolOnly.locator('input').click();
      await page.waitForFunction(() => document.querySelector('[data-testid="findability"] input[value="school_partners"]')?.checked === true);
      await page.waitForFunction(() => document.querySelector('[data-testid="findability"]')?.disabled === false);
      await page.locator('.toast').first().waitFor();
      assert.equal((await send(candidate, 'GET', '/api/api/candidates/findability')).findable_by, 'school_partners');
      assert.deepEqual(await seriousAxeViolations(page), []);
      await choices.screenshot({ path: screenshotPath(`findability-${locale}.png`) });

      assert.equal(await waitForTotal(unlinkedSession, 0), 0, 'the recruiter the school does not work with no longer finds them');
      assert.equal(await totalFor(linkedSession, word), 1, 'the one it works with still does');

      // The linked recruiter saves them in a search and opens the profile; the person's dashboard names the company.
      const saved = await searchFor(linkedSession, word, { save: true });
      await send(linkedSession, 'POST', `/api/api/sourcing/searchs/${saved.id}/save-candidate/${me.id}`);
      await send(linkedSession, 'GET', `/api/api/candidates/${me.id}`);
      await page.goto(`${baseUrl}/dashboard/candidate`);
      const looked = page.getByTestId('profile-views');
      await looked.getByRole('heading', { name: text.looked }).waitFor();
      await looked.getByText(linked.organisation).first().waitFor();
      assert.deepEqual(await seriousAxeViolations(page), []);
      await looked.screenshot({ path: screenshotPath(`profile-views-${locale}.png`) });
      assert.deepEqual(errors, []);
    } finally {
      await send(schoolSession, 'POST', `/api/api/partners/${linked.id}/remove-school`).catch(() => {});
      for (const context of [candidate, schoolSession, linkedSession, unlinkedSession]) await context.close();
    }
  });
}
