// /dashboard/ecole: the school's campuses, the recruiters it works with (the
// school-recruiters feature's panel, handed over by the route) and its
// statistics.
import '@/styles/dashboard-blocks.css';
import '../schools.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { CampusesPanel } from './campuses-panel';
import { StatisticsPanel } from './statistics-panel';

export function SchoolDashboard({ recruiters }: { recruiters?: ReactNode }) {
  const { t } = useTranslation('school');
  useDocumentTitle(t('dashboard.title'));
  return (
    <div className="school-dashboard" data-testid="school-dashboard">
      <PageHeader className="page-head" title={t('dashboard.title')} lead={t('dashboard.lead')} leadClassName="school-lead">
        <Link className="button button--secondary" to={paths.schoolProfileEdit}>
          {t('dashboard.editProfile')}
        </Link>
      </PageHeader>
      <CampusesPanel />
      {recruiters}
      <StatisticsPanel />
    </div>
  );
}
