// The school's area (/dashboard/ecole/...).
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ComingSoon } from '@/components/ui/coming-soon';
import { CampusPage } from '@/features/schools/components/campus-page';
import { SchoolDashboard } from '@/features/schools/components/school-dashboard';

export function SchoolDashboardPage() {
  return <SchoolDashboard />;
}

export function SchoolCampusPage() {
  const { id = '' } = useParams();
  return <CampusPage campusId={Number(id)} />;
}

export function SchoolProfileEditPage() {
  const { t } = useTranslation('pages');
  return <ComingSoon title={t('schoolProfileEdit.title')} description={t('schoolProfileEdit.description')} />;
}
