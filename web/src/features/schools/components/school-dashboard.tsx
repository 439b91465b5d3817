// /dashboard/ecole: the school's statistics and its campuses.
import '@/styles/dashboard-blocks.css';
import '../schools.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { CampusesPanel } from './campuses-panel';
import { StatisticsPanel } from './statistics-panel';

export function SchoolDashboard() {
  const { t } = useTranslation('school');
  useDocumentTitle(t('dashboard.title'));
  return (
    <div className="school-dashboard" data-testid="school-dashboard">
      <header className="school-dashboard__head">
        <div>
          <h1 className="page-title">{t('dashboard.title')}</h1>
          <p className="school-lead">{t('dashboard.lead')}</p>
        </div>
        <Link className="button button--secondary" to={paths.schoolProfileEdit}>
          {t('dashboard.editProfile')}
        </Link>
      </header>
      <CampusesPanel />
      <StatisticsPanel />
    </div>
  );
}
