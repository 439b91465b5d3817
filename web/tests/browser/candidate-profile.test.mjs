// The candidate's profile end to end, against the real server at BASE_URL
// (which must send its emails to the demo mailbox): a brand-new candidate
// signs up, validates from the mailbox, logs in, fills their job search, a language,
// an experience told with the CAR method and an education, and sees their
// profile's completion rise on the dashboard. Then the demo partner searches near
// Lyon with a keyword of that experience and finds the candidate, with the score's
// explanation: the time from the save that makes the candidate findable to the
// partner's search finding them is the indexer's freshness, asserted under 2 s and printed.
// Once in French, once in English.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  baseUrl,
  demoPassword,
  loggedInContext,
  openPage,
  screenshotPath,
  sharedBrowser,
  validateSignUpAndLogIn,
} from './browser.mjs';

/** What the partner types in the keywords field: the experience's position and company. */
const keyword = 'Barista Lumière';
/** The longest the partner may wait for a candidate's save to show in a search. */
const freshnessBudgetMs = 2000;

const texts = {
  fr: {
    browserLanguage: 'fr-FR',
    next: 'Continuer',
    createAccount: 'Créer mon compte',
    residence: 'Ville ou pays de résidence',
    save: 'Enregistrer',
    saved: 'Modifications enregistrées.',
    jobCategories: 'Métiers recherchés',
    addPlace: 'Ajouter un lieu',
    contracts: 'Contrats',
    minDuration: 'Durée minimum (mois)',
    addLanguage: 'Ajouter une langue',
    addExperience: 'Ajouter une expérience',
    company: 'Entreprise',
    position: 'Poste',
    contractType: 'Type de contrat',
    hourlyScheme: 'Temps de travail',
    jobCategory: 'Catégorie de métier',
    place: 'Lieu',
    startDate: 'Date de début',
    endDate: 'Date de fin',
    context: 'Contexte',
    actions: 'Actions',
    results: 'Résultats',
    addEducation: 'Ajouter une formation',
    educationName: 'Intitulé',
    degree: 'Niveau de diplôme',
    specialization: 'Spécialité',
    institution: 'Établissement',
    stillStudying: 'Je suis toujours cette formation',
    completion: 'Profil complété',
    productNews: 'Je souhaite recevoir les Nouveautés de Vivier par e-mail (facultatif).',
  },
  en: {
    browserLanguage: 'en-US',
    next: 'Continue',
    createAccount: 'Create my account',
    residence: 'City or country of residence',
    save: 'Save',
    saved: 'Changes saved.',
    jobCategories: 'Jobs you are looking for',
    addPlace: 'Add a place',
    contracts: 'Contracts',
    minDuration: 'Shortest contract (months)',
    addLanguage: 'Add a language',
    addExperience: 'Add an experience',
    company: 'Company',
    position: 'Position',
    contractType: 'Contract type',
    hourlyScheme: 'Working hours',
    jobCategory: 'Job category',
    place: 'Place',
    startDate: 'Start date',
    endDate: 'End date',
    context: 'Context',
    actions: 'Actions',
    results: 'Results',
    addEducation: 'Add an education',
    educationName: 'Title',
    degree: 'Degree level',
    specialization: 'Specialization',
    institution: 'School',
    stillStudying: 'I am still on this course',
    completion: 'Profile completed',
    productNews: 'Send me Vivier news by email (optional).',
  },
};

/** Types `query` into a place picker and takes its first suggestion. */
async function pickPlace(scope, page, label, query) {
  const input = scope.getByRole('combobox', { name: label });
  await input.fill(query);
  await page.getByRole('option', { name: new RegExp(`^${query}`) }).first().waitFor();
  await input.press('ArrowDown');
  await input.press('Enter');
}

/** The first soft skill offered in the dialog's picker. */
async function pickSoftskill(dialog) {
  const softskill = dialog.locator('fieldset[data-name="softskills"] input[type="checkbox"]').first();
  await softskill.waitFor({ state: 'attached' });
  await softskill.check({ force: true });
}

