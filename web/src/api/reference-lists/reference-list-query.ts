// What every reference list has in common: a GET under /api/api returning
// items whose `name` is in the caller's language. The locale sits in the query
// key, so switching language fetches the lists again; the lists change rarely
// (the server caches them for 5 minutes), so they stay fresh for a long time.
import { api } from '@/lib/api-client';
import { currentLocale } from '@/lib/i18n';

/** The fields the items of the reference lists carry (`code` on most lists, a stable key). */
export type ReferenceItem = { id: number; name: string; code?: string; name_fr?: string; name_en?: string };

/** How long a fetched list is used without asking the server again. */
export const referenceListStaleTime = 60 * 60 * 1000;

export type ReferenceListOptions = {
  /** Ask for `name_fr` and `name_en` too (editing screens show both). */
  allLabels?: boolean;
  /** Defaults to the active locale. */
  locale?: string;
};

/** The query key of a list: `['reference-lists', name, locale, labels]`. */
export function referenceListKey(name: string, options: ReferenceListOptions = {}) {
  return ['reference-lists', name, options.locale ?? currentLocale(), options.allLabels ? 'all' : 'one'] as const;
}

/** Fetches one list; `path` is relative to /api (e.g. `/api/languages`). */
export function fetchReferenceList<T>(path: string, options: ReferenceListOptions = {}, signal?: AbortSignal): Promise<T[]> {
  return api.get<T[]>(path, { query: { labels: options.allLabels ? 'all' : undefined }, signal });
}
