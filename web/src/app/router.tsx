// The route table: every path of spec §2 mapped to a lazily loaded page, so
// each area is its own code chunk. Chunk loads go through the reload guard.
import { type ComponentType, lazy, type LazyExoticComponent } from 'react';
import { Route, Routes, type Location } from 'react-router';
import { paths, type RouteName } from '@/config/paths';
import { importWithReload } from '@/lib/chunk-reload-guard';

type PageComponent = LazyExoticComponent<ComponentType>;

/** A lazy page taken from a named export of a route module. */
function lazyPage<Module>(load: () => Promise<Module>, exportName: keyof Module): PageComponent {
  return lazy(
    importWithReload(() =>
      load().then((module) => ({ default: module[exportName] as ComponentType })),
    ),
  );
}

const publicPages = () => import('./routes/public-pages');
const profilePages = () => import('./routes/public-profile-pages');
const candidatePages = () => import('./routes/candidate-pages');
const schoolPages = () => import('./routes/school-pages');
const partnerPages = () => import('./routes/partner-pages');
const flowPages = () => import('./routes/flow-pages');
const operatorPages = () => import('./routes/operator-pages');

export const routePages: Record<RouteName, PageComponent> = {
  home: lazy(importWithReload(() => import('./routes/home'))),
  login: lazyPage(publicPages, 'LoginPage'),
  loginWithToken: lazyPage(publicPages, 'LoginWithTokenPage'),
  candidateSignUp: lazyPage(publicPages, 'CandidateSignUpPage'),
  signUpValidation: lazyPage(publicPages, 'SignUpValidationPage'),
  invitationSignUp: lazyPage(publicPages, 'InvitationSignUpPage'),
  recruiterInvitationSignUp: lazyPage(publicPages, 'RecruiterInvitationSignUpPage'),
  forgotPassword: lazyPage(publicPages, 'ForgotPasswordPage'),
  resetPassword: lazyPage(publicPages, 'ResetPasswordPage'),
  notificationsUnsubscribe: lazyPage(publicPages, 'NotificationsUnsubscribePage'),
  publicProfile: lazyPage(profilePages, 'PublicProfilePage'),
  publicSoftSkillFamily: lazyPage(profilePages, 'PublicSoftSkillFamilyPage'),
  candidateDashboard: lazyPage(candidatePages, 'CandidateDashboardPage'),
  candidateExperiences: lazyPage(candidatePages, 'CandidateExperiencesPage'),
  candidateEducations: lazyPage(candidatePages, 'CandidateEducationsPage'),
  candidateHobbies: lazyPage(candidatePages, 'CandidateHobbiesPage'),
  candidateLanguages: lazyPage(candidatePages, 'CandidateLanguagesPage'),
  candidateJobSearch: lazyPage(candidatePages, 'CandidateJobSearchPage'),
  candidateProfile: lazyPage(candidatePages, 'CandidateProfilePage'),
  candidateProjects: lazyPage(candidatePages, 'CandidateProjectsPage'),
  candidateSoftSkillFamily: lazyPage(candidatePages, 'CandidateSoftSkillFamilyPage'),
  candidatePersonalityTest: lazyPage(candidatePages, 'CandidatePersonalityTestPage'),
  candidateSettings: lazyPage(candidatePages, 'CandidateSettingsPage'),
  candidateMessages: lazyPage(candidatePages, 'CandidateMessagesPage'),
  candidateOffers: lazyPage(candidatePages, 'CandidateOffersPage'),
  candidateApplications: lazyPage(candidatePages, 'CandidateApplicationsPage'),
  offerBrowse: lazyPage(candidatePages, 'OfferBrowsePage'),
  offerDetail: lazyPage(candidatePages, 'OfferPage'),
  schoolDashboard: lazyPage(schoolPages, 'SchoolDashboardPage'),
  schoolCampus: lazyPage(schoolPages, 'SchoolCampusPage'),
  schoolProfileEdit: lazyPage(schoolPages, 'SchoolProfileEditPage'),
  partnerDashboard: lazyPage(partnerPages, 'PartnerDashboardPage'),
  partnerSourcing: lazyPage(partnerPages, 'PartnerSourcingPage'),
  partnerSavedSearch: lazyPage(partnerPages, 'PartnerSavedSearchPage'),
  partnerNotifications: lazyPage(partnerPages, 'PartnerNotificationsPage'),
  partnerMessages: lazyPage(partnerPages, 'PartnerMessagesPage'),
  partnerOffer: lazyPage(partnerPages, 'PartnerOfferPage'),
  jobOfferCreate: lazyPage(flowPages, 'JobOfferCreatePage'),
  candidateOnboarding: lazyPage(flowPages, 'CandidateOnboardingPage'),
  mailbox: lazyPage(publicPages, 'MailboxPage'),
  dataSources: lazyPage(publicPages, 'DataSourcesPage'),
  termsOfUse: lazyPage(publicPages, 'TermsOfUsePage'),
  adminQueue: lazyPage(operatorPages, 'AdminQueuePage'),
  adminAccounts: lazyPage(operatorPages, 'AdminAccountsPage'),
  adminInstitutions: lazyPage(operatorPages, 'AdminInstitutionsPage'),
  adminAudit: lazyPage(operatorPages, 'AdminAuditPage'),
};

const NotFound = lazy(importWithReload(() => import('./routes/not-found')));

const routeNames = Object.keys(paths) as RouteName[];

/** Renders the page for `location`, which may lag the URL during a transition. */
export function AppRoutes({ location }: { location: Location }) {
  return (
    <Routes location={location}>
      {routeNames.map((name) => {
        const Page = routePages[name];
        return <Route key={name} path={paths[name]} element={<Page />} />;
      })}
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
