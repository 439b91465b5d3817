// /offres/{id}: one live offer as a candidate reads it (the emails link here):
// what it is, how the candidate fits it (`fit`: the score and its
// explanation), and the application: the form to apply with a note, or the
// application's step with "Withdraw". A closed offer still shows the
// candidate's application; an offer that cannot be read says so.
import '../candidate-offers.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryError } from '@/components/ui/query-state';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format-date';
import { useOfferForCandidate } from '../api/get-offer-for-candidate';
import type { OfferForCandidate } from '../api/offer-types';
import { ApplyForm } from './apply-form';
import { MyApplication } from './my-application';
import { FitsYouTag } from './offer-card';
import { OfferFacts } from './offer-facts';
import type { FitView } from './slots';

function ApplicationSection({ item }: { item: OfferForCandidate }) {
  const { t } = useTranslation('candidateOffers');
  const { offer, application } = item;
  const current = application && application.status !== 'withdrawn' ? application : null;
  return (
    <section className="offer-detail__section" aria-labelledby="offer-application-title">
      <h2 id="offer-application-title">{t('detail.application')}</h2>
      {application && <MyApplication application={application} />}
      {!current && offer.live && <ApplyForm offerId={offer.id} company={offer.company?.name ?? ''} />}
      {!current && !offer.live && <p data-testid="offer-not-live">{t('detail.notLive')}</p>}
    </section>
  );
}

function OfferDetail({ item, fit }: { item: OfferForCandidate; fit: FitView }) {
  const { t, i18n } = useTranslation('candidateOffers');
  const { offer } = item;
  useDocumentTitle(offer.title);
  return (
    <article className="offer-detail" data-testid="offer-detail" data-offer-id={offer.id}>
      <p className="offer-detail__back">
        <Link to={paths.candidateOffers}>{t('detail.back')}</Link>
      </p>
      <header className="offer-detail__head">
        <h1 className="page-title" data-testid="offer-title">{offer.title}</h1>
        <p className="offer-card__company">{offer.company?.name}</p>
        <OfferFacts offer={offer} />
        <p className="offer-card__facts">
          {offer.closes_on
            ? t('detail.closesOn', { date: formatDate(offer.closes_on, i18n.resolvedLanguage ?? 'fr') })
            : t('detail.noClosingDate')}
        </p>
        <FitsYouTag score={item.score} />
      </header>
      {offer.description.trim() !== '' && (
        <section className="offer-detail__section" aria-labelledby="offer-description-title">
          <h2 id="offer-description-title">{t('detail.description')}</h2>
          <p className="offer-detail__description">{offer.description}</p>
        </section>
      )}
      <section className="offer-detail__section" aria-labelledby="offer-fit-title">
        <h2 id="offer-fit-title">{t('detail.fit')}</h2>
        {item.breakdown ? (
          fit({ score: item.score ?? null, breakdown: item.breakdown, place: offer.localization.value })
        ) : (
          <p data-testid="no-fit">
            {t('detail.noFit')} <Link to={paths.candidateJobSearch}>{t('detail.jobSearch')}</Link>
          </p>
        )}
      </section>
      <ApplicationSection item={item} />
    </article>
  );
}

export function OfferDetailPage({ id, fit }: { id: number; fit: FitView }) {
  const { t } = useTranslation('candidateOffers');
  const offer = useOfferForCandidate(id);
  if (offer.isPending) return <PageLoader />;
  if (offer.isError || !offer.data) {
    const missing = offer.error instanceof ApiError && offer.error.status === 404;
    return (
      <div className="offer-detail" data-testid="offer-unavailable">
        <h1 className="page-title">{missing ? t('detail.missingTitle') : t('detail.errorTitle')}</h1>
        {missing ? (
          <p>
            {t('detail.missing')} <Link to={paths.candidateOffers}>{t('detail.back')}</Link>
          </p>
        ) : (
          <QueryError className="panel__empty" onRetry={() => void offer.refetch()} retrying={offer.isFetching} />
        )}
      </div>
    );
  }
  return <OfferDetail item={offer.data} fit={fit} />;
}
