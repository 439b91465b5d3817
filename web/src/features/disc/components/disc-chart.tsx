// A DISC result as four bars, with the same figures in a table beside it for
// screen readers and for anyone who prefers numbers. The bars are an SVG drawn
// here rather than a recharts chart (recharts is a dependency, used by the
// schools' statistics panel only): four fixed bars need no scale, tooltip or
// resizing, and the pages that show them do not load the chart library. Its
// colours come with it (disc.css), wherever it is shown. `labels` name the
// chart and the table for a reader of someone else's result; they speak to the
// candidate otherwise.
import '../disc.css';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '@/lib/i18n/format-number';
import { type DiscLetter, type DiscResult, discLetters } from '../api/disc';

const width = 320;
const height = 180;
const barWidth = 48;
const gap = (width - barWidth * discLetters.length) / (discLetters.length + 1);
const top = 22;
const bottom = 26;

const scoreOf = (scores: DiscResult['scores'], letter: DiscLetter) => scores[letter.toLowerCase() as 'd' | 'i' | 's' | 'c'];

export type DiscChartLabels = { chart: string; table: string };

export function DiscChart({ scores, testId = 'disc-chart', labels }: { scores: DiscResult['scores']; testId?: string; labels?: DiscChartLabels }) {
  const { t } = useTranslation('disc');
  const format = useNumberFormat();
  const plot = height - top - bottom;
  return (
    <div className="disc-chart" data-testid={testId}>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={labels?.chart ?? t('result.chartLabel')} className="disc-chart__svg">
        <line x1={0} x2={width} y1={height - bottom} y2={height - bottom} className="disc-chart__axis" />
        {discLetters.map((letter, index) => {
          const value = scoreOf(scores, letter);
          const barHeight = (plot * value) / 100;
          const x = gap + index * (barWidth + gap);
          const y = height - bottom - barHeight;
          return (
            <g key={letter} className={`disc-chart__bar disc-chart__bar--${letter}`}>
              <rect x={x} y={y} width={barWidth} height={barHeight} rx={4} />
              <text x={x + barWidth / 2} y={y - 6} textAnchor="middle" className="disc-chart__value">
                {format.percent(value)}
              </text>
              <text x={x + barWidth / 2} y={height - 8} textAnchor="middle" className="disc-chart__letter">
                {letter}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="disc-chart__table">
        <caption>{labels?.table ?? t('result.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('result.style')}</th>
            <th scope="col">{t('result.share')}</th>
          </tr>
        </thead>
        <tbody>
          {discLetters.map((letter) => (
            <tr key={letter}>
              <th scope="row">{`${letter} · ${t(`styles.${letter}.name`)}`}</th>
              <td>{format.percent(scoreOf(scores, letter))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
