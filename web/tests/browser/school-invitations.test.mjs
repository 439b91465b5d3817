// School invitations end to end, against the real seeded server at BASE_URL
// (with its demo mailbox): a school no longer creates accounts nor attaches
// candidates; it invites, and nothing changes until the person accepts.
// - In French: the demo school invites a new address on one of its campuses
//   and is told the invitation was sent; the invitation waits in the demo
//   mailbox; its link opens the invitation page, where the person sets a
//   password and accepts the terms, and lands logged in on the candidate
//   dashboard; the school then finds them in the campus's list.
// - In English: someone signs up as a candidate first; the school invites
//   that address; the candidate sees the invitation on the dashboard and
//   accepts it; the school finds them in the campus's list; the candidate sees
//   the school in the settings, leaves it, and the school no longer lists them.
// Every new screen is screenshotted and checked with axe.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  baseUrl,
  collectPageErrors,
  demoPassword,
  loggedInContext,
  mailTo,
  openPage,
  screenshotPath,
  sharedBrowser,
  signUpsFromOwnAddress,
  validateSignUpAndLogIn,
} from './browser.mjs';
import { axeViolations } from './page-checks.mjs';

/** The path of the invitation page, which the mailbox shows as the link's text. */
const invitationLink = '/inscription/invitation';

const texts = {
  fr: {
    browserLanguage: 'fr-FR',
    invite: 'Inviter un candidat',
    send: 'Envoyer l’invitation',
    sent: /^Invitation envoyée à .+ : l’étudiant·e rejoindra le campus quand il ou elle l’aura acceptée\.$/,
    invitedBy: /vous invite à rejoindre Vivier$/,
    createAccount: 'Créer mon compte et rejoindre l’école',
    filter: 'Nom ou e-mail',
    noneFound: 'Aucun candidat ne correspond',
  },
  en: {
    browserLanguage: 'en-US',
    invite: 'Invite a candidate',
    send: 'Send the invitation',
    sent: /^Invitation sent to .+: they join the campus once they accept it\.$/,
    filter: 'Name or email',
    noneFound: 'No candidate matches',
    next: 'Continue',
    residence: 'City or country of residence',
    signUp: 'Create my account',
    accept: /^Accept the invitation of /,
    accepted: /^You now belong to .+, campus /,
    leave: 'Leave my school',
    leaveConfirm: 'Leave the school',
    left: /^You left .+: it no longer sees your profile\.$/,
  },
};

/** Fails with the list of axe's violations (WCAG 2 A and AA) on the page as it is. */
async function assertAccessible(page, name) {
  assert.deepEqual(await axeViolations(page), [], `axe on ${name}`);
}

/**
 * On the school's page: opens its first campus and invites `person` there,
 * on the campus's first program; returns the campus's path and name once the
 * page says the invitation was sent.
 */
async function invite(page, text, person, language) {
  await page.goto(`${baseUrl}/dashboard/ecole`);
  await page.getByTestId('campus-row').first().getByRole('link').click();
  const heading = page.getByTestId('campus-page').getByRole('heading', { level: 1 });
  await heading.waitFor();
  const campus = { path: new URL(page.url()).pathname, name: (await heading.textContent()).trim() };

  await page.getByRole('button', { name: text.invite }).click();
  const form = page.getByTestId('add-candidate-form');
  await form.waitFor();
  await form.locator('#candidate-firstname').fill(person.firstname);
  await form.locator('#candidate-lastname').fill(person.lastname);
  await form.locator('#candidate-email').fill(person.email);
  const program = form.locator('#candidate-program option').nth(1);
  await program.waitFor({ state: 'attached' });
  await form.locator('#candidate-program').selectOption(await program.getAttribute('value'));
  await page.screenshot({ path: screenshotPath(`school-invite-form-${language}.png`) });
  await assertAccessible(page, `the invitation form (${language})`);
  await form.getByRole('button', { name: text.send }).click();

  const outcome = page.getByTestId('add-candidate-outcome');
  await outcome.getByText(text.sent).waitFor();
  assert.ok((await outcome.textContent()).includes(person.email), 'the message names the address');
  return campus;
}

