// The school dashboard's statistics: headline counts, what the candidates'
// applications led to month by month (outcomes-figure.tsx), then one figure per
// question a career service asks (where are our candidates, how complete are
// their profiles, what do they look for, what are they good at, which
// languages, and how much partners' searches want them: the searches they
// appeared in over 30 days and what most often kept them out). Each figure says in a sentence what it counts, draws a bar
// chart (recharts), and keeps the same numbers in a table a screen reader or
// a keyboard user can open: the chart itself is hidden from assistive tech.
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import { StatCard } from '@/components/ui/dashboard-blocks';
import { Panel } from '@/components/ui/panel';
import { ValueQueryState } from '@/components/ui/query-state';
import { useNumberFormat } from '@/lib/i18n/format-number';
import { useStatistics } from '../api/get-statistics';
import type { SchoolStatistics } from '../api/school-types';
import { OutcomesFigure } from './outcomes-figure';

type Datum = { label: string; candidates: number };

function StatisticFigure({ id, title, explanation, data, emptyText, valueLabel }: {
  id: string;
  title: string;
  explanation: string;
  data: Datum[];
  emptyText: string;
  /** What the numbers count; candidates by default. */
  valueLabel?: string;
}) {
  const { t } = useTranslation('school');
  const format = useNumberFormat();
  const counted = valueLabel ?? t('statistics.candidates');
  const height = Math.max(160, data.length * 44 + 40);
  return (
    <figure className="school-figure" aria-labelledby={`${id}-title`} data-testid={`figure-${id}`}>
      <h3 id={`${id}-title`} className="school-figure__title">
        {title}
      </h3>
      <p className="school-figure__explanation">{explanation}</p>
      {data.length === 0 ? (
        <p className="school-figure__empty">{emptyText}</p>
      ) : (
        <>
          <div className="school-figure__chart" aria-hidden="true" style={{ height }}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={data} layout="vertical" accessibilityLayer={false} margin={{ left: 8, right: 24, top: 4, bottom: 4 }}>
                <CartesianGrid horizontal={false} strokeDasharray="3 3" />
                <XAxis type="number" allowDecimals={false} />
                <YAxis type="category" dataKey="label" width={210} tick={{ fontSize: 12 }} />
                <Tooltip />
                <Bar dataKey="candidates" name={counted} fill="var(--color-brand-600)" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </div>
          <details className="school-figure__table">
            <summary>{t('statistics.showTable')}</summary>
            <table>
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('statistics.item')}</th>
                  <th scope="col">{counted}</th>
                </tr>
              </thead>
              <tbody>
                {data.map((datum) => (
                  <tr key={datum.label}>
                    <th scope="row">{datum.label}</th>
                    <td>{format.number(datum.candidates)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </figure>
  );
}

function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((100 * part) / whole);
}

function Figures({ statistics }: { statistics: SchoolStatistics }) {
  const { t } = useTranslation('school');
  const format = useNumberFormat();
  const named = (items: { name: string; candidates: number }[]) => items.map((item) => ({ label: item.name, candidates: item.candidates }));
  const programs = statistics.campuses.flatMap((campus) => [
    ...campus.programs.map((program) => ({ label: `${campus.name} · ${program.name}`, candidates: program.candidates })),
    ...(campus.without_program > 0
      ? [{ label: `${campus.name} · ${t('statistics.withoutProgram')}`, candidates: campus.without_program }]
      : []),
  ]);
  const completion = statistics.completion.map((bucket) => ({
    label: t('statistics.completionBucket', { from: bucket.from, to: bucket.to }),
    candidates: bucket.candidates,
  }));
  const empty = t('statistics.noData');
  return (
    <>
      <div className="stat-grid">
        <StatCard testId="stat-candidates" value={statistics.candidates} label={t('statistics.totalCandidates')} />
        <StatCard
          testId="stat-activated"
          value={format.percent(percent(statistics.activated, statistics.candidates))}
          label={t('statistics.activated')}
          hint={t('statistics.activatedHint', { count: statistics.activated })}
        />
        <StatCard
          testId="stat-in-research"
          value={format.percent(percent(statistics.in_research, statistics.candidates))}
          label={t('statistics.inResearch')}
          hint={t('statistics.inResearchHint', { count: statistics.in_research })}
        />
      </div>
      <OutcomesFigure outcomes={statistics.outcomes} />
      <div className="school-figures">
        <StatisticFigure id="programs" title={t('statistics.programs.title')} explanation={t('statistics.programs.explanation')} data={programs} emptyText={empty} />
        <StatisticFigure id="completion" title={t('statistics.completion.title')} explanation={t('statistics.completion.explanation')} data={statistics.candidates === 0 ? [] : completion} emptyText={empty} />
        <StatisticFigure id="contracts" title={t('statistics.contracts.title')} explanation={t('statistics.contracts.explanation')} data={named(statistics.contracts)} emptyText={empty} />
        <StatisticFigure id="families" title={t('statistics.families.title')} explanation={t('statistics.families.explanation')} data={named(statistics.soft_skill_families)} emptyText={empty} />
        <StatisticFigure id="languages" title={t('statistics.languages.title')} explanation={t('statistics.languages.explanation')} data={named(statistics.languages)} emptyText={empty} />
      </div>
      <SearchDemand demand={statistics.search_demand} />
    </>
  );
}

/** How much partners' searches of the last 30 days wanted the candidates, and what kept them out. */
function SearchDemand({ demand }: { demand: SchoolStatistics['search_demand'] }) {
  const { t } = useTranslation('school');
  const excluded = demand.excluded_by.map((item) => ({ label: t(`statistics.demand.criteria.${item.criterion}`), candidates: item.appearances }));
  return (
    <section className="school-demand" aria-labelledby="search-demand-title" data-testid="search-demand">
      <h3 id="search-demand-title">{t('statistics.demand.title')}</h3>
      <p className="school-figure__explanation">{t('statistics.demand.explanation')}</p>
      <div className="stat-grid">
        <StatCard testId="stat-demand-searches" value={demand.searches} label={t('statistics.demand.searches')} />
        <StatCard
          testId="stat-demand-candidates"
          value={demand.candidates_seen}
          label={t('statistics.demand.candidatesSeen')}
          hint={t('statistics.demand.appearances', { count: demand.appearances })}
        />
      </div>
      <div className="school-figures">
        <StatisticFigure
          id="demand-exclusions"
          title={t('statistics.demand.exclusions.title')}
          explanation={t('statistics.demand.exclusions.explanation')}
          data={excluded}
          emptyText={t('statistics.demand.exclusions.none')}
          valueLabel={t('statistics.demand.exclusions.value')}
        />
      </div>
    </section>
  );
}

export function StatisticsPanel() {
  const { t } = useTranslation('school');
  const statistics = useStatistics();
  return (
    <Panel titleId="school-statistics-title" title={t('statistics.title')} testId="school-statistics">
      <div className="panel__body">
        <p className="school-lead">{t('statistics.lead')}</p>
        <ValueQueryState query={statistics} testId="school-statistics">
          {(data) => <Figures statistics={data} />}
        </ValueQueryState>
      </div>
    </Panel>
  );
}
