// A record's period as a recruiter reads it: "sept. 2022 – juin 2024", or
// "Depuis sept. 2022" while it goes on (the candidate's own lists and the
// public profile). Months are read in UTC so a date never moves by one in a
// time zone west of Greenwich.

export type Period = { start_date: string; end_date?: string | null; is_current: boolean };

export type PeriodTexts = { since: (start: string) => string; range: (start: string, end: string) => string };

export function formatMonth(isoDate: string, locale: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}

export function formatPeriod(period: Period, locale: string, texts: PeriodTexts): string {
  if (!period.start_date) return '';
  const start = formatMonth(period.start_date, locale);
  if (period.is_current || !period.end_date) return texts.since(start);
  return texts.range(start, formatMonth(period.end_date, locale));
}
