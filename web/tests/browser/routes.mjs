// Every client route of the app (src/config/paths.ts), per role, with real ids
// taken from the seeded demo: the tests that sweep the whole app (phone widths,
// axe) visit the same list. A test fails if paths.ts gains a route this list
// does not cover, so that the sweeps stay complete.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { baseUrl, loggedInContext } from './browser.mjs';

/** The routes of src/config/paths.ts as [name, pattern] pairs, read from its source (the tests run on plain Node). */
function declaredRoutes() {
  const source = readFileSync(new URL('../../src/config/paths.ts', import.meta.url), 'utf8');
  const table = source.slice(source.indexOf('export const paths = {'), source.indexOf('} as const;'));
  return [...table.matchAll(/^\s+(\w+): '([^']*)'/gm)].map((match) => [match[1], match[2]]);
}

export function declaredRouteNames() {
  return declaredRoutes().map(([name]) => name);
}

// Pages without a parameter that a visitor reaches: their paths come from paths.ts as they are.
// The pages of emailed links open without their token, so they show their "incomplete link" state.
const anonymousRouteNames = [
  'home', 'login', 'loginWithToken', 'candidateSignUp', 'signUpValidation',
  'forgotPassword', 'resetPassword', 'notificationsUnsubscribe', 'mailbox', 'dataSources', 'termsOfUse',
  'invitationSignUp', 'recruiterInvitationSignUp',
];

async function json(context, path) {
  const response = await context.request.get(`${baseUrl}${path}`);
  assert.ok(response.ok(), `GET ${path} answers ${response.status()}`);
  return response.json();
}

/**
 * The routes `role` visits ('anonymous', 'candidate', 'school', 'partner', 'operator'), as
 * [name, path] pairs; `context` is logged in as that role (the API gives the ids).
 * The public profile is visited anonymously, at the demo candidate's slug,
 * which `candidateSlug` brings.
 */
export async function routesFor(role, context, { candidateSlug } = {}) {
  if (role === 'anonymous') {
    const declared = new Map(declaredRoutes());
    const families = await json(context, '/api/api/softskill/categories');
    return [
      ...anonymousRouteNames.map((name) => [name, declared.get(name)]),
      ['publicProfile', `/candidat/${candidateSlug}`],
      ['publicSoftSkillFamily', `/candidat/${candidateSlug}/softskills/famille/${families[0].id}`],
    ];
  }
  if (role === 'candidate') {
    const families = await json(context, '/api/api/softskill/categories');
    return [
      ['candidateDashboard', '/dashboard/candidate'],
      ['candidateExperiences', '/dashboard/candidate/experiences'],
      ['candidateEducations', '/dashboard/candidate/formations'],
      ['candidateHobbies', '/dashboard/candidate/hobbies'],
      ['candidateLanguages', '/dashboard/candidate/langues'],
      ['candidateJobSearch', '/dashboard/candidate/ma-recherche'],
      ['candidateProfile', '/dashboard/candidate/profil'],
      ['candidateProjects', '/dashboard/candidate/projets/personnel'],
      ['candidateProjects', '/dashboard/candidate/projets/academique'],
      ['candidateSoftSkillFamily', `/dashboard/candidate/softskills/famille/${families[0].id}`],
      ['candidatePersonalityTest', '/dashboard/candidate/tests/personalite'],
      ['candidateSettings', '/dashboard/candidate/parametres'],
      ['candidateMessages', '/dashboard/candidate/messages'],
      ['candidateOffers', '/dashboard/candidate/offres'],
      ['candidateApplications', '/dashboard/candidate/candidatures'],
      ['offerBrowse', '/offres'],
      ['offerDetail', `/offres/${await liveOfferId(context)}`],
      ['candidateOnboarding', '/personnalisation/candidat'],
    ];
  }
  if (role === 'school') {
    const campuses = await json(context, '/api/api/school/campuses');
    assert.ok(campuses.length > 0, 'the demo school has a campus');
    return [
      ['schoolDashboard', '/dashboard/ecole'],
      ['schoolCampus', `/dashboard/ecole/campus/${campuses[0].id}`],
      ['schoolProfileEdit', '/dashboard/ecole/profil/editer'],
    ];
  }
  if (role === 'partner') {
    const searchId = await demoSavedSearchId(context);
    return [
      ['partnerDashboard', '/dashboard/partenaire'],
      ['partnerSourcing', '/dashboard/partenaire/sourcing'],
      // The same page with a search run: the form filled, the map's circle and markers, the list.
      ['partnerSourcing', `/dashboard/partenaire/sourcing?search=${searchId}`],
      ['partnerSavedSearch', `/dashboard/partenaire/sourcing/recherches/${searchId}`],
      ['jobOfferCreate', '/metier/offre/creer'],
      ['partnerNotifications', '/dashboard/partenaire/notifications'],
      ['partnerMessages', '/dashboard/partenaire/messages'],
      ['partnerOffer', `/dashboard/partenaire/offres/${await demoOfferId(context)}`],
    ];
  }
  if (role === 'operator') {
    return [
      ['adminQueue', '/admin'],
      ['adminAccounts', '/admin/comptes'],
      ['adminInstitutions', '/admin/etablissements'],
      ['adminAudit', '/admin/journal'],
    ];
  }
  throw new Error(`unknown role ${role}`);
}

