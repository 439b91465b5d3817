// The shapes of the job offer API.
import type { LocalizationValue } from '@/components/localization-picker/localization-picker';

/** A place as the localization picker gives it and the server stores it. */
export type OfferLocalization = LocalizationValue;

type Named = { id: number; name: string };

/** One entry of GET /api/api/job/offers. */
export type OfferSummary = {
  id: number;
  title: string;
  company: Named | null;
  job_category: Named | null;
  contract_type: Named | null;
  duration: number | null;
  start_at: string | null;
  localization: OfferLocalization | null;
  created_at: string;
};

/** GET /api/api/job/offers/{id}. */
export type Offer = OfferSummary & {
  languages: { id: number; level: number }[];
  softskills_categories: number[];
  description: string | null;
  degree: number | null;
  radius: number | null;
};

/** The body of POST /api/api/job/offers. */
export type OfferCreateRequest = {
  title: string;
  job_category: number;
  job?: number;
  contract_type: number;
  duration: number;
  start_at: string;
  localization: OfferLocalization;
  radius?: number;
  degree?: number;
  languages: { id: number; level: number }[];
  softskills_categories: number[];
  description: string;
};
