// The client routes of the product, in one place, so that the router, the
// navigation links and the API client's "does this page need a session" rule
// all read the same table instead of repeating path strings.

/** Client route patterns, named after what the page is for. */
export const paths = {
  home: '/',
  login: '/login',
  loginWithToken: '/login/with-token',
  candidateSignUp: '/inscription/candidat',
  signUpValidation: '/inscription/valider',
  // Not in the spec: the link of a school's invitation, for an address without an account.
  invitationSignUp: '/inscription/invitation',
  // Not in the spec: the link of a school's invitation to a recruiter, for an address without an account.
  recruiterInvitationSignUp: '/inscription/recruteur',
  forgotPassword: '/mot-de-passe/oublier',
  resetPassword: '/mot-de-passe/reinitialiser',
  notificationsUnsubscribe: '/notifications/desinscrire',
  publicProfile: '/candidat/:slug',
  publicSoftSkillFamily: '/candidat/:slug/softskills/famille/:id',
  candidateDashboard: '/dashboard/candidate',
  candidateExperiences: '/dashboard/candidate/experiences',
  candidateEducations: '/dashboard/candidate/formations',
  candidateHobbies: '/dashboard/candidate/hobbies',
  candidateLanguages: '/dashboard/candidate/langues',
  candidateJobSearch: '/dashboard/candidate/ma-recherche',
  candidateProfile: '/dashboard/candidate/profil',
  candidateProjects: '/dashboard/candidate/projets/:discr',
  candidateSoftSkillFamily: '/dashboard/candidate/softskills/famille/:id',
  candidatePersonalityTest: '/dashboard/candidate/tests/personalite',
  // Not in the spec: the candidate's account settings (sharing, email, password, data).
  candidateSettings: '/dashboard/candidate/parametres',
  // Not in the spec: the candidate's conversations with the recruiters whose contact request they accepted
  // (`?conversation={id}` opens one thread beside the list).
  candidateMessages: '/dashboard/candidate/messages',
  // Not in the spec: the live offers the candidate fits, best first, each with why.
  candidateOffers: '/dashboard/candidate/offres',
  // Not in the spec: the candidate's applications and their steps.
  candidateApplications: '/dashboard/candidate/candidatures',
  schoolDashboard: '/dashboard/ecole',
  schoolCampus: '/dashboard/ecole/campus/:id',
  schoolProfileEdit: '/dashboard/ecole/profil/editer',
  partnerDashboard: '/dashboard/partenaire',
  partnerSourcing: '/dashboard/partenaire/sourcing',
  partnerSavedSearch: '/dashboard/partenaire/sourcing/recherches/:id',
  // Not in the spec: candidates who started to match the partner's saved searches with alerts.
  partnerNotifications: '/dashboard/partenaire/notifications',
  // Not in the spec: the partner's conversations with the candidates who accepted their contact request
  // (`?conversation={id}` opens one thread beside the list).
  partnerMessages: '/dashboard/partenaire/messages',
  // Not in the spec: one of the partner's offers, with its applicants.
  partnerOffer: '/dashboard/partenaire/offres/:id',
  jobOfferCreate: '/metier/offre/creer',
  // Not in the spec: the live offers around a place, on a map, for candidates.
  offerBrowse: '/offres',
  // Not in the spec: one live offer as a candidate reads it, to apply to it.
  offerDetail: '/offres/:id',
  candidateOnboarding: '/personnalisation/candidat',
  // Not in the spec: where the map's and the place lists' data come from, under which licence.
  dataSources: '/sources-des-donnees',
  // Not in the spec: the terms of use that sign-up asks to accept, linked from its consent.
  termsOfUse: '/conditions-utilisation',
  // Not in the spec: the demo mailbox, where the emails of a server without SMTP land.
  mailbox: '/mailbox',
  // Not in the spec: the operators' area, where new schools and partners are approved,
  // accounts suspended, requested institutions created, and every such act logged.
  adminQueue: '/admin',
  adminAccounts: '/admin/comptes',
  adminInstitutions: '/admin/etablissements',
  adminAudit: '/admin/journal',
} as const;

export type RouteName = keyof typeof paths;

/**
 * Routes the product spec flags as needing a session. Kept as data so a test can
 * check that the broader rule in `routeNeedsAuth` covers every one of them.
 */
export const specAuthFlaggedRoutes: readonly RouteName[] = [
  'candidateDashboard',
  'candidateExperiences',
  'candidateEducations',
  'candidateHobbies',
  'candidateLanguages',
  'candidateJobSearch',
  'candidateProfile',
  'candidateProjects',
  'candidateSoftSkillFamily',
  'candidatePersonalityTest',
  'schoolDashboard',
  'partnerDashboard',
  'jobOfferCreate',
  'candidateOnboarding',
];

/** Project lists exist for these two discriminators (the URL segment of /projets/:discr). */
export const projectDiscriminators = ['personnel', 'academique'] as const;
export type ProjectDiscriminator = (typeof projectDiscriminators)[number];

// Decision: the spec leaves open whether routes without the auth flag are guarded
// (campus detail, school profile edition, sourcing and saved searches). They all
// sit inside a user's own area and show that user's data, so we guard every
// /dashboard/* page, plus the stepped flows under /metier/* and /personnalisation/*,
// and the operators' /admin/* pages. The candidates' /offres pages read the offers a
// candidate fits, so they need a session too.
const protectedPrefixes = ['/dashboard', '/metier', '/personnalisation', '/admin', '/offres'];

/** Whether the page at `pathname` is only meaningful with a session (a 401 there sends the user to login). */
export function routeNeedsAuth(pathname: string): boolean {
  return protectedPrefixes.some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}

/** Fills the `:name` segments of a route pattern, encoding each value. */
export function buildPath(pattern: string, params: Record<string, string | number>): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing route parameter ${name} for ${pattern}`);
    return encodeURIComponent(String(value));
  });
}

/** The login page URL that brings the user back to `returnTo` afterwards. */
export function loginPathWithRedirect(returnTo: string): string {
  return `${paths.login}?${new URLSearchParams({ redirect: returnTo }).toString()}`;
}
