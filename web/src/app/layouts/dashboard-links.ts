// The sidebar entries of each dashboard area, as data: a path, the key of
// its label in the `pages` namespace and, for "Messages", the count it shows.
import type { LineIconName } from '@/components/ui/line-icon';
import { buildPath, paths } from '@/config/paths';
import type { DashboardArea } from './select-layout';

/**
 * `tour`: the link's `data-tour` name, for the candidate's guided tutorial;
 * `count`: the number the link shows beside its label (the unread messages).
 */
export type DashboardLink = { to: string; labelKey: string; icon: LineIconName; end?: boolean; tour?: string; count?: 'unreadMessages' };


export const dashboardLinks: Record<DashboardArea, DashboardLink[]> = {
  candidate: [
    { to: paths.candidateDashboard, labelKey: 'candidateDashboard.title', icon: 'home', end: true },
    { to: paths.candidateProfile, labelKey: 'candidateProfile.title', icon: 'user', tour: 'nav-profile' },
    { to: paths.candidateExperiences, labelKey: 'candidateExperiences.title', icon: 'briefcase', tour: 'nav-experiences' },
    { to: paths.candidateEducations, labelKey: 'candidateEducations.title', icon: 'school', tour: 'nav-educations' },
    {
      to: buildPath(paths.candidateProjects, { discr: 'personnel' }),
      labelKey: 'candidateProjects.personnel.title',
      icon: 'folder',
      tour: 'nav-personal-projects',
    },
    {
      to: buildPath(paths.candidateProjects, { discr: 'academique' }),
      labelKey: 'candidateProjects.academique.title',
      icon: 'folder',
      tour: 'nav-academic-projects',
    },
    { to: paths.candidateHobbies, labelKey: 'candidateHobbies.title', icon: 'heart', tour: 'nav-hobbies' },
    { to: paths.candidateLanguages, labelKey: 'candidateLanguages.title', icon: 'language', tour: 'nav-languages' },
    { to: paths.candidateJobSearch, labelKey: 'candidateJobSearch.title', icon: 'search' },
    { to: paths.candidateOffers, labelKey: 'candidateOffers.title', icon: 'target' },
    { to: paths.candidateApplications, labelKey: 'candidateApplications.title', icon: 'list' },
    { to: paths.candidatePersonalityTest, labelKey: 'candidatePersonalityTest.title', icon: 'spark' },
    { to: paths.candidateMessages, labelKey: 'candidateMessages.title', icon: 'message-circle', count: 'unreadMessages' },
    { to: paths.candidateSettings, labelKey: 'candidateSettings.title', icon: 'edit', tour: 'nav-settings' },
  ],
  school: [
    { to: paths.schoolDashboard, labelKey: 'schoolDashboard.title', icon: 'home', end: true },
    { to: paths.schoolProfileEdit, labelKey: 'schoolProfileEdit.title', icon: 'edit' },
  ],
  partner: [
    { to: paths.partnerDashboard, labelKey: 'partnerDashboard.title', icon: 'home', end: true },
    { to: paths.partnerSourcing, labelKey: 'partnerSourcing.title', icon: 'map' },
    { to: paths.jobOfferCreate, labelKey: 'jobOfferCreate.title', icon: 'edit' },
    { to: paths.partnerMessages, labelKey: 'partnerMessages.title', icon: 'message-circle', count: 'unreadMessages' },
  ],
  operator: [
    { to: paths.adminQueue, labelKey: 'adminQueue.title', icon: 'home', end: true },
    { to: paths.adminAccounts, labelKey: 'adminAccounts.title', icon: 'users' },
    { to: paths.adminInstitutions, labelKey: 'adminInstitutions.title', icon: 'school' },
    { to: paths.adminAudit, labelKey: 'adminAudit.title', icon: 'list' },
  ],
};
