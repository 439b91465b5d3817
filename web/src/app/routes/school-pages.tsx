// The school's area (/dashboard/ecole/...). The dashboard's recruiters panel
// is the school-recruiters feature's.
import { useParams } from 'react-router';
import { RecruitersPanel } from '@/features/school-recruiters/components/recruiters-panel';
import { CampusPage } from '@/features/schools/components/campus-page';
import { SchoolDashboard } from '@/features/schools/components/school-dashboard';
import { SchoolProfilePage } from '@/features/schools/components/school-profile-page';

export function SchoolDashboardPage() {
  return <SchoolDashboard recruiters={<RecruitersPanel />} />;
}

export function SchoolCampusPage() {
  const { id = '' } = useParams();
  return <CampusPage campusId={Number(id)} />;
}

export function SchoolProfileEditPage() {
  return <SchoolProfilePage />;
}
