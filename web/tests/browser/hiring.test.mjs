// The hiring loop, end to end against the seeded server at BASE_URL, in
// French and in English. A school invites a new person, who looks for a job
// around Lyon (their last name is a word nobody else has). The demo recruiter
// drafts an offer that fits them (through the API) and publishes it on the
// offer's page; the person finds it in "offers for me" with its explanation,
// opens it and applies with a note; the recruiter reads the note on the
// offer's page and shortlists them; the person sees the step in "my
// applications", and the offer marked "fits you" on the browse page. Each
// step is axe checked, fits a 360 px phone, and is written as a screenshot.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lyon, newCandidate, send, uniqueWord } from './api-people.mjs';
import { baseUrl, collectPageErrors, firstLogIn, loggedInContext, screenshotPath, sharedBrowser } from './browser.mjs';
import { mapIdle, seriousAxeViolations, settled } from './page-checks.mjs';

const browser = sharedBrowser();

const texts = {
  fr: { browserLanguage: 'fr-FR', note: 'Bonjour, ce poste à Lyon me plaît beaucoup.', step: 'Présélectionnée' },
  en: { browserLanguage: 'en-GB', note: 'Hello, I would love to work on this team in Lyon.', step: 'Shortlisted' },
};

/** An offer the new person fits: their category, contract and place, a language they speak well enough. */
function fittingOffer(word) {
  return {
    title: `Développeur·se ${word}`, job_category: 1, contract_type: 5, duration: 6, duration_flexibility: 0,
    start_at: '2027-01-04', localization: lyon, radius: 10, degree: 1, languages: [{ id: 2, level: 4 }],
    softskills_categories: [], description: 'Une équipe produit de huit personnes.', publish: false,
  };
}

/** Checks the page as it stands: no serious axe violation, nothing wider than a 360 px phone, and a screenshot. */
async function checkStep(page, name) {
  await settled(page);
  assert.deepEqual(await seriousAxeViolations(page), [], `${name}: axe`);
  await page.screenshot({ path: screenshotPath(`${name}.png`), fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 800 });
  await settled(page);
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  assert.ok(widths.scroll <= widths.inner, `${name}: ${widths.scroll} px wide at 360 px`);
  await page.screenshot({ path: screenshotPath(`${name}-360.png`), fullPage: true });
  await page.setViewportSize(size);
}

/** Waits until the engine has the person fit the offer ("offers for me" lists it). */
async function waitUntilFitting(candidate, offerId) {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const forMe = await send(candidate, 'GET', '/api/api/offers/for-me');
    if (forMe.offers.some((item) => item.offer.id === offerId)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  assert.fail('the offer reaches the person in "offers for me"');
}

for (const [locale, text] of Object.entries(texts)) {
  test(`a recruiter publishes an offer, a fitting candidate applies and sees the step the recruiter moves them to (${locale})`, async () => {
    const word = uniqueWord('Hiring');
    const { candidate, email } = await newCandidate(browser(), word, locale, text.browserLanguage);
    const { context: partnerContext, page: partner } = await loggedInContext(browser(), 'partner', {
      browserLanguage: text.browserLanguage,
      localeCookie: locale,
    });
    try {
      const partnerErrors = collectPageErrors(partner);
      // The recruiter publishes the draft on its page.
      const { id: offerId } = await send(partnerContext, 'POST', '/api/api/job/offers', fittingOffer(word));
      await partner.goto(`${baseUrl}/dashboard/partenaire/offres/${offerId}`);
      await partner.getByTestId('offer-status').and(partner.locator('[data-status="draft"]')).waitFor();
      await partner.getByTestId('applicants-empty').waitFor();
      await partner.getByTestId('publish-offer').click();
      await partner.getByTestId('offer-status').and(partner.locator('[data-status="live"]')).waitFor();
      await checkStep(partner, `hiring-1-published-${locale}`);

      // The person finds it in "offers for me", with why it fits.
      const page = await candidate.newPage();
      const errors = collectPageErrors(page);
      await firstLogIn(page, email);
      await waitUntilFitting(candidate, offerId);
      await page.goto(`${baseUrl}/dashboard/candidate/offres`);
      const card = page.locator(`[data-testid="offer-card"][data-offer-id="${offerId}"]`);
      await card.getByTestId('hit-explanation').waitFor();
      await card.getByTestId('fits-you').waitFor();
      await checkStep(page, `hiring-2-offers-for-me-${locale}`);

      // The person opens it and applies with a note.
      await card.getByRole('link', { name: `Développeur·se ${word}` }).click();
      await page.waitForURL((url) => url.pathname === `/offres/${offerId}`);
      await page.locator('#application-note').fill(text.note);
      await page.getByTestId('apply').click();
      await page.locator('[data-testid="my-application"][data-status="new"]').waitFor();
      await checkStep(page, `hiring-3-applied-${locale}`);

      // The recruiter reads the note and shortlists the person.
      await partner.reload();
      const applicant = partner.getByTestId('applicant').filter({ hasText: word });
      await applicant.getByTestId('applicant-note').filter({ hasText: text.note }).waitFor();
      await applicant.getByTestId('hit-explanation').waitFor();
      await applicant.getByTestId('move-shortlisted').click();
      await applicant.locator('[data-testid="application-step"][data-status="shortlisted"]').waitFor();
      await checkStep(partner, `hiring-4-shortlisted-${locale}`);

      // The person sees the step in "my applications".
      await page.goto(`${baseUrl}/dashboard/candidate/candidatures`);
      const row = page.locator(`[data-testid="application-row"][data-offer-id="${offerId}"]`);
      assert.equal(await row.getByTestId('application-step').innerText(), text.step);
      await checkStep(page, `hiring-5-my-applications-${locale}`);

      // The browse page marks the offer as fitting the person.
      await page.goto(`${baseUrl}/offres`);
      await page.locator(`[data-testid="offer-card"][data-offer-id="${offerId}"]`).getByTestId('fits-you').waitFor();
      await page.waitForFunction(() => document.querySelector('[data-testid="sourcing-map"]')?.getAttribute('data-map-ready') === 'true', undefined, {
        timeout: 30_000,
      });
      await mapIdle(page);
      await checkStep(page, `hiring-6-browse-${locale}`);
      assert.deepEqual(errors, []);
      assert.deepEqual(partnerErrors, []);
    } finally {
      await candidate.close();
      await partnerContext.close();
    }
  });
}
