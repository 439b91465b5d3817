// The partner dashboard's offers block: each offer with a way to find
// candidates for it, in the four states of a list (loading, error with retry,
// empty with the next step, data).
import '@/styles/dashboard-blocks.css';
import '../offers.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RowListItem } from '@/components/ui/dashboard-blocks';
import { Panel } from '@/components/ui/panel';
import { QueryEmpty, QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { useOffers } from '../api/get-offers';

export function OffersOverview() {
  const { t } = useTranslation('offers');
  const offers = useOffers();
  return (
    <Panel
      titleId="offers-title"
      title={<>{t('overview.title')} <span className="panel__count">{offers.data?.length ?? ''}</span></>}
      actions={<Link className="button button--secondary" to={paths.jobOfferCreate}>{t('overview.create')}</Link>}
    >
      <QueryState
        query={offers}
        testId="offers"
        empty={
          <QueryEmpty
            title={t('overview.empty')}
            hint={t('overview.emptyHint')}
            action={
              <Link className="button button--primary" to={paths.jobOfferCreate}>
                {t('overview.create')}
              </Link>
            }
          />
        }
      >
        {(list) => (
          <ul className="row-list" data-testid="offers">
            {list.map((offer) => (
              <RowListItem
                key={offer.id}
                title={offer.title}
                meta={[offer.job_category?.name, offer.contract_type?.name, offer.localization?.value].filter(Boolean).join(' · ')}
              >
                <Link
                  className="button button--secondary"
                  to={`${paths.partnerSourcing}?${new URLSearchParams({ offer: String(offer.id) }).toString()}`}
                >
                  {t('overview.findCandidates')}
                </Link>
              </RowListItem>
            ))}
          </ul>
        )}
      </QueryState>
    </Panel>
  );
}
