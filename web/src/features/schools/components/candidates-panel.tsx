// A campus's candidates: filters (name, program, parcours, completion), the
// table with its four states, pages, the CSV export of what the filters keep,
// and detaching a candidate from the school (after a confirmation; the
// person keeps their account).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { namedOptions, SelectField, type SelectOption } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Panel } from '@/components/ui/panel';
import { QueryEmpty, QueryState } from '@/components/ui/query-state';
import { useReferenceList } from '@/api/reference-lists/reference-list';
import { useNumberFormat } from '@/lib/i18n/format-number';
import { useDetachCandidate } from '../api/detach-candidate';
import { campusCandidatesCsvUrl, useCampusCandidates } from '../api/get-campus-candidates';
import type { CandidateFilters } from '../api/query-keys';
import type { Campus, CampusCandidate } from '../api/school-types';

const completionSteps = [25, 50, 75];

function toNumber(value: string): number | undefined {
  return value === '' ? undefined : Number(value);
}

/** One of the filters that keep a single value (a program, a parcours, a completion step), or "all". */
function ChoiceFilter({
  name,
  label,
  options,
  filters,
  update,
}: {
  name: 'program' | 'parcours' | 'completion';
  label: string;
  options: readonly SelectOption[];
  filters: CandidateFilters;
  update: (change: Partial<CandidateFilters>) => void;
}) {
  const { t } = useTranslation('school');
  return (
    <SelectField
      id={`filter-${name}`}
      label={label}
      placeholder={t('candidates.all')}
      options={options}
      value={filters[name] ?? ''}
      onChange={(event) => update({ [name]: toNumber(event.target.value) })}
    />
  );
}

export function CandidatesPanel({ campus }: { campus: Campus }) {
  const { t } = useTranslation('school');
  const format = useNumberFormat();
  const parcours = useReferenceList('school/parcours');
  const [filters, setFilters] = useState<CandidateFilters>({ page: 1 });
  const candidates = useCampusCandidates(campus.id, filters);
  const detach = useDetachCandidate();
  const [leaving, setLeaving] = useState<CampusCandidate | null>(null);
  const update = (change: Partial<CandidateFilters>) => setFilters((current) => ({ ...current, ...change, page: change.page ?? 1 }));
  const page = candidates.data;
  const pages = page ? Math.max(1, Math.ceil(page.total / page.per_page)) : 1;

  return (
    <Panel
      titleId="campus-candidates-title"
      title={t('candidates.title')}
      actions={
        <a className="button button--secondary" href={campusCandidatesCsvUrl(campus.id, filters)} download data-testid="candidates-csv">
          {t('candidates.exportCsv')}
        </a>
      }
      testId="campus-candidates"
    >
      <div className="panel__body">
      <div className="school-filters" role="search" aria-label={t('candidates.filters')}>
        <TextField id="filter-name" label={t('candidates.filterName')} type="search" value={filters.name ?? ''} onChange={(event) => update({ name: event.target.value })} />
        <ChoiceFilter
          name="program"
          label={t('candidates.filterProgram')}
          options={namedOptions(campus.programs)}
          filters={filters}
          update={update}
        />
        <ChoiceFilter
          name="parcours"
          label={t('candidates.filterParcours')}
          options={namedOptions(parcours.data)}
          filters={filters}
          update={update}
        />
        <ChoiceFilter
          name="completion"
          label={t('candidates.filterCompletion')}
          options={completionSteps.map((step) => ({ value: step, label: t('candidates.atLeast', { percent: step }) }))}
          filters={filters}
          update={update}
        />
      </div>
      <QueryState
        query={candidates}
        isEmpty={(data) => data.items.length === 0}
        testId="campus-candidates"
        empty={<QueryEmpty title={t('candidates.none')} hint={t('candidates.noneHint')} />}
      >
        {(data) => (
          <>
            <p className="school-count" aria-live="polite">
              {t('candidates.count', { count: data.total })}
            </p>
            <div className="school-table-wrap">
              <table className="school-table" data-testid="candidates-table">
                <caption className="visually-hidden">{t('candidates.tableCaption', { campus: campus.name })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('candidates.columns.name')}</th>
                    <th scope="col">{t('candidates.columns.email')}</th>
                    <th scope="col">{t('candidates.columns.program')}</th>
                    <th scope="col">{t('candidates.columns.parcours')}</th>
                    <th scope="col">{t('candidates.columns.completion')}</th>
                    <th scope="col">{t('candidates.columns.status')}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t('candidates.columns.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((candidate) => (
                    <tr key={candidate.id}>
                      <th scope="row">
                        {candidate.firstname} {candidate.lastname}
                      </th>
                      <td>{candidate.email}</td>
                      <td>{candidate.program?.name ?? '–'}</td>
                      <td>{candidate.parcours?.name ?? '–'}</td>
                      <td>{format.percent(candidate.completion)}</td>
                      <td>
                        {candidate.activated ? t('candidates.activated') : t('candidates.invited')}
                        {candidate.in_research && ` · ${t('candidates.inResearch')}`}
                      </td>
                      <td>
                        <button
                          type="button"
                          className="button button--ghost"
                          aria-label={t('candidates.detach', { name: `${candidate.firstname} ${candidate.lastname}` })}
                          onClick={() => setLeaving(candidate)}
                        >
                          {t('candidates.detachConfirm')}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {pages > 1 && (
              <nav className="school-pager" aria-label={t('candidates.pages')}>
                <button type="button" className="button button--secondary" disabled={data.page <= 1} onClick={() => update({ page: data.page - 1 })}>
                  {t('candidates.previous')}
                </button>
                <span>{t('candidates.page', { page: data.page, pages })}</span>
                <button type="button" className="button button--secondary" disabled={data.page >= pages} onClick={() => update({ page: data.page + 1 })}>
                  {t('candidates.next')}
                </button>
              </nav>
            )}
          </>
        )}
      </QueryState>
      </div>
      {leaving && (
        <ConfirmDialog
          title={t('candidates.detachTitle')}
          message={t('candidates.detachMessage', { name: `${leaving.firstname} ${leaving.lastname}` })}
          confirmLabel={t('candidates.detachConfirm')}
          cancelLabel={t('actions.cancel')}
          busy={detach.isPending}
          onConfirm={() => detach.mutate(leaving.id, { onSettled: () => setLeaving(null) })}
          onCancel={() => setLeaving(null)}
        />
      )}
    </Panel>
  );
}
