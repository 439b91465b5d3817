// The school's area (/dashboard/ecole/...).
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ComingSoon } from '@/components/ui/coming-soon';

export function SchoolDashboardPage() {
  const { t } = useTranslation('pages');
  return <ComingSoon title={t('schoolDashboard.title')} description={t('schoolDashboard.description')} />;
}

export function SchoolCampusPage() {
  const { t } = useTranslation('pages');
  const { id = '' } = useParams();
  return <ComingSoon title={t('schoolCampus.title', { id })} description={t('schoolCampus.description')} />;
}

export function SchoolProfileEditPage() {
  const { t } = useTranslation('pages');
  return <ComingSoon title={t('schoolProfileEdit.title')} description={t('schoolProfileEdit.description')} />;
}
