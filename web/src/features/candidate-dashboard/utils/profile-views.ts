// The server's lines of who looked (company, kind, day) folded into one entry
// per company: the last day it viewed the profile and the last day it saved
// it, the company whose latest look is the most recent first.
import { collatorFor } from '@/lib/i18n/collate';
import type { ProfileView } from '../api/get-profile-views';

export type CompanyLooks = {
  company: string;
  /** `YYYY-MM-DD`, or null when the company did not open the profile in the period. */
  lastViewed: string | null;
  /** `YYYY-MM-DD`, or null when the company did not save the profile in the period. */
  lastSaved: string | null;
};

const later = (day: string, known: string | null) => (known === null || day > known ? day : known);
const latestOf = (looks: CompanyLooks) => [looks.lastViewed ?? '', looks.lastSaved ?? ''].sort().at(-1) ?? '';

/** One entry per company, newest first; companies seen the same day in the alphabetical order of `locale`. */
export function groupProfileViews(views: readonly ProfileView[], locale: string): CompanyLooks[] {
  const byCompany = new Map<string, CompanyLooks>();
  for (const view of views) {
    const looks = byCompany.get(view.company) ?? { company: view.company, lastViewed: null, lastSaved: null };
    if (view.kind === 'viewed') looks.lastViewed = later(view.day, looks.lastViewed);
    else looks.lastSaved = later(view.day, looks.lastSaved);
    byCompany.set(view.company, looks);
  }
  const collator = collatorFor(locale);
  return [...byCompany.values()].sort(
    (first, second) => latestOf(second).localeCompare(latestOf(first)) || collator.compare(first.company, second.company),
  );
}
