// The shapes of the offers API as a candidate meets it, aliases of the
// server's schemas.
import type { Schemas } from '@/api/schemas';

/**
 * A live offer as a candidate reads it.
 * TODO(openapi): the document types `company`, `job_category`, `contract_type`
 * and `languages` of OfferView as empty objects; until it names them, these
 * four are typed here.
 */
export type CandidateOffer = Omit<Schemas['OfferView'], 'company' | 'job_category' | 'contract_type' | 'languages'> & {
  company: Schemas['NamedItem'] | null;
  job_category: Schemas['NamedItem'] | null;
  contract_type: Schemas['NamedItem'] | null;
  languages: Schemas['LanguageLevel'][];
};

/** Why the candidate fits an offer, criterion by criterion (the sourcing hits' explanation). */
export type FitExplanation = Schemas['Explanation'];

/** An offer and how the candidate fits it (`score` and `breakdown` null when they do not). */
export type OfferFit = Omit<Schemas['OfferFit'], 'offer'> & { offer: CandidateOffer };

/** GET /api/api/offers/for-me. */
export type OffersForMe = Omit<Schemas['OffersForMe'], 'offers'> & { offers: OfferFit[] };

/** One offer of GET /api/api/offers, with its distance from the place asked for. */
export type BrowsedOffer = OfferFit & { distance_km?: number | null };

export type BrowsedOffers = { total: number; offers: BrowsedOffer[] };

/** The steps of an application. */
export type ApplicationStatus = Schemas['ApplicationStatus'];

/**
 * One of the candidate's applications.
 * TODO(openapi): `job_category` is typed as an empty object by the document.
 */
export type Application = Omit<Schemas['ApplicationView'], 'job_category'> & { job_category: Schemas['NamedItem'] | null };

/** GET /api/api/offers/{id}: the offer, the fit, and the candidate's application to it if any. */
export type OfferForCandidate = OfferFit & { application?: Application | null };
