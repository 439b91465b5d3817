// Short forms for dense places such as the result cards: reference names, and
// distances written the way the reader's language writes numbers.
import { formatNumber } from '@/lib/i18n/format-number';

/** "CDI (contrat à durée indéterminée)" reads "CDI"; a name without a parenthesis stays as it is. */
export function shortLabel(name: string): string {
  const short = name.replace(/\s*\([^)]*\)\s*$/, '').trim();
  return short === '' ? name : short;
}

/** A distance in km with one decimal at most: 0.46 reads "0,5" in French and "0.5" in English. */
export function formatDistance(distanceKm: number, locale: string): string {
  return formatNumber(distanceKm, locale, { maximumFractionDigits: 1 });
}
