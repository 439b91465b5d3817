// What the school's candidates' applications led to, month by month over the
// last twelve: applications sent, interviews reached, hires (counts only, no
// company named). A sentence gives the twelve-month totals; a grouped bar
// chart (recharts, as the panel's other figures) shows the months, its three
// series told apart by pattern as well as colour, so the legend reads in
// greyscale or for a colour-blind reader; the same figures sit in a table a
// screen reader or keyboard user can open, the chart being hidden from
// assistive tech. On a phone the chart shrinks to its column and recharts
// drops month names that would overlap.
import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import { formatMonth } from '@/lib/format-period';
import { useNumberFormat } from '@/lib/i18n/format-number';
import type { MonthlyOutcomes } from '../api/school-types';
import { formatMonthTick, hasNoOutcome, type OutcomeSeries, outcomeSeries, outcomeTotals } from '../utils/outcomes';

/** Solid for applications, stripes for interviews, dots for hires: each series' outline colour and fill pattern. */
const seriesColour: Record<OutcomeSeries, string> = {
  applications: 'var(--color-brand-700)',
  interviews: 'var(--color-warning)',
  hires: 'var(--color-ink)',
};

/** The fill patterns, defined once in an empty SVG and referenced by id from the bars and the legend. */
function SeriesPatterns({ idOf }: { idOf: (series: OutcomeSeries) => string }) {
  return (
    <svg className="school-outcomes__patterns" width="0" height="0" focusable="false">
      <defs>
        <pattern id={idOf('applications')} width="4" height="4" patternUnits="userSpaceOnUse">
          <rect width="4" height="4" style={{ fill: seriesColour.applications }} />
        </pattern>
        <pattern id={idOf('interviews')} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="6" height="6" style={{ fill: 'var(--color-accent-soft)' }} />
          <rect width="3" height="6" style={{ fill: seriesColour.interviews }} />
        </pattern>
        <pattern id={idOf('hires')} width="5" height="5" patternUnits="userSpaceOnUse">
          <rect width="5" height="5" style={{ fill: 'var(--color-surface)' }} />
          <circle cx="2.5" cy="2.5" r="1.5" style={{ fill: seriesColour.hires }} />
        </pattern>
      </defs>
    </svg>
  );
}

export function OutcomesFigure({ outcomes }: { outcomes: MonthlyOutcomes[] }) {
  const { t, i18n } = useTranslation('school');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const format = useNumberFormat();
  // useId's characters (colons, guillemets) are not all valid in an SVG url(#…) reference.
  const idPrefix = `outcomes${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const patternId = (series: OutcomeSeries) => `${idPrefix}-${series}`;
  const totals = outcomeTotals(outcomes);
  const seriesName = (series: OutcomeSeries) => t(`statistics.outcomes.series.${series}`);
  const title = t('statistics.outcomes.title');
  return (
    <figure className="school-figure school-outcomes" aria-labelledby="outcomes-title" data-testid="figure-outcomes">
      <h3 id="outcomes-title" className="school-figure__title">
        {title}
      </h3>
      <p className="school-figure__explanation">{t('statistics.outcomes.explanation')}</p>
      {hasNoOutcome(totals) ? (
        <p className="school-figure__empty" data-testid="outcomes-empty">
          {t('statistics.outcomes.empty')}
        </p>
      ) : (
        <>
          <p className="school-outcomes__summary" data-testid="outcomes-summary">
            {t('statistics.outcomes.summary', {
              applications: t('statistics.outcomes.totals.applications', { count: totals.applications }),
              interviews: t('statistics.outcomes.totals.interviews', { count: totals.interviews }),
              hires: t('statistics.outcomes.totals.hires', { count: totals.hires }),
            })}
          </p>
          <div aria-hidden="true">
            <SeriesPatterns idOf={patternId} />
            <ul className="school-outcomes__legend">
              {outcomeSeries.map((series) => (
                <li key={series}>
                  <svg width="18" height="12" focusable="false">
                    <rect x="0.5" y="0.5" width="17" height="11" fill={`url(#${patternId(series)})`} style={{ stroke: seriesColour[series] }} />
                  </svg>
                  {seriesName(series)}
                </li>
              ))}
            </ul>
            <div className="school-figure__chart school-outcomes__chart">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={outcomes} accessibilityLayer={false} margin={{ left: 0, right: 8, top: 8, bottom: 4 }}>
                  <CartesianGrid vertical={false} strokeDasharray="3 3" />
                  <XAxis
                    dataKey="month"
                    tickFormatter={(month: string) => formatMonthTick(month, locale)}
                    interval="preserveStartEnd"
                    minTickGap={6}
                    tick={{ fontSize: 12 }}
                  />
                  <YAxis allowDecimals={false} width={36} tick={{ fontSize: 12 }} />
                  <Tooltip
                    labelFormatter={(month) => formatMonth(String(month), locale)}
                    formatter={(value) => format.number(Number(value))}
                  />
                  {outcomeSeries.map((series) => (
                    <Bar
                      key={series}
                      dataKey={series}
                      name={seriesName(series)}
                      fill={`url(#${patternId(series)})`}
                      stroke={seriesColour[series]}
                      isAnimationActive={false}
                    />
                  ))}
                </BarChart>
              </ResponsiveContainer>
            </div>
          </div>
          <details className="school-figure__table school-outcomes__table">
            <summary>{t('statistics.showTable')}</summary>
            <table data-testid="outcomes-table">
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('statistics.outcomes.month')}</th>
                  {outcomeSeries.map((series) => (
                    <th key={series} scope="col">
                      {seriesName(series)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {outcomes.map((month) => (
                  <tr key={month.month}>
                    <th scope="row">{formatMonth(month.month, locale)}</th>
                    {outcomeSeries.map((series) => (
                      <td key={series}>{format.number(month[series])}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{t('statistics.outcomes.total')}</th>
                  {outcomeSeries.map((series) => (
                    <td key={series}>{format.number(totals[series])}</td>
                  ))}
                </tr>
              </tfoot>
            </table>
          </details>
        </>
      )}
    </figure>
  );
}
