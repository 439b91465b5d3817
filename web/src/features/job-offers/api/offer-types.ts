// The shapes of the job offer API, aliases of the server's schemas.
import type { Schemas } from '@/api/schemas';

/** A place as the localization picker gives it and the server stores it. */
export type OfferLocalization = Schemas['Place'];

/** Draft (only its partner sees it), published (live until its closing date) or closed. */
export type OfferStatus = Schemas['OfferStatus'];

/** GET /api/api/job/offers/{id}, and each entry of GET /api/api/job/offers. */
export type Offer = Schemas['OfferView'];

/** One entry of GET /api/api/job/offers (the same shape as one offer). */
export type OfferSummary = Offer;

/** The body of POST /api/api/job/offers. */
export type OfferCreateRequest = Schemas['OfferCreateRequest'];

/** The steps of an application, from `new` to `hired` or `declined` (or `withdrawn` by the candidate). */
export type ApplicationStatus = Schemas['ApplicationStatus'];

/** One candidate who applied to an offer, with how they match it now. */
export type Applicant = Schemas['ApplicantView'];

/** Why an applicant matches the offer, criterion by criterion (the sourcing hits' explanation). */
export type MatchExplanation = Schemas['Explanation'];
