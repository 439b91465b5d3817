// /dashboard/candidate/offres: the live offers that fit the candidate's job
// search, best first, each with its score and why. Not looking for a job: a
// way to the job-search settings; nothing fits yet: a way to browse all offers.
import '../candidate-offers.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { QueryEmpty, QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useOffersForMe } from '../api/get-offers-for-me';
import type { OffersForMe } from '../api/offer-types';
import { OfferCard } from './offer-card';
import type { FitView } from './slots';

function EmptyOffers({ looking }: { looking: boolean }) {
  const { t } = useTranslation('candidateOffers');
  return looking ? (
    <QueryEmpty
      title={t('forMe.noneTitle')}
      hint={t('forMe.noneHint')}
      action={<Link className="button button--primary" to={paths.offerBrowse}>{t('forMe.browse')}</Link>}
    />
  ) : (
    <QueryEmpty
      title={t('forMe.notLookingTitle')}
      hint={t('forMe.notLookingHint')}
      action={<Link className="button button--primary" to={paths.candidateJobSearch}>{t('forMe.jobSearch')}</Link>}
    />
  );
}

export function OffersForMePage({ fit }: { fit: FitView }) {
  const { t } = useTranslation('candidateOffers');
  useDocumentTitle(t('forMe.title'));
  const offers = useOffersForMe();
  return (
    <div className="candidate-offers" data-testid="offers-for-me">
      <PageHeader className="page-head" title={t('forMe.title')} lead={t('forMe.lead')} leadClassName="candidate-offers__lead">
        <Link className="button button--secondary" to={paths.offerBrowse}>
          {t('forMe.browse')}
        </Link>
      </PageHeader>
      <QueryState
        query={offers}
        testId="offers-for-me"
        isEmpty={(data: OffersForMe) => data.offers.length === 0}
        empty={<EmptyOffers looking={offers.data?.looking ?? true} />}
      >
        {(data) => (
          <>
            <p className="candidate-offers__count" data-testid="offers-for-me-total">
              {t('forMe.total', { count: data.total })}
            </p>
            <ul className="offer-list" data-testid="offers-for-me-list">
              {data.offers.map((item) => (
                <OfferCard key={item.offer.id} item={item} fit={fit} />
              ))}
            </ul>
          </>
        )}
      </QueryState>
    </div>
  );
}
