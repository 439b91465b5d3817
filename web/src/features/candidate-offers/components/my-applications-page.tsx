// /dashboard/candidate/candidatures: the candidate's applications, newest
// first: the offer (to its page), the company, the step and since when, and
// "Withdraw" while an application is open.
import '@/styles/dashboard-blocks.css';
import '../candidate-offers.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { QueryEmpty, QueryState } from '@/components/ui/query-state';
import { ApplicationStepTag, isOpenApplication } from '@/components/ui/status-tag';
import { buildPath, paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatDate } from '@/lib/format-date';
import { useMyApplications } from '../api/get-my-applications';
import type { Application } from '../api/offer-types';
import { WithdrawButton } from './withdraw-button';

function ApplicationRow({ application }: { application: Application }) {
  const { t, i18n } = useTranslation('candidateOffers');
  const locale = i18n.resolvedLanguage ?? 'fr';
  return (
    <li className="row-list__item" data-testid="application-row" data-offer-id={application.offer_id}>
      <div>
        <p className="row-list__title">
          <Link to={buildPath(paths.offerDetail, { id: application.offer_id })}>{application.offer_title}</Link>
        </p>
        <p className="row-list__meta">
          {[application.company, application.job_category?.name].filter(Boolean).join(' · ')}
          {' · '}
          {t('applications.appliedOn', { date: formatDate(application.created_at, locale) })}
          {!application.offer_live && ` · ${t('applications.offerClosed')}`}
        </p>
        <p className="row-list__meta">{t(`application.steps.${application.status}`)}</p>
      </div>
      <ApplicationStepTag status={application.status} />
      {isOpenApplication(application.status) && (
        <WithdrawButton applicationId={application.id} offerTitle={application.offer_title} />
      )}
    </li>
  );
}

export function MyApplicationsPage() {
  const { t } = useTranslation('candidateOffers');
  useDocumentTitle(t('applications.title'));
  const applications = useMyApplications();
  return (
    <div className="candidate-offers" data-testid="my-applications">
      <PageHeader className="page-head" title={t('applications.title')} lead={t('applications.lead')} leadClassName="candidate-offers__lead" />
      <section className="panel">
        <QueryState
          query={applications}
          testId="applications"
          empty={
            <QueryEmpty
              title={t('applications.empty')}
              hint={t('applications.emptyHint')}
              action={<Link className="button button--primary" to={paths.candidateOffers}>{t('applications.seeOffers')}</Link>}
            />
          }
        >
          {(list) => (
            <ul className="row-list" data-testid="applications">
              {list.map((application) => (
                <ApplicationRow key={application.id} application={application} />
              ))}
            </ul>
          )}
        </QueryState>
      </section>
    </div>
  );
}
