// From a match to a conversation, end to end against the seeded server at
// BASE_URL, in French and in English. A school invites a new person, who
// creates their account from the emailed link and looks for a job around Lyon
// (their last name is a word nobody else has). The demo recruiter finds them
// with that word and saves them (through the API), then, on the saved search's
// page, writes to them from the "Contact" dialog: the person chose "blind
// first" meanwhile, so the card shows their initials and says the name is
// hidden, until they accept. The person accepts on their
// dashboard, sees the recruiter's address and writes in the conversation; the
// recruiter reads it on their messages page and answers; the person reads the
// answer. The pages are axe checked and screenshots written.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lyon, newCandidate, send, uniqueWord } from './api-people.mjs';
import { baseUrl, collectPageErrors, demoAccounts, firstLogIn, loggedInContext, screenshotPath, sharedBrowser } from './browser.mjs';
import { seriousAxeViolations, settled } from './page-checks.mjs';

const browser = sharedBrowser();

const texts = {
  fr: { browserLanguage: 'fr-FR', accept: 'Accepter', message: 'Bonjour, votre profil correspond à notre poste de développeur à Lyon.' },
  en: { browserLanguage: 'en-GB', accept: 'Accept', message: 'Hello, your profile fits our developer position in Lyon, shall we talk?' },
};

for (const [locale, text] of Object.entries(texts)) {
  test(`a recruiter writes to a candidate they found, the candidate accepts and they exchange messages (${locale})`, async () => {
    const word = uniqueWord();
    const { candidate, id, email } = await newCandidate(browser(), word, locale, text.browserLanguage);
    const { context: partnerContext, page: partner } = await loggedInContext(browser(), 'partner', {
      browserLanguage: text.browserLanguage,
      localeCookie: locale,
    });
    try {
      const partnerErrors = collectPageErrors(partner);
      // The recruiter finds the person with the word, and saves them in a search.
      const search = {
        job_category: 1, contracts: [5], duration: 6, start_at: '2026-12-15', localization: lyon, radius: 5,
        languages: [{ id: 2, level: 4 }], degree: 0, keywords: word,
      };
      let saved = await send(partnerContext, 'POST', '/api/api/sourcing/searchs?save=true', search);
      for (let attempt = 0; attempt < 30 && saved.total !== 1; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        saved = await send(partnerContext, 'POST', '/api/api/sourcing/searchs?save=true', search);
      }
      assert.equal(saved.total, 1, 'the recruiter finds the person');
      await send(partnerContext, 'POST', `/api/api/sourcing/searchs/${saved.id}/save-candidate/${id}`);
      await send(candidate, 'PUT', '/api/api/candidates/findability', { findable_by: 'everyone', blind_first: true });

      // On the saved search's page, the saved candidates' tab (the search by their name no longer
      // finds a blind-first candidate) shows initials; the recruiter writes from the Contact dialog.
      await partner.goto(`${baseUrl}/dashboard/partenaire/sourcing/recherches/${saved.id}`);
      await partner.getByTestId('tab-saved').click();
      const contact = partner.getByTestId('contact-candidate').first();
      await contact.waitFor();
      const card = partner.getByTestId('hit-card').first();
      await card.getByTestId('name-hidden').waitFor();
      assert.ok(!(await card.innerText()).includes(word), 'no name on the card of a blind-first candidate');
      await card.screenshot({ path: screenshotPath(`contact-blind-card-${locale}.png`) });
      await contact.click();
      const dialog = partner.getByTestId('contact-dialog');
      await dialog.waitFor();
      await partner.locator('#contact-message').fill(text.message);
      await settled(partner);
      assert.deepEqual(await seriousAxeViolations(partner), []);
      await dialog.screenshot({ path: screenshotPath(`contact-dialog-${locale}.png`) });
      await partner.getByTestId('contact-send').click();
      await dialog.waitFor({ state: 'detached' });
      const sent = await send(partnerContext, 'GET', '/api/api/contact-requests');
      const request = sent.requests.find((item) => item.candidate_id === id);
      assert.equal(request?.state, 'pending');

      // The person accepts on their dashboard and sees the recruiter's address.
      const page = await candidate.newPage();
      const errors = collectPageErrors(page);
      await firstLogIn(page, email);
      const received = page.getByTestId('received-request').filter({ hasText: text.message });
      await received.waitFor();
      assert.deepEqual(await seriousAxeViolations(page), []);
      await page.getByTestId('received-requests').first().screenshot({ path: screenshotPath(`contact-received-${locale}.png`) });
      await received.getByRole('button', { name: text.accept }).first().click();
      await page.getByTestId('received-requests-note').getByText(demoAccounts.partner).waitFor();

      // Accepted: the recruiter's card names the person.
      await partner.reload();
      await partner.getByTestId('tab-saved').click();
      await partner.getByTestId('hit-card').first().getByText(word).first().waitFor();
      assert.equal(await partner.getByTestId('hit-card').first().getByTestId('name-hidden').count(), 0);

      // The person writes in the conversation.
      await page.goto(`${baseUrl}/dashboard/candidate/messages?conversation=${request.id}`);
      await page.getByTestId('thread').waitFor();
      assert.equal(await page.getByTestId('thread-email').innerText(), demoAccounts.partner);
      await page.getByTestId('composer').locator('textarea').fill('Avec plaisir, je suis disponible jeudi.');
      await page.getByTestId('composer-send').click();
      await page.getByTestId('message').filter({ hasText: 'jeudi' }).waitFor();

      // The recruiter reads it on their messages page and answers.
      await partner.goto(`${baseUrl}/dashboard/partenaire/messages?conversation=${request.id}`);
      await partner.getByTestId('message').filter({ hasText: 'jeudi' }).waitFor();
      assert.equal(await partner.getByTestId('thread-email').innerText(), email, 'the recruiter sees the address once accepted');
      await partner.getByTestId('composer').locator('textarea').fill('Parfait, à jeudi 10 h.');
      await partner.getByTestId('composer-send').click();
      await partner.getByTestId('message').filter({ hasText: '10 h' }).waitFor();
      await settled(partner);
      assert.deepEqual(await seriousAxeViolations(partner), []);
      await partner.screenshot({ path: screenshotPath(`contact-conversation-partner-${locale}.png`) });

      // The person reads the answer.
      await page.reload();
      await page.getByTestId('message').filter({ hasText: '10 h' }).waitFor();
      await settled(page);
      assert.deepEqual(await seriousAxeViolations(page), []);
      await page.screenshot({ path: screenshotPath(`contact-conversation-candidate-${locale}.png`) });
      assert.deepEqual(errors, []);
      assert.deepEqual(partnerErrors, []);
    } finally {
      await candidate.close();
      await partnerContext.close();
    }
  });
}