/** A search around Lyon, as the sourcing page sends it. */
/**
 * A start date as far from the seed's availabilities whatever the day the tests run: the seed
 * draws each candidate's availability over the 180 days from the first of the month it runs in,
 * so a fixed date let fewer seeded candidates match each month (around Lyon, one in December).
 * 64 days after that first day is the share these tests were written against (a third).
 */
export const seededStartAt = (() => {
  const today = new Date();
  const seedAnchor = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1);
  return new Date(seedAnchor + 64 * 86_400_000).toISOString().slice(0, 10);
})();

export const lyonSearch = {
  job_category: 1,
  contracts: [1],
  duration: 6,
  start_at: seededStartAt,
  localization: { value: 'Lyon', type: 'city', id: '69123', country_code: 'FR' },
  languages: [{ id: 2, level: 4 }],
  softskills_categories: [1],
  degree: 0,
};

/**
 * The demo partner's first saved search (the seed saves one with alerts; on a
 * data set without any, the first sweep saves one around Lyon).
 */
export async function demoSavedSearchId(partnerContext) {
  const searches = await json(partnerContext, '/api/api/sourcing/searchs');
  if (searches.length > 0) return searches[searches.length - 1].id;
  return savedSearchId(partnerContext, lyonSearch);
}

/** Saves `criteria` as a new search of the partner whose context this is; its id. */
export async function savedSearchId(partnerContext, criteria) {
  const response = await partnerContext.request.post(`${baseUrl}/api/api/sourcing/searchs?save=true`, { data: criteria });
  assert.equal(response.status(), 201, `saving a search answers ${response.status()}: ${await response.text()}`);
  return (await response.json()).id;
}

/** A new search of the demo partner on `criteria`, saved from a session of its own; its id. */
export async function demoPartnerSearchId(browser, criteria) {
  const { context } = await loggedInContext(browser, 'partner');
  try {
    return await savedSearchId(context, criteria);
  } finally {
    await context.close();
  }
}

/** An offer around Lyon, as the offer creation sends it, published at once. */
export const lyonOffer = {
  title: 'Développeur·se web',
  job_category: 1,
  contract_type: 1,
  duration: 6,
  start_at: seededStartAt,
  localization: { value: 'Lyon', type: 'city', id: '69123', country_code: 'FR' },
  radius: 30,
  degree: 0,
  languages: [{ id: 2, level: 3 }],
  softskills_categories: [1],
  description: 'Une équipe produit de huit personnes.',
  publish: true,
};

/** The demo partner's first offer (on a data set without any, the first sweep publishes one around Lyon). */
export async function demoOfferId(partnerContext) {
  const offers = await json(partnerContext, '/api/api/job/offers');
  if (offers.length > 0) return offers[offers.length - 1].id;
  const response = await partnerContext.request.post(`${baseUrl}/api/api/job/offers`, { data: lyonOffer });
  assert.equal(response.status(), 201, `creating an offer answers ${response.status()}: ${await response.text()}`);
  return (await response.json()).id;
}

/** A live offer the candidate can open; without any, an id no offer has (the page then says it is unavailable). */
export async function liveOfferId(candidateContext) {
  const browsed = await json(candidateContext, '/api/api/offers?limit=1');
  return browsed.offers[0]?.offer.id ?? 999999;
}

/** The demo candidate's public slug (the seed shares the demo profile). */
export async function demoCandidateSlug(candidateContext) {
  const sharing = await json(candidateContext, '/api/api/candidates/slug');
  assert.ok(sharing.is_public, 'the demo candidate shares the profile');
  return sharing.slug;
}

/**
 * Opens `path` and waits until the page has settled: the route's content is
 * in (no page-level loading state left) and the network is quiet.
 */
export async function visit(page, path) {
  await page.goto(`${baseUrl}${path}`);
  await page.locator('[data-layout]').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(() => !document.querySelector('.page-loader__spinner'), undefined, { timeout: 10_000 })
    .catch(() => {});
}
