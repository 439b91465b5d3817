// The shapes of the offers API as a candidate meets it, aliases of the
// server's schemas.
import type { Schemas } from '@/api/schemas';

/** A live offer as a candidate reads it. */
export type CandidateOffer = Schemas['OfferView'];

/** Why the candidate fits an offer, criterion by criterion (the sourcing hits' explanation). */
export type FitExplanation = Schemas['Explanation'];

/** An offer and how the candidate fits it (`score` and `breakdown` null when they do not). */
export type OfferFit = Schemas['OfferFit'];

/** GET /api/api/offers/for-me. */
export type OffersForMe = Schemas['OffersForMe'];

/** One offer of GET /api/api/offers, with its distance from the place asked for. */
export type BrowsedOffer = OfferFit & { distance_km?: number | null };

export type BrowsedOffers = { total: number; offers: BrowsedOffer[] };

/** The steps of an application. */
export type ApplicationStatus = Schemas['ApplicationStatus'];

/** One of the candidate's applications. */
export type Application = Schemas['ApplicationView'];

/** GET /api/api/offers/{id}: the offer, the fit, and the candidate's application to it if any. */
export type OfferForCandidate = OfferFit & { application?: Application | null };
