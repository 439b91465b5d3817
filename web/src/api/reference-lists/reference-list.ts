// The reference lists (job categories, contract types, languages...): one
// factory for all of them, keyed by the list's path under /api/api. Every list
// is a GET returning items whose `name` is in the caller's language. The
// locale sits in the query key, so switching language fetches the lists
// again; the lists change rarely (the server caches them for 5 minutes), so
// they stay fresh for a long time. The lists read in alphabetical order are
// put in the order of the page's language here (the server's order puts
// "Éducation" after "Transport"), the others keep the server's meaningful
// order (degrees by level, frequencies from rare to often).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { currentLocale } from '@/lib/i18n';
import { sortByName } from '@/lib/i18n/collate';

// TODO(openapi): the document gives the reference lists no response schema;
// until it does, their items are typed here.

/** The fields the items of the reference lists carry (`code` on most lists, a stable key). */
export type ReferenceItem = { id: number; name: string; code?: string; name_fr?: string; name_en?: string };

type WithIcon = { icon?: string | null };

/** Each list's path (under /api/api) and the shape of its items. */
export type ReferenceLists = {
  'candidate/degrees': ReferenceItem & { level?: number | string | null };
  'candidate/types': ReferenceItem;
  'candidate/education/specializations': ReferenceItem;
  'candidate/hobby/categories': ReferenceItem &
    WithIcon & {
      question?: string | null;
      hobbies?: (ReferenceItem & WithIcon & { specialities?: (ReferenceItem & WithIcon)[] })[];
    };
  'candidate/hobby/frequencies': ReferenceItem;
  'candidate/hobby/purposes': ReferenceItem;
  'candidate/hobby/specialities': ReferenceItem & WithIcon & { hobby?: number };
  'candidate/project/academic/categories': ReferenceItem;
  'candidate/project/personal/categories': ReferenceItem;
  'company/types': ReferenceItem;
  'contract/hourly-schemes': ReferenceItem;
  /** `permanent`: a job on it has no end, so no duration (the CDI). */
  'contract/types': ReferenceItem & { permanent?: boolean };
  'job/categories': ReferenceItem;
  jobs: ReferenceItem & { job_category?: number };
  languages: ReferenceItem & { flag?: string | null };
  'school/parcours': ReferenceItem;
  'school/types': ReferenceItem;
  'softskill/categories': ReferenceItem &
    WithIcon & { description?: string | null; softskills?: { id: number; name: string; description?: string | null }[] };
};

export type ReferenceListName = keyof ReferenceLists;
export type ReferenceListItem<N extends ReferenceListName> = ReferenceLists[N];

/** How long a fetched list is used without asking the server again. */
export const referenceListStaleTime = 60 * 60 * 1000;

export type ReferenceListOptions = {
  /** Ask for `name_fr` and `name_en` too (editing screens show both). */
  allLabels?: boolean;
  /** Defaults to the active locale. */
  locale?: string;
};

/** The query key of a list: `['reference-lists', path, locale, labels]`. */
export function referenceListKey(name: ReferenceListName, options: ReferenceListOptions = {}) {
  return ['reference-lists', name, options.locale ?? currentLocale(), options.allLabels ? 'all' : 'one'] as const;
}

/** The lists a person reads in alphabetical order. */
const alphabeticalLists: ReadonlySet<ReferenceListName> = new Set([
  'candidate/education/specializations',
  'candidate/project/academic/categories',
  'candidate/project/personal/categories',
  'job/categories',
  'jobs',
  'languages',
]);

/** Fetches one list: GET /api/api/{name}, in alphabetical order for the lists read that way. */
export async function getReferenceList<N extends ReferenceListName>(
  name: N,
  options: ReferenceListOptions = {},
  signal?: AbortSignal,
): Promise<ReferenceListItem<N>[]> {
  const items = await api.get<ReferenceListItem<N>[]>(`/api/${name}`, { query: { labels: options.allLabels ? 'all' : undefined }, signal });
  return alphabeticalLists.has(name) ? sortByName(items, options.locale ?? currentLocale()) : items;
}

export function referenceListQuery<N extends ReferenceListName>(name: N, options: ReferenceListOptions = {}) {
  return queryOptions({
    queryKey: referenceListKey(name, options),
    queryFn: ({ signal }) => getReferenceList(name, options, signal),
    staleTime: referenceListStaleTime,
  });
}

/** A list in the active language. */
export function useReferenceList<N extends ReferenceListName>(name: N, options: Omit<ReferenceListOptions, 'locale'> = {}) {
  const { i18n } = useTranslation();
  return useQuery(referenceListQuery(name, { ...options, locale: i18n.resolvedLanguage ?? i18n.language }));
}
