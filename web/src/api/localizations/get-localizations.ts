// The place search of the server (communes, departments, regions, countries),
// best matches first, country names in the caller's language. An empty query
// answers nothing without asking the server.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Schemas } from '@/api/schemas';
import { api } from '@/lib/api-client';
import { currentLocale } from '@/lib/i18n';

export type LocalizationType = Schemas['PlaceKind'];
export const localizationTypes = ['city', 'department', 'region', 'country'] as const satisfies readonly LocalizationType[];

/** One suggestion; `id` is the INSEE code of a commune, a department or region code, the ISO code of a country. */
export type Localization = Schemas['PlaceSuggestion'];

/** The server refuses longer queries (422). */
export const maxLocalizationQueryLength = 100;

export type LocalizationSearch = {
  q: string;
  types?: readonly LocalizationType[];
  limit?: number;
  sort?: 'relevance' | 'name';
  /** Defaults to the active locale (country names depend on it). */
  locale?: string;
};

export function getLocalizations(search: LocalizationSearch, signal?: AbortSignal): Promise<Localization[]> {
  const q = search.q.trim().slice(0, maxLocalizationQueryLength);
  if (q === '') return Promise.resolve([]);
  return api.get<Localization[]>('/api/localizations', {
    query: {
      q,
      type: search.types?.length ? search.types.join(',') : undefined,
      limit: search.limit ?? 10,
      sort: search.sort,
    },
    signal,
    // The picker says itself when the search fails; no toast on every keystroke.
    silent: true,
  });
}

export function getLocalizationsQueryOptions(search: LocalizationSearch) {
  const q = search.q.trim().slice(0, maxLocalizationQueryLength);
  return queryOptions({
    queryKey: [
      'localizations',
      search.locale ?? currentLocale(),
      q.toLowerCase(),
      (search.types ?? []).join(','),
      search.limit ?? 10,
      search.sort ?? 'relevance',
    ] as const,
    queryFn: ({ signal }) => getLocalizations({ ...search, q }, signal),
    staleTime: 10 * 60 * 1000,
    enabled: q !== '',
  });
}

export function useLocalizations(search: LocalizationSearch) {
  return useQuery(getLocalizationsQueryOptions(search));
}
