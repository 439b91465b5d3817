// The school's area (/dashboard/ecole/...).
import { useParams } from 'react-router';
import { CampusPage } from '@/features/schools/components/campus-page';
import { SchoolDashboard } from '@/features/schools/components/school-dashboard';
import { SchoolProfilePage } from '@/features/schools/components/school-profile-page';

export function SchoolDashboardPage() {
  return <SchoolDashboard />;
}

export function SchoolCampusPage() {
  const { id = '' } = useParams();
  return <CampusPage campusId={Number(id)} />;
}

export function SchoolProfileEditPage() {
  return <SchoolProfilePage />;
}
