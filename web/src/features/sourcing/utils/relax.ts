// "What to relax" suggestions: the server counts how many more candidates a
// one-step looser search would find; each count becomes a one-click suggestion
// whose text names the new value and whose click puts it in the form.
import type { Schemas } from '@/api/schemas';
import type { RelaxCounts, RelaxValues } from '../api/search-types';
import type { SearchFormValues } from './search-form';

/** The server's relaxations (the matcher's `Relaxation`), in the order suggestions tie-break. */
export const relaxKinds = ['radius', 'start_date', 'duration_flexibility', 'degree', 'contracts'] as const satisfies readonly Schemas['Relaxation'][];
export type RelaxKind = Schemas['Relaxation'];

export type RelaxSuggestion = {
  kind: RelaxKind;
  /** How many more candidates the looser search finds. */
  count: number;
  /** The value named in the text and applied on click (absent for "all contracts"). */
  radius?: number;
  startAt?: string;
  durationFlexibility?: number;
  degree?: number;
};

/** Suggestions worth showing: a positive count and, where one is needed, a value to apply. Biggest gain first. */
export function relaxSuggestions(
  counts: RelaxCounts | null | undefined,
  values: RelaxValues | null | undefined,
): RelaxSuggestion[] {
  if (!counts) return [];
  const relaxed = values ?? {};
  const suggestions: RelaxSuggestion[] = [];
  for (const kind of relaxKinds) {
    const count = counts[kind];
    if (typeof count !== 'number' || count <= 0) continue;
    switch (kind) {
      case 'radius':
        if (relaxed.radius !== undefined) suggestions.push({ kind, count, radius: relaxed.radius });
        break;
      case 'start_date':
        if (relaxed.start_at !== undefined) suggestions.push({ kind, count, startAt: relaxed.start_at });
        break;
      case 'duration_flexibility':
        if (relaxed.duration_flexibility !== undefined) {
          suggestions.push({ kind, count, durationFlexibility: relaxed.duration_flexibility });
        }
        break;
      case 'degree':
        if (relaxed.degree !== undefined) suggestions.push({ kind, count, degree: relaxed.degree });
        break;
      case 'contracts':
        suggestions.push({ kind, count });
        break;
    }
  }
  // A stable sort keeps the server's order between equal counts.
  return suggestions.sort((a, b) => b.count - a.count);
}

/** The form with the suggestion applied; "all contracts" selects every contract type known. */
export function applyRelaxSuggestion(
  form: SearchFormValues,
  suggestion: RelaxSuggestion,
  allContractIds: readonly number[],
): SearchFormValues {
  switch (suggestion.kind) {
    case 'radius':
      return { ...form, radius: suggestion.radius ?? form.radius };
    case 'start_date':
      return { ...form, startAt: suggestion.startAt ?? form.startAt };
    case 'duration_flexibility':
      return { ...form, durationFlexibility: suggestion.durationFlexibility ?? form.durationFlexibility };
    case 'degree':
      return { ...form, degree: suggestion.degree ?? form.degree };
    case 'contracts':
      return { ...form, contracts: allContractIds.length > 0 ? [...allContractIds] : form.contracts };
  }
}

/** "31/12" in French, "12/31" in English: the day and month of a `YYYY-MM-DD` date. */
export function formatDayMonth(isoDate: string, locale: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(date);
}

export type Translate = (key: string, options: Record<string, unknown>) => string;

/** The text of a suggestion, e.g. "+37 candidats dans un rayon de 20 km" (keys in `sourcing:relax`). */
export function relaxSuggestionText(suggestion: RelaxSuggestion, t: Translate, locale: string): string {
  const count = suggestion.count;
  switch (suggestion.kind) {
    case 'radius':
      return t('relax.radius', { count, radius: suggestion.radius });
    case 'start_date':
      return t('relax.startDate', { count, date: formatDayMonth(suggestion.startAt ?? '', locale) });
    case 'duration_flexibility':
      return t('relax.durationFlexibility', { count, months: suggestion.durationFlexibility });
    case 'degree':
      return t('relax.degree', { count });
    case 'contracts':
      return t('relax.contracts', { count });
  }
}
