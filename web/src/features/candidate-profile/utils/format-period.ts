// A record's period as a recruiter reads it: "Sep 2022 – Jun 2024", or
// "Since Sep 2022" while it goes on. Months are read in UTC so a date never
// moves by one in a time zone west of Greenwich.
import type { RecordPeriod } from '@/api/candidate-records/get-candidate-records';

export function formatMonth(isoDate: string, locale: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}

export type PeriodTexts = { since: (start: string) => string; range: (start: string, end: string) => string };

export function formatPeriod(period: RecordPeriod, locale: string, texts: PeriodTexts): string {
  if (!period.start_date) return '';
  const start = formatMonth(period.start_date, locale);
  if (period.is_current || !period.end_date) return texts.since(start);
  return texts.range(start, formatMonth(period.end_date, locale));
}