/** On the school's campus page: the list, filtered by `person`'s last name, shows them (or nobody). */
async function campusLists(page, text, campus, person, { listed = true } = {}) {
  await page.goto(`${baseUrl}${campus.path}`);
  await page.getByTestId('campus-page').getByRole('heading', { level: 1 }).waitFor();
  await page.getByLabel(text.filter).fill(person.lastname);
  const candidates = page.getByTestId('campus-candidates');
  if (listed) {
    await page.getByTestId('candidates-table').getByRole('rowheader', { name: `${person.firstname} ${person.lastname}` }).waitFor();
  } else {
    await candidates.getByText(text.noneFound).waitFor();
  }
}

describe('school invitations', () => {
  const browser = sharedBrowser();

  test('a new address invited by the school creates its account from the link and joins the campus (fr)', async () => {
    const text = texts.fr;
    const run = Date.now();
    const person = { firstname: 'Maëlys', lastname: `Invitée-${run}`, email: `invitee.fr.${run}@example.org` };
    const school = await loggedInContext(browser(), 'school', { browserLanguage: text.browserLanguage, localeCookie: 'fr' });
    const schoolErrors = collectPageErrors(school.page);
    const invitee = await openPage(browser(), { browserLanguage: text.browserLanguage, localeCookie: 'fr' });
    try {
      const campus = await invite(school.page, text, person, 'fr');
      await school.page.screenshot({ path: screenshotPath('school-invitation-sent-fr.png'), fullPage: true });
      await assertAccessible(school.page, 'the campus page after an invitation (fr)');
      // invited, not attached: the campus does not list them yet
      await campusLists(school.page, text, campus, person, { listed: false });

      const { page } = invitee;
      const mail = await mailTo(page, person.email, { link: invitationLink });
      await page.screenshot({ path: screenshotPath('invitation-mail-fr.png'), fullPage: true });
      await mail.locator('a', { hasText: invitationLink }).first().click();
      await page.waitForURL((url) => url.pathname === '/inscription/invitation');
      const card = page.getByTestId('invitation-sign-up');
      await card.waitFor();
      assert.match((await card.getByRole('heading', { level: 1 }).textContent()).trim(), text.invitedBy);
      assert.equal(await page.locator('#invitation-email').inputValue(), person.email);
      assert.equal(await page.locator('#invitation-name').inputValue(), `${person.firstname} ${person.lastname}`);
      assert.equal(await page.locator('#invitation-email').getAttribute('readonly'), '');
      await page.screenshot({ path: screenshotPath('invitation-page-fr.png'), fullPage: true });
      await assertAccessible(page, 'the invitation page (fr)');

      await page.locator('#invitation-password').fill(demoPassword);
      await page.locator('#invitation-password-confirmation').fill(demoPassword);
      await page.locator('#invitation-consent').check();
      await page.getByRole('button', { name: text.createAccount }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard/candidate');
      await page.getByTestId('user-menu').first().waitFor();
      assert.equal(await page.getByTestId('candidate-name').textContent(), `${person.firstname} ${person.lastname}`);
      await page.screenshot({ path: screenshotPath('invitation-account-dashboard-fr.png'), fullPage: true });

      // the link has served: opened again, it says the invitation is no longer valid
      const used = await openPage(browser(), { browserLanguage: text.browserLanguage, localeCookie: 'fr' });
      try {
        const again = await mailTo(used.page, person.email, { link: invitationLink });
        await again.locator('a', { hasText: invitationLink }).first().click();
        await used.page.getByTestId('invitation-invalid').waitFor();
        await used.page.screenshot({ path: screenshotPath('invitation-invalid-fr.png'), fullPage: true });
        await assertAccessible(used.page, 'the invitation page of a used link (fr)');
      } finally {
        await used.context.close();
      }

      await campusLists(school.page, text, campus, person);
      await school.page.screenshot({ path: screenshotPath('school-invitation-joined-fr.png'), fullPage: true });
      assert.deepEqual(invitee.errors, []);
      assert.deepEqual(schoolErrors, []);
    } finally {
      await invitee.context.close();
      await school.context.close();
    }
  });

  test('a candidate with an account accepts the invitation from the dashboard, then leaves the school (en)', async () => {
    const text = texts.en;
    const run = Date.now();
    const person = { firstname: 'Noah', lastname: `Invited-${run}`, email: `invitee.en.${run}@example.org` };
    const candidate = await openPage(browser(), { browserLanguage: text.browserLanguage, localeCookie: 'en' });
    const school = await loggedInContext(browser(), 'school', { browserLanguage: text.browserLanguage, localeCookie: 'en' });
    const schoolErrors = collectPageErrors(school.page);
    try {
      // The candidate signs up first, in English, and has no invitation yet.
      const { page } = candidate;
      await signUpsFromOwnAddress(candidate.context);
      await page.goto(`${baseUrl}/inscription/candidat`);
      await page.locator('#signup-firstname').fill(person.firstname);
      await page.locator('#signup-lastname').fill(person.lastname);
      await page.locator('#signup-birthdate').fill('2001-02-14');
      await page.getByRole('button', { name: text.next }).click();
      await page.locator('#signup-email').fill(person.email);
      await page.locator('#signup-phone').fill('06 12 34 56 78');
      const place = page.getByRole('combobox', { name: text.residence });
      await place.fill('Lyon');
      await page.getByRole('option', { name: /^Lyon/ }).first().waitFor();
      await place.press('ArrowDown');
      await place.press('Enter');
      await page.getByRole('button', { name: text.next }).click();
      await page.locator('#signup-password').fill(demoPassword);
      await page.locator('#signup-password-confirmation').fill(demoPassword);
      await page.locator('#signup-consent').check();
      await page.getByRole('button', { name: text.signUp }).click();
      await page.getByTestId('check-inbox').waitFor();
      await validateSignUpAndLogIn(page, person.email);
      await page.getByTestId('candidate-dashboard').waitFor();
      await page.waitForLoadState('networkidle');
      assert.equal(await page.getByTestId('school-invitations').count(), 0, 'no banner without an invitation');

      // The school invites that address: the same message as for anyone (it does not learn who has an account).
      const campus = await invite(school.page, text, person, 'en');
      await campusLists(school.page, text, campus, person, { listed: false });

      // The candidate finds the invitation on the dashboard and accepts it.
      await page.reload();
      const invitation = page.getByTestId('school-invitation');
      await invitation.waitFor();
      assert.ok((await invitation.textContent()).includes(campus.name), 'the invitation names the campus');
      await page.screenshot({ path: screenshotPath('invitation-banner-en.png'), fullPage: true });
      await assertAccessible(page, 'the dashboard with an invitation (en)');
      await invitation.getByRole('button', { name: text.accept }).click();
      await page.getByTestId('school-invitations-note').getByText(text.accepted).waitFor();
      await invitation.waitFor({ state: 'detached' });
      await page.screenshot({ path: screenshotPath('invitation-accepted-en.png'), fullPage: true });

      await campusLists(school.page, text, campus, person);

      // The settings show the school; leaving it asks first, then the school no longer lists them.
      await page.goto(`${baseUrl}/dashboard/candidate/parametres`);
      const facts = page.getByTestId('my-school-facts');
      await facts.waitFor();
      assert.ok((await facts.textContent()).includes(campus.name), 'the settings name the campus');
      await page.getByRole('button', { name: text.leave }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.waitFor();
      await page.screenshot({ path: screenshotPath('leave-school-en.png') });
      await assertAccessible(page, 'the question before leaving the school (en)');
      await dialog.getByRole('button', { name: text.leaveConfirm }).click();
      await page.getByTestId('my-school-left').getByText(text.left).waitFor();
      await page.getByTestId('my-school-none').waitFor();

      await campusLists(school.page, text, campus, person, { listed: false });
      assert.deepEqual(candidate.errors, []);
      assert.deepEqual(schoolErrors, []);
    } finally {
      await candidate.context.close();
      await school.context.close();
    }
  });
});
