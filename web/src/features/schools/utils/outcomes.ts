// The sums and month names behind the school's hiring-outcomes figure, kept
// apart from the component so they can be checked without rendering a chart.
// Months arrive as the first day (`2026-03-01`) and are read in UTC so that a
// month never slips to the previous one west of Greenwich.
import type { MonthlyOutcomes } from '../api/school-types';

/** The three counts of a month, in the order the chart, legend and table show them. */
export const outcomeSeries = ['applications', 'interviews', 'hires'] as const;

export type OutcomeSeries = (typeof outcomeSeries)[number];

export type OutcomeTotals = Record<OutcomeSeries, number>;

/** Each count summed over the months given (the last twelve, as the server sends them). */
export function outcomeTotals(months: readonly MonthlyOutcomes[]): OutcomeTotals {
  const totals: OutcomeTotals = { applications: 0, interviews: 0, hires: 0 };
  for (const month of months) for (const series of outcomeSeries) totals[series] += month[series];
  return totals;
}

/** Whether nothing happened in any month: no application sent, so no interview or hire either. */
export function hasNoOutcome(totals: OutcomeTotals): boolean {
  return outcomeSeries.every((series) => totals[series] === 0);
}

/**
 * The short month name under a bar group: "janv." / "Jan" (the table and the
 * tooltip add the year, with `formatMonth` of lib/format-period).
 */
export function formatMonthTick(isoDate: string, locale: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }).format(date);
}
