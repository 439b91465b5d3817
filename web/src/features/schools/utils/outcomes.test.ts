// The hiring-outcomes sums and month names: totals over the months, the
// all-zero case that shows the empty text, and months that stay themselves in
// any time zone.
import { describe, expect, it } from 'vitest';
import { formatMonthTick, hasNoOutcome, outcomeTotals } from './outcomes';

const month = (iso: string, applications: number, interviews: number, hires: number) => ({ month: iso, applications, interviews, hires });

describe('outcomeTotals', () => {
  it('sums each count over the months', () => {
    const totals = outcomeTotals([month('2026-01-01', 10, 3, 1), month('2026-02-01', 5, 2, 0)]);
    expect(totals).toEqual({ applications: 15, interviews: 5, hires: 1 });
    expect(hasNoOutcome(totals)).toBe(false);
  });

  it('counts twelve empty months, and no month at all, as nothing to show', () => {
    expect(hasNoOutcome(outcomeTotals(Array.from({ length: 12 }, () => month('2026-01-01', 0, 0, 0))))).toBe(true);
    expect(hasNoOutcome(outcomeTotals([]))).toBe(true);
  });
});

describe('formatMonthTick', () => {
  it('names the first day of a month as that month, short, in French and English', () => {
    expect(formatMonthTick('2026-01-01', 'fr')).toBe('janv.');
    expect(formatMonthTick('2026-01-01', 'en')).toBe('Jan');
  });
});
