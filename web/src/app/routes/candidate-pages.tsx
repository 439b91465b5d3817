// The candidate's own area (/dashboard/candidate/...): the dashboard, and the
// profile pages of the candidate-profile feature. The projects page tells
// personal from academic projects and treats any other discriminator as an
// unknown page, as the soft-skill family page does with an id that is not a
// number. The dashboard carries the DISC test's card; the personality test
// page is the DISC feature's. The school invitations' banner (dashboard) and
// the "my school" section (settings) are the school-membership feature's; the
// contact requests under the invitations (dashboard), the blocked companies
// (settings) and the messages page are the contacts feature's. The offers
// pages (offers for me, browse, one offer, my applications) are the
// candidate-offers feature's; the app lends them sourcing's drawing of a match
// (match-fit.tsx) and its map (offers-map.tsx).
import { useParams } from 'react-router';
import { projectDiscriminators, type ProjectDiscriminator } from '@/config/paths';
import { SettingsPage } from '@/features/candidate-account/components/settings-page';
import { CandidateDashboard } from '@/features/candidate-dashboard/components/candidate-dashboard';
import { DiscCard } from '@/features/disc/components/disc-card';
import { DiscTestPage } from '@/features/disc/components/disc-test-page';
import { BrowseOffersPage } from '@/features/candidate-offers/components/browse-offers-page';
import { MyApplicationsPage } from '@/features/candidate-offers/components/my-applications-page';
import { OfferDetailPage } from '@/features/candidate-offers/components/offer-detail-page';
import { OffersForMePage } from '@/features/candidate-offers/components/offers-for-me-page';
import { EmailPreferencesSection } from '@/features/email-preferences/components/email-preferences-section';
import { BlockedCompaniesSection } from '@/features/contacts/components/blocked-companies-section';
import { ConversationsPage } from '@/features/contacts/components/conversations-page';
import { ReceivedContactRequestsCard } from '@/features/contacts/components/received-contact-requests-card';
import { EducationsPage } from '@/features/candidate-profile/components/educations-page';
import { HobbiesPage } from '@/features/candidate-profile/components/hobbies-page';
import { ExperiencesPage } from '@/features/candidate-profile/components/experiences-page';
import { JobSearchPage } from '@/features/candidate-profile/components/job-search-page';
import { LanguagesPage } from '@/features/candidate-profile/components/languages-page';
import { ProfilePage } from '@/features/candidate-profile/components/profile-page';
import { ProjectsPage, projectKindOfSegment } from '@/features/candidate-profile/components/projects-page';
import { SoftskillFamilyPage } from '@/features/candidate-profile/components/softskill-family-page';
import { MySchoolSection } from '@/features/school-membership/components/my-school-section';
import { SchoolInvitationsBanner } from '@/features/school-membership/components/school-invitations-banner';
import { matchFit } from './match-fit';
import { NotFoundPage } from './not-found';
import { offersMap } from './offers-map';

export const CandidateDashboardPage = () => (
  <CandidateDashboard
    banner={
      <>
        <SchoolInvitationsBanner />
        <ReceivedContactRequestsCard fit={matchFit} />
      </>
    }
    aside={<DiscCard />}
  />
);
export const CandidateExperiencesPage = () => <ExperiencesPage />;
export const CandidateEducationsPage = () => <EducationsPage />;
export const CandidateHobbiesPage = () => <HobbiesPage />;
export const CandidateLanguagesPage = () => <LanguagesPage />;
export const CandidateJobSearchPage = () => <JobSearchPage />;
export const CandidateProfilePage = () => <ProfilePage />;
export function CandidateSoftSkillFamilyPage() {
  const { id } = useParams();
  if (!id || !/^\d+$/.test(id)) return <NotFoundPage />;
  return <SoftskillFamilyPage familyId={Number(id)} />;
}
export const CandidateSettingsPage = () => (
  <SettingsPage emailPreferences={<EmailPreferencesSection />} school={<MySchoolSection />} blockedCompanies={<BlockedCompaniesSection />} />
);
export const CandidatePersonalityTestPage = () => <DiscTestPage />;
export const CandidateMessagesPage = () => <ConversationsPage side="candidate" />;
export const CandidateOffersPage = () => <OffersForMePage fit={matchFit} />;
export const CandidateApplicationsPage = () => <MyApplicationsPage />;
export const OfferBrowsePage = () => <BrowseOffersPage map={offersMap} />;

export function OfferPage() {
  const { id } = useParams();
  if (!id || !/^\d+$/.test(id) || Number(id) < 1) return <NotFoundPage />;
  return <OfferDetailPage key={id} id={Number(id)} fit={matchFit} />;
}

function isProjectDiscriminator(value: string | undefined): value is ProjectDiscriminator {
  return (projectDiscriminators as readonly (string | undefined)[]).includes(value);
}

export function CandidateProjectsPage() {
  const { discr } = useParams();
  if (!isProjectDiscriminator(discr)) return <NotFoundPage />;
  return <ProjectsPage discr={projectKindOfSegment[discr]} />;
}
