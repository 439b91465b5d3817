// A share of 100 per item (soft-skill families) as horizontal bars, with the
// same figures in a real table behind them: the bars are CSS widths hidden
// from assistive technology, the table is what a screen reader (and a
// printout without background colours) reads. Labels come from the caller so
// the chart belongs to no feature's translations.
import '@/styles/share-chart.css';
import type { ReactNode } from 'react';
import { formatPercent } from '@/lib/i18n/format-number';

export type Share = { id: number; name: string; percentage: number };

export type ShareChartProps = {
  shares: readonly Share[];
  caption: string;
  nameHeader: string;
  shareHeader: string;
  locale: string;
  /** The item drawn as current (darker). */
  currentId?: number;
  /** What an item's name shows, e.g. a link to its detail. */
  renderName?: (share: Share) => ReactNode;
};

export function ShareChart({ shares, caption, nameHeader, shareHeader, locale, currentId, renderName }: ShareChartProps) {

  return (
    <table className="share-chart" data-testid="share-chart">
      <caption className="share-chart__caption">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{nameHeader}</th>
          <th scope="col">{shareHeader}</th>
        </tr>
      </thead>
      <tbody>
        {shares.map((share) => {
          const percent = Math.max(0, Math.min(100, share.percentage));
          return (
            <tr key={share.id} className="share-chart__row" data-current={share.id === currentId}>
              <th scope="row" className="share-chart__name">
                {renderName ? renderName(share) : share.name}
              </th>
              <td className="share-chart__value">
                <span className="share-chart__track" aria-hidden="true">
                  <span className="share-chart__bar" style={{ width: `${percent}%` }} />
                </span>
                <span className="share-chart__figure">{formatPercent(percent, locale)}</span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
