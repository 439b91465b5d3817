// The one way a count or a percentage is written: Intl.NumberFormat of the
// page's language ("1 245 candidats" and "29 %" in French, "1,245" and "29%"
// in English). Code calls these functions; translations reach them through
// the i18next formats `{{count, number}}` and `{{value, percentage}}`
// (registered by `registerFormats`), so both write numbers the same way.
import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { elideDe } from './elision';

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat(locale, options);
    formatters.set(key, found);
  }
  return found;
}

/** A count or a measure in `locale` (whole numbers unless `options` say otherwise). */
export function formatNumber(value: number, locale: string, options: Intl.NumberFormatOptions = { maximumFractionDigits: 0 }): string {
  return formatter(locale, options).format(value);
}

/** A percentage given from 0 to 100, rounded to a whole number, with the sign where `locale` writes it. */
export function formatPercent(percent: number, locale: string): string {
  return formatter(locale, { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);
}

/** `formatNumber` and `formatPercent` in the page's language, for components. */
export function useNumberFormat(): { number: (value: number) => string; percent: (percent: number) => string } {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  return { number: (value) => formatNumber(value, locale), percent: (percent) => formatPercent(percent, locale) };
}

/**
 * Makes the app's formats known to an i18next instance: `number` and
 * `percentage` (0 to 100) write numbers with the functions above, and `de`
 * joins the French "de" to a word with its elision (elision.ts).
 */
export function registerFormats(i18n: I18n): void {
  const formats = i18n.services.formatter;
  if (!formats) return;
  formats.add('number', (value: number, lng: string | undefined, options: Intl.NumberFormatOptions) =>
    formatNumber(value, lng ?? 'fr', { maximumFractionDigits: 0, ...options }),
  );
  formats.add('percentage', (value: number, lng: string | undefined) => formatPercent(value, lng ?? 'fr'));
  formats.add('de', (value: string, _lng: string | undefined, options: { lowercase?: boolean }) => elideDe(value, options));
}