async function completion(page, t) {
  const ring = page.getByRole('progressbar', { name: t.completion });
  await ring.waitFor();
  return Number(await ring.getAttribute('aria-valuenow'));
}

async function signUpAndValidate(page, t, email) {
  await page.goto(`${baseUrl}/inscription/candidat`);
  await page.locator('#signup-firstname').fill('Inès');
  await page.locator('#signup-lastname').fill('Profil');
  await page.locator('#signup-birthdate').fill('2000-03-08');
  await page.getByRole('button', { name: t.next }).click();
  await page.locator('#signup-email').fill(email);
  await page.locator('#signup-phone').fill('06 12 34 56 78');
  await pickPlace(page, page, t.residence, 'Lyon');
  await page.getByRole('button', { name: t.next }).click();
  await page.locator('#signup-password').fill(demoPassword);
  await page.locator('#signup-password-confirmation').fill(demoPassword);
  await page.locator('#signup-consent').check();
  // the product news is marketing: named beside the consent, and nobody ticked it for them
  const productNews = page.getByRole('checkbox', { name: t.productNews });
  assert.equal(await productNews.isChecked(), false);
  await page.screenshot({ path: screenshotPath(`sign-up-consents-${t.browserLanguage.slice(0, 2)}.png`), fullPage: true });
  await page.getByRole('button', { name: t.createAccount }).click();
  await page.getByTestId('check-inbox').waitFor();
  // The onboarding of a first login is skipped: this test fills the dashboard's pages instead.
  await validateSignUpAndLogIn(page, email);
}

/**
 * The sourcing request that should find the candidate: their own job search
 * (category, contract, place, language) with the keyword, sent by the partner.
 */
async function searchFindingCandidate(page) {
  const whoami = await (await page.request.get(`${baseUrl}/api/api/auth/whoami`)).json();
  const profile = await (await page.request.get(`${baseUrl}/api/api/candidates/${whoami.candidate.id}`)).json();
  return {
    candidateId: whoami.candidate.id,
    request: {
      job_category: profile.job_categories[0].id,
      contracts: [profile.contract_types[0].id],
      duration: 6,
      start_at: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      localization: profile.job_localizations[0],
      radius: 10,
      // The new candidate has not said which degree they hold: the recruiter asks for none.
      degree: 0,
      languages: [{ id: profile.languages[0].id, level: 1 }],
      keywords: keyword,
      limit: 50,
      offset: 0,
    },
  };
}

/** Runs `request` as the partner until it lists the candidate; the milliseconds that took. */
async function waitUntilFound(partnerPage, request, candidateId, since) {
  for (;;) {
    const response = await partnerPage.request.post(`${baseUrl}/api/api/sourcing/searchs?save=false`, { data: request });
    assert.equal(response.status(), 200, await response.text());
    const body = await response.json();
    if (body.hits.some((hit) => hit.candidate.id === candidateId)) return Date.now() - since;
    assert.ok(Date.now() - since < 30_000, 'the partner never found the candidate');
    await partnerPage.waitForTimeout(50);
  }
}

/** The partner's sourcing form filled with `request`, the way a recruiter would. */
async function fillSourcingForm(page, request) {
  await page.goto(`${baseUrl}/dashboard/partenaire/sourcing`);
  await page.getByTestId('sourcing-page').waitFor();
  const category = page.locator('#sourcing-job-category');
  await category.locator(`option[value="${request.job_category}"]`).waitFor({ state: 'attached' });
  await category.selectOption(String(request.job_category));
  await page.locator(`fieldset[data-name="contracts"] input[value="${request.contracts[0]}"]`).check({ force: true });
  // a permanent contract (the CDI) asks no duration
  const contractTypes = await (await page.request.get(`${baseUrl}/api/api/contract/types`)).json();
  if (!contractTypes.find((contract) => contract.id === request.contracts[0])?.permanent) {
    await page.locator('#sourcing-duration').fill(String(request.duration));
  }
  await page.locator('#sourcing-start-at').fill(request.start_at);
  await page.locator('#sourcing-degree').selectOption(String(request.degree));
  await page.locator('#sourcing-localization').fill('Lyon');
  await page.getByRole('option', { name: /^Lyon\b/ }).first().click();
  await page.locator('.language-levels__add').selectOption(String(request.languages[0].id));
  await page.locator('#sourcing-keywords').fill(keyword);
}

