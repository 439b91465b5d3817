// The sourcing criteria, their sort and page as the query of the page's URL,
// so that a reload, Back and a link sent to a colleague give the same search.
// An untouched form writes nothing; once anything is chosen every criterion
// is written (an empty list by its absence), so a URL that has criteria never
// mixes them with those of the offer or saved search the page started from.
// Names are short and readable ("?category=12&contracts=1%2C3&place=city%3A69123…");
// a value that cannot be read falls back to the empty form's, which the form's
// rules then flag like any other.
import type { SearchLocalization, SortOrder } from '../api/search-types';
import { defaultPageSize, type PagingState } from './results-paging';
import { defaultSearchForm, type SearchFormValues } from './search-form';

/** The query names of the criteria and of the list's order and page. */
const names = {
  jobCategory: 'category',
  contracts: 'contracts',
  duration: 'duration',
  startAt: 'start',
  place: 'place',
  placeName: 'place_name',
  country: 'country',
  lat: 'lat',
  lng: 'lng',
  radius: 'radius',
  degree: 'degree',
  languages: 'languages',
  softskillCategories: 'soft_skills',
  durationFlexibility: 'flexibility',
  keywords: 'keywords',
  sort: 'sort',
  page: 'page',
} as const;

/** Every name this module writes: the rest of the query (`offer`, `search`) is the page's. */
const ownNames: readonly string[] = Object.values(names);
/** Written whenever criteria are: their presence says the URL holds criteria. */
const criteriaMarker = names.radius;

const placeKinds: readonly SearchLocalization['type'][] = ['city', 'department', 'region', 'country'];

function isUntouched(values: SearchFormValues): boolean {
  return JSON.stringify(values) === JSON.stringify(defaultSearchForm());
}

const idList = (ids: readonly number[]) => ids.join(',');

function setCriteria(query: URLSearchParams, values: SearchFormValues): void {
  const put = (name: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') query.set(name, String(value));
  };
  put(names.jobCategory, values.jobCategory);
  put(names.contracts, idList(values.contracts));
  put(names.duration, values.duration);
  put(names.startAt, values.startAt);
  const place = values.localization;
  if (place) {
    put(names.place, `${place.type}:${place.id}`);
    put(names.placeName, place.value);
    put(names.country, place.country_code);
    put(names.lat, place.lat);
    put(names.lng, place.lng);
  }
  put(criteriaMarker, values.radius);
  put(names.degree, values.degree);
  put(names.languages, values.languages.map(({ id, level }) => `${id}-${level}`).join(','));
  put(names.softskillCategories, idList(values.softskillCategories));
  put(names.durationFlexibility, values.durationFlexibility);
  put(names.keywords, values.keywords);
}

/**
 * The page's query with these criteria, sort and page in place of those it
 * had; the other names of `current` (`offer`, `search`) are kept.
 */
export function criteriaToQuery(current: URLSearchParams, values: SearchFormValues, paging: PagingState): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of current) if (!ownNames.includes(name)) query.append(name, value);
  if (isUntouched(values)) return query;
  setCriteria(query, values);
  if (paging.sort !== 'score') query.set(names.sort, paging.sort);
  const page = Math.floor(paging.offset / paging.limit) + 1;
  if (page > 1) query.set(names.page, String(page));
  return query;
}

/** Whether the query holds criteria (written by `criteriaToQuery`). */
export function hasCriteria(query: URLSearchParams): boolean {
  return query.has(criteriaMarker);
}

function readInteger(query: URLSearchParams, name: string): number | null {
  const text = query.get(name);
  const value = Number(text);
  return text !== null && text.trim() !== '' && Number.isInteger(value) ? value : null;
}

function readNumber(query: URLSearchParams, name: string): number | null {
  const text = query.get(name);
  const value = Number(text);
  return text !== null && text.trim() !== '' && Number.isFinite(value) ? value : null;
}

function readIdList(query: URLSearchParams, name: string): number[] {
  const ids = (query.get(name) ?? '').split(',').map(Number);
  return [...new Set(ids.filter((id) => Number.isInteger(id) && id > 0))];
}

function readPlace(query: URLSearchParams): SearchLocalization | null {
  const [kind, ...idParts] = (query.get(names.place) ?? '').split(':');
  const id = idParts.join(':');
  const name = query.get(names.placeName) ?? '';
  const country = query.get(names.country) ?? '';
  const type = placeKinds.find((known) => known === kind);
  if (!type || id === '' || name === '' || country === '') return null;
  return { type, id, value: name, country_code: country, lat: readNumber(query, names.lat), lng: readNumber(query, names.lng) };
}

function readLanguages(query: URLSearchParams): SearchFormValues['languages'] {
  const languages: SearchFormValues['languages'] = [];
  for (const entry of (query.get(names.languages) ?? '').split(',')) {
    const [id = NaN, level = NaN] = entry.split('-').map(Number);
    if (Number.isInteger(id) && id > 0 && Number.isInteger(level) && !languages.some((known) => known.id === id)) {
      languages.push({ id, level });
    }
  }
  return languages;
}

/** The criteria a query holds, or null when it holds none. */
export function queryToCriteria(query: URLSearchParams): SearchFormValues | null {
  if (!hasCriteria(query)) return null;
  const defaults = defaultSearchForm();
  return {
    jobCategory: readInteger(query, names.jobCategory),
    contracts: readIdList(query, names.contracts),
    duration: readInteger(query, names.duration),
    startAt: query.get(names.startAt) ?? '',
    localization: readPlace(query),
    radius: readNumber(query, criteriaMarker) ?? defaults.radius,
    degree: readInteger(query, names.degree) ?? defaults.degree,
    languages: readLanguages(query),
    softskillCategories: readIdList(query, names.softskillCategories),
    durationFlexibility: readInteger(query, names.durationFlexibility) ?? defaults.durationFlexibility,
    keywords: query.get(names.keywords) ?? '',
  };
}

/** The list's sort and page a query holds (the first page by score when it says nothing). */
export function queryToPaging(query: URLSearchParams, limit = defaultPageSize): PagingState {
  const sort: SortOrder = query.get(names.sort) === 'distance' ? 'distance' : 'score';
  const page = readInteger(query, names.page);
  return { sort, limit, offset: page !== null && page > 1 ? (page - 1) * limit : 0 };
}
