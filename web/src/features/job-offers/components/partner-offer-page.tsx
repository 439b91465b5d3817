// /dashboard/partenaire/offres/{id}: one of the partner's offers, where it
// stands (publish, close), its applicants best match first with why, each
// one's note and step, and the applicants as a CSV file. `fit` draws a match
// (the app gives sourcing's score and explanation).
import '@/styles/dashboard-blocks.css';
import '../offers.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Panel } from '@/components/ui/panel';
import { QueryEmpty, QueryState, ValueQueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatDate } from '@/lib/format-date';
import { applicantsCsvUrl, useApplicants } from '../api/get-applicants';
import { useOffer } from '../api/get-offer';
import type { Offer } from '../api/offer-types';
import { ApplicantCard, type MatchFitView } from './applicant-card';
import { OfferPublicationActions } from './offer-publication-actions';
import { OfferStatusTag } from './offer-status-tag';

function OfferHead({ offer }: { offer: Offer }) {
  const { t, i18n } = useTranslation('offers');
  const locale = i18n.resolvedLanguage ?? 'fr';
  const facts = [offer.job_category?.name, offer.contract_type?.name, offer.localization.value].filter(Boolean).join(' · ');
  return (
    <header className="offer-page__head">
      <div>
        <p className="offer-page__back">
          <Link to={paths.partnerDashboard}>{t('page.back')}</Link>
        </p>
        <h1 className="page-title" data-testid="offer-title">{offer.title}</h1>
        <p className="offer-page__facts">
          <OfferStatusTag offer={offer} /> {facts}
        </p>
        <p className="offer-page__facts">
          {offer.published_at && t('page.publishedOn', { date: formatDate(offer.published_at, locale) })}
          {offer.published_at && ' · '}
          {offer.closes_on ? t('page.closesOn', { date: formatDate(offer.closes_on, locale) }) : t('page.noClosingDate')}
        </p>
      </div>
      <div className="offer-page__actions">
        <OfferPublicationActions offer={offer} />
        <Link
          className="button button--secondary"
          to={`${paths.partnerSourcing}?${new URLSearchParams({ offer: String(offer.id) }).toString()}`}
        >
          {t('overview.findCandidates')}
        </Link>
      </div>
    </header>
  );
}

function Applicants({ offer, fit }: { offer: Offer; fit: MatchFitView }) {
  const { t } = useTranslation('offers');
  const applicants = useApplicants(offer.id);
  const count = applicants.data?.length;
  return (
    <Panel
      titleId="applicants-title"
      title={<>{t('applicants.title')} <span className="panel__count">{count ?? ''}</span></>}
      actions={
        count ? (
          <a className="button button--secondary" href={applicantsCsvUrl(offer.id)} download data-testid="applicants-csv">
            {t('applicants.export')}
          </a>
        ) : undefined
      }
    >
      <QueryState
        query={applicants}
        testId="applicants"
        empty={
          <QueryEmpty
            title={t('applicants.empty')}
            hint={offer.live ? t('applicants.emptyLive') : t('applicants.emptyNotLive')}
          />
        }
      >
        {(list) => (
          <ul className="applicant-list" data-testid="applicants">
            {list.map((applicant) => (
              <ApplicantCard key={applicant.id} applicant={applicant} place={offer.localization.value} fit={fit} />
            ))}
          </ul>
        )}
      </QueryState>
    </Panel>
  );
}

export function PartnerOfferPage({ id, fit }: { id: number; fit: MatchFitView }) {
  const { t } = useTranslation('offers');
  const offer = useOffer(id);
  useDocumentTitle(offer.data?.title ?? t('page.title'));
  return (
    <div className="offer-page" data-testid="partner-offer-page">
      <ValueQueryState query={offer} testId="offer">
        {(loaded) => (
          <>
            <OfferHead offer={loaded} />
            <Applicants offer={loaded} fit={fit} />
          </>
        )}
      </ValueQueryState>
    </div>
  );
}
