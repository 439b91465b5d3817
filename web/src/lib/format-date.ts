// Dates of the API (`YYYY-MM-DD`, or a timestamp whose day is what counts)
// shown in the user's language. The day is read in UTC so that a date never
// moves by one in a time zone west of Greenwich.

/** `2026-03-01` as "1 mars 2026" / "Mar 1, 2026"; a string that is not a date is shown as is. */
export function formatDate(isoDate: string, locale: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/**
 * A moment of the API (an ISO timestamp) as the day and time where the user is:
 * "12 mars 2026, 14:05" / "Mar 12, 2026, 2:05 PM"; a string that is not a date is shown as is.
 */
export function formatDateTime(isoTimestamp: string, locale: string): string {
  const date = new Date(isoTimestamp);
  if (Number.isNaN(date.getTime())) return isoTimestamp;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
