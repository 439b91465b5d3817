// The partner's area (/dashboard/partenaire/...): the dashboard composes the
// school link requests, sourcing, contact requests and offers blocks; the sourcing page may start from a job offer
// (`?offer={id}`) or from a saved search (`?search={id}`, to refine it and save
// it in place), which this route loads and hands over as the first criteria;
// once the criteria are in its URL (written as they change), they come first.
// A partner whose account an operator has not approved gets, in place of the
// sourcing workspace, the page that says so (the server refuses its searches),
// unless a school works with it: it then sources among that school's
// candidates already (`school_scoped`), and the workspace opens.
// Every candidate of the sourcing pages (results, saved candidates, the
// candidate's panel) gets the contacts feature's "Contact", which may name one
// of the partner's offers. An offer's page lists its applicants, each match
// drawn by match-fit.tsx (sourcing's score and explanation).
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { StandingPage } from '@/components/ui/account-standing';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isSchoolScoped, restrictedStanding, useSession } from '@/lib/session';
import { ContactCandidateButton } from '@/features/contacts/components/contact-candidate-button';
import { ConversationsPage } from '@/features/contacts/components/conversations-page';
import { SentContactRequestsCard } from '@/features/contacts/components/sent-contact-requests-card';
import { EmailPreferencesSection } from '@/features/email-preferences/components/email-preferences-section';
import { useOffer } from '@/features/job-offers/api/get-offer';
import { useOffers } from '@/features/job-offers/api/get-offers';
import { OffersOverview } from '@/features/job-offers/components/offers-overview';
import { PartnerOfferPage as OfferWithApplicantsPage } from '@/features/job-offers/components/partner-offer-page';
import { ColleagueRequestsCard } from '@/features/partner-team/components/colleague-requests-card';
import { NotificationsPage } from '@/features/notifications/components/notifications-page';
import { SchoolLinkRequestsCard } from '@/features/school-links/components/school-link-requests-card';
import { useSavedSearch } from '@/features/sourcing/api/get-saved-search';
import type { SearchHit } from '@/features/sourcing/api/search-types';
import { candidateName } from '@/features/sourcing/components/hit-card';
import { SavedSearchPage } from '@/features/sourcing/components/saved-search-page';
import { SavedSearchesOverview } from '@/features/sourcing/components/saved-searches-overview';
import { SourcingPage } from '@/features/sourcing/components/sourcing-page';
import { useSourcingPageKey } from '@/features/sourcing/hooks/use-criteria-in-url';
import { initialPaging } from '@/features/sourcing/utils/results-paging';
import { offerToForm, searchToForm } from '@/features/sourcing/utils/search-form';
import { queryToCriteria, queryToPaging } from '@/features/sourcing/utils/search-url';
import { matchFit } from './match-fit';
import { NotFoundPage } from './not-found';

export function PartnerDashboardPage() {
  const { t } = useTranslation('sourcing');
  useDocumentTitle(t('dashboard.title'));
  return (
    <div className="partner-dashboard" data-testid="partner-dashboard">
      <PageHeader className="page-head" title={t('dashboard.title')} lead={t('dashboard.lead')} leadClassName="partner-dashboard__lead">
        <div className="partner-dashboard__actions">
          <Link className="button button--primary" to={paths.partnerSourcing}>
            {t('dashboard.newSearch')}
          </Link>
          <Link className="button button--secondary" to={paths.jobOfferCreate}>
            {t('dashboard.newOffer')}
          </Link>
        </div>
      </PageHeader>
      <ColleagueRequestsCard />
      <SchoolLinkRequestsCard />
      <SavedSearchesOverview />
      <SentContactRequestsCard />
      <OffersOverview />
    </div>
  );
}

/** "Contact" for one candidate of the sourcing pages, with the partner's offers to choose from. */
function ContactHitButton({ hit }: { hit: SearchHit }) {
  const offers = useOffers().data;
  return (
    <ContactCandidateButton
      candidateId={hit.candidate.id}
      name={candidateName(hit)}
      offers={offers?.map((offer) => ({ id: offer.id, title: offer.title }))}
    />
  );
}

const contactAction = (hit: SearchHit): ReactNode => <ContactHitButton hit={hit} />;

function parseId(value: string | null | undefined): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

function SourcingStandingPage() {
  const { t } = useTranslation('sourcing');
  useDocumentTitle(t('page.title'));
  return <StandingPage title={t('page.title')} testId="sourcing-standing" />;
}

export function PartnerSourcingPage() {
  const { user } = useSession();
  return restrictedStanding(user) === null || isSchoolScoped(user) ? <SourcingWorkspacePage /> : <SourcingStandingPage />;
}

/** Opened afresh by each navigation to it but its own writing of the criteria in its URL. */
function SourcingWorkspacePage() {
  const pageKey = useSourcingPageKey();
  return <SourcingWorkspace key={pageKey} pageKey={pageKey} />;
}

function SourcingWorkspace({ pageKey }: { pageKey: string }) {
  const [searchParams] = useSearchParams();
  // read once: the page writes its criteria here as they change (a reload, Back or a shared link gives them back)
  const [fromUrl] = useState(() => ({ form: queryToCriteria(searchParams), paging: queryToPaging(searchParams) }));
  const offerId = fromUrl.form ? null : parseId(searchParams.get('offer'));
  const searchId = parseId(searchParams.get('search'));
  const offer = useOffer(offerId);
  const savedSearch = useSavedSearch(searchId ?? 0, { onlySaved: true, ...initialPaging() });
  if ((offerId !== null && offer.isPending) || (searchId !== null && savedSearch.isPending)) return <PageLoader />;
  // A source that cannot be read (the error toast is already shown) leaves an empty form.
  const initialForm =
    fromUrl.form ?? (offer.data ? offerToForm(offer.data) : savedSearch.data ? searchToForm(savedSearch.data.search) : undefined);
  return (
    <SourcingPage
      initialForm={initialForm}
      initialPaging={fromUrl.paging}
      pageKey={pageKey}
      editedSearchId={offer.data ? null : savedSearch.data ? searchId : null}
      candidateAction={contactAction}
    />
  );
}

export function PartnerSavedSearchPage() {
  const { id } = useParams();
  const searchId = parseId(id) ?? 0;
  return <SavedSearchPage key={searchId} id={searchId} candidateAction={contactAction} />;
}

export const PartnerNotificationsPage = () => <NotificationsPage emailPreferences={<EmailPreferencesSection />} />;

export const PartnerMessagesPage = () => <ConversationsPage side="partner" />;

/** One of the partner's offers with its applicants, each match drawn as sourcing draws a hit. */
export function PartnerOfferPage() {
  const { id } = useParams();
  const offerId = parseId(id);
  if (offerId === null) return <NotFoundPage />;
  return <OfferWithApplicantsPage key={offerId} id={offerId} fit={matchFit} />;
}