async function saveAndWait(page, t, form) {
  await form.getByRole('button', { name: t.save }).click();
  await page.getByText(t.saved).first().waitFor();
}

for (const locale of ['fr', 'en']) {
  const t = texts[locale];

  describe(`candidate profile (${locale})`, () => {
    const browser = sharedBrowser();

    test('a new candidate fills their job search, a language, an experience and an education, and completion rises', async () => {
      const { context, page, errors } = await openPage(browser(), { browserLanguage: t.browserLanguage, localeCookie: locale });
      await signUpAndValidate(page, t, `profil.${locale}.${Date.now()}@example.com`);
      const before = await completion(page, t);
      await page.screenshot({ path: screenshotPath(`candidate-profile-dashboard-before-${locale}.png`), fullPage: true });

      // What they look for: a job category, a place, contracts: a CDI alone asks no
      // shortest contract, a fixed-term contract beside it does.
      await page.goto(`${baseUrl}/dashboard/candidate/ma-recherche`);
      const search = page.getByTestId('job-search-form');
      await search.waitFor();
      await search.getByRole('group', { name: t.jobCategories }).locator('input[type="checkbox"]').first().check({ force: true });
      await pickPlace(search, page, t.addPlace, 'Lyon');
      const contractTypes = await (await page.request.get(`${baseUrl}/api/api/contract/types`)).json();
      const contracts = search.getByRole('group', { name: t.contracts });
      await contracts.locator(`input[value="${contractTypes.find((contract) => contract.permanent).id}"]`).check({ force: true });
      await search.getByLabel(t.minDuration).waitFor({ state: 'detached' });
      await page.screenshot({ path: screenshotPath(`candidate-profile-job-search-permanent-${locale}.png`), fullPage: true });
      await contracts.locator(`input[value="${contractTypes.find((contract) => !contract.permanent).id}"]`).check({ force: true });
      await search.getByLabel(t.minDuration).waitFor();
      await page.screenshot({ path: screenshotPath(`candidate-profile-job-search-${locale}.png`), fullPage: true });
      await saveAndWait(page, t, search);

      // A language, at the default level.
      await page.goto(`${baseUrl}/dashboard/candidate/langues`);
      const languages = page.getByTestId('languages-form');
      await languages.waitFor();
      const addLanguage = languages.getByRole('combobox', { name: t.addLanguage });
      await addLanguage.locator('option').nth(1).waitFor({ state: 'attached' });
      await addLanguage.selectOption({ index: 1 });
      await languages.getByRole('slider').waitFor();
      await saveAndWait(page, t, languages);

      // The demo partner, logged in beside, looks for the candidate by the position and company
      // of the experience that follows: the experience's save is what makes them findable.
      const { candidateId, request } = await searchFindingCandidate(page);
      const partner = await loggedInContext(browser(), 'partner', { localeCookie: locale, browserLanguage: t.browserLanguage });

      // An experience told with the CAR method.
      await page.goto(`${baseUrl}/dashboard/candidate/experiences`);
      await page.getByTestId('experiences-empty').waitFor();
      await page.getByTestId('experiences-add').first().click();
      const experience = page.getByRole('dialog');
      await experience.getByLabel(t.company, { exact: true }).fill('Café Lumière');
      await experience.getByLabel(t.position, { exact: true }).fill('Barista');
      for (const label of [t.contractType, t.hourlyScheme, t.jobCategory]) {
        const select = experience.getByLabel(label, { exact: true });
        await select.locator('option').nth(1).waitFor({ state: 'attached' });
        await select.selectOption({ index: 1 });
      }
      await pickPlace(experience, page, t.place, 'Lyon');
      await experience.getByLabel(t.startDate, { exact: true }).fill('2023-06-01');
      await experience.getByLabel(t.endDate, { exact: true }).fill('2023-09-01');
      await experience.getByLabel(t.context, { exact: true }).fill('Un café très fréquenté du centre-ville, des files d’attente le matin.');
      await experience.getByLabel(t.actions, { exact: true }).fill('J’ai réorganisé le comptoir et préparé les commandes récurrentes à l’avance.');
      await experience.getByLabel(t.results, { exact: true }).fill('L’attente a baissé de moitié aux heures de pointe.');
      await pickSoftskill(experience);
      await page.screenshot({ path: screenshotPath(`candidate-profile-experience-form-${locale}.png`), fullPage: true });
      await experience.getByRole('button', { name: t.save }).click();
      const findableSave = Date.now();
      const found = waitUntilFound(partner.page, request, candidateId, findableSave);
      found.catch(() => {}); // awaited below; this only keeps a failure from counting as unhandled
      await experience.waitFor({ state: 'detached' });
      await page.getByRole('heading', { name: 'Barista' }).waitFor();
      await page.getByTestId('experiences-card').first().getByRole('button').first().waitFor();
      await page.screenshot({ path: screenshotPath(`candidate-profile-experiences-${locale}.png`), fullPage: true });

      // An education still going on.
      await page.goto(`${baseUrl}/dashboard/candidate/formations`);
      await page.getByTestId('educations-empty').waitFor();
      await page.getByTestId('educations-add').first().click();
      const education = page.getByRole('dialog');
      await education.getByLabel(t.educationName, { exact: true }).fill('Licence Information-Communication');
      for (const label of [t.degree, t.specialization]) {
        const select = education.getByLabel(label, { exact: true });
        await select.locator('option').nth(1).waitFor({ state: 'attached' });
        await select.selectOption({ index: 1 });
      }
      await education.getByLabel(t.institution, { exact: true }).fill('Université Lumière Lyon 2');
      await pickPlace(education, page, t.place, 'Lyon');
      await education.getByLabel(t.startDate, { exact: true }).fill('2021-09-01');
      await education.getByLabel(t.stillStudying, { exact: true }).check();
      await pickSoftskill(education);
      await education.getByRole('button', { name: t.save }).click();
      await education.waitFor({ state: 'detached' });
      await page.getByRole('heading', { name: 'Licence Information-Communication' }).waitFor();
      await page.screenshot({ path: screenshotPath(`candidate-profile-educations-${locale}.png`), fullPage: true });

      // The dashboard shows a higher completion.
      await page.goto(`${baseUrl}/dashboard/candidate`);
      const after = await completion(page, t);
      await page.screenshot({ path: screenshotPath(`candidate-profile-dashboard-after-${locale}.png`), fullPage: true });
      assert.ok(after > before, `completion should rise (was ${before}, now ${after})`);
      assert.deepEqual(errors, []);

      // The demo partner finds the new candidate by a keyword of their experience.
      try {
        const freshness = await found;
        console.log(`indexer freshness (${locale}): the partner's search found the candidate ${freshness} ms after the experience's save`);
        assert.ok(freshness <= freshnessBudgetMs, `found ${freshness} ms after the save (budget ${freshnessBudgetMs} ms)`);
        await fillSourcingForm(partner.page, request);
        const card = partner.page.locator(`[data-testid="hit-card"][data-candidate-id="${candidateId}"]`);
        await card.waitFor({ timeout: 60_000 });
        await card.getByTestId('hit-explanation').locator('[data-criterion="proximity"]').waitFor();
        await card.scrollIntoViewIfNeeded();
        await partner.page.screenshot({ path: screenshotPath(`candidate-profile-found-by-partner-${locale}.png`) });
      } finally {
        await partner.context.close();
      }
      await context.close();
    });
  });
}
