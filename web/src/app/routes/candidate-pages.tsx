// The candidate's own area (/dashboard/candidate/...): the dashboard, and the
// profile pages of the candidate-profile feature. The projects page tells
// personal from academic projects and treats any other discriminator as an
// unknown page, as the soft-skill family page does with an id that is not a
// number. The personality test comes later.
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ComingSoon } from '@/components/ui/coming-soon';
import { projectDiscriminators, type ProjectDiscriminator } from '@/config/paths';
import { SettingsPage } from '@/features/candidate-account/components/settings-page';
import { CandidateDashboard } from '@/features/candidate-dashboard/components/candidate-dashboard';
import { EducationsPage } from '@/features/candidate-profile/components/educations-page';
import { HobbiesPage } from '@/features/candidate-profile/components/hobbies-page';
import { ExperiencesPage } from '@/features/candidate-profile/components/experiences-page';
import { JobSearchPage } from '@/features/candidate-profile/components/job-search-page';
import { LanguagesPage } from '@/features/candidate-profile/components/languages-page';
import { ProfilePage } from '@/features/candidate-profile/components/profile-page';
import { ProjectsPage, projectKindOfSegment } from '@/features/candidate-profile/components/projects-page';
import { SoftskillFamilyPage } from '@/features/candidate-profile/components/softskill-family-page';
import { NotFoundPage } from './not-found';

function CandidatePage({ page }: { page: string }) {
  const { t } = useTranslation('pages');
  return <ComingSoon title={t(`${page}.title`)} description={t(`${page}.description`)} />;
}

export const CandidateDashboardPage = () => <CandidateDashboard />;
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
export const CandidateSettingsPage = () => <SettingsPage />;
export const CandidatePersonalityTestPage = () => <CandidatePage page="candidatePersonalityTest" />;

function isProjectDiscriminator(value: string | undefined): value is ProjectDiscriminator {
  return (projectDiscriminators as readonly (string | undefined)[]).includes(value);
}

export function CandidateProjectsPage() {
  const { discr } = useParams();
  if (!isProjectDiscriminator(discr)) return <NotFoundPage />;
  return <ProjectsPage discr={projectKindOfSegment[discr]} />;
}
