// Importing a CSV file of candidates into a campus, in two steps: the file is
// checked first (nothing written) and every problem is shown by line and
// column; then the valid rows are imported, problem rows left out. A row of
// someone who is not yet one of the school's students sends them an
// invitation: they appear in the campus's list once they accept it. While a
// file uploads, a progress bar says how far it got.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '@/components/ui/panel';
import { ApiError } from '@/lib/api-client';
import { useNumberFormat } from '@/lib/i18n/format-number';
import { type ImportStep, useSendImport } from '../api/import-candidates';
import type { Campus, ImportProblem, ImportReport } from '../api/school-types';
import { FormAlert } from '@/components/ui/form-alert';

function ProblemsTable({ problems }: { problems: ImportProblem[] }) {
  const { t } = useTranslation('school');
  const format = useNumberFormat();
  return (
    <div className="school-table-wrap">
      <table className="school-table" data-testid="import-problems">
        <caption className="visually-hidden">{t('import.problemsCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('import.line')}</th>
            <th scope="col">{t('import.column')}</th>
            <th scope="col">{t('import.problem')}</th>
            <th scope="col">{t('import.value')}</th>
          </tr>
        </thead>
        <tbody>
          {problems.map((problem, index) => (
            <tr key={`${problem.line}-${problem.field}-${index}`}>
              <th scope="row">{format.number(problem.line)}</th>
              <td>{t(`import.columns.${problem.field}`)}</td>
              <td>
                {t(`import.problems.${problem.code}`, { defaultValue: t('import.problems.invalid') })}
                {problem.first_line != null && ` ${t('import.firstLine', { line: problem.first_line })}`}
              </td>
              <td>{problem.value ?? '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * What the import will do (`plan`) or did (`result`), in one sentence: the
 * invitations, the school's own students placed on the campus, the rows
 * already so; and, when there are invitations, that those people appear in the
 * school's lists only once they accept.
 */
function ReportCounts({ report, tense }: { report: ImportReport; tense: 'plan' | 'result' }) {
  const { t } = useTranslation('school');
  return (
    <>
      {t(`import.${tense}.summary`, {
        invited: t(`import.${tense}.invited`, { count: report.invited }),
        alreadyYourStudents: t(`import.${tense}.alreadyYourStudents`, { count: report.already_your_students }),
        unchanged: t(`import.${tense}.unchanged`, { count: report.unchanged }),
      })}
      {report.invited > 0 && ` ${t('import.invitedNote')}`}
    </>
  );
}

function fileFailure(error: unknown): { key: string; values?: Record<string, string> } {
  if (!(error instanceof ApiError)) return { key: 'import.failed' };
  if (error.status === 413) return { key: 'import.tooLarge' };
  const file = error.errors.file?.[0];
  if (file === 'missing_column') {
    const missing = Object.keys(error.errors).filter((field) => field !== 'file');
    return { key: 'import.missingColumns', values: { columns: missing.join(', ') } };
  }
  if (file === 'too_many_rows') return { key: 'import.tooManyRows' };
  if (file === 'unreadable_file') return { key: 'import.unreadable' };
  return { key: 'import.failed' };
}

export function ImportPanel({ campus }: { campus: Campus }) {
  const { t } = useTranslation('school');
  const inputId = useId();
  const hintId = useId();
  const send = useSendImport();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [checked, setChecked] = useState<ImportReport | null>(null);
  const [imported, setImported] = useState<ImportReport | null>(null);

  const run = (step: ImportStep) => {
    if (!file) return;
    setProgress(0);
    send.mutate(
      { campusId: campus.id, file, step, onProgress: setProgress },
      {
        onSuccess: (report) => (step === 'check' ? setChecked(report) : setImported(report)),
        onSettled: () => setProgress(null),
      },
    );
  };
  const reset = (next: File | null) => {
    setFile(next);
    setChecked(null);
    setImported(null);
    send.reset();
  };
  const failure = send.isError ? fileFailure(send.error) : null;

  return (
    <Panel titleId="campus-import-title" title={t('import.title')} testId="campus-import">
      <div className="panel__body">
      <p id={hintId} className="school-form__hint">
        {t('import.hint')}
      </p>
      <div className="school-import__pick">
        <label htmlFor={inputId} className="field__label">
          {t('import.file')}
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv,text/plain"
          aria-describedby={hintId}
          data-testid="import-file"
          onChange={(event) => reset(event.target.files?.[0] ?? null)}
        />
        <button type="button" className="button button--primary" disabled={!file || send.isPending} onClick={() => run('check')} data-testid="import-check">
          {t('import.check')}
        </button>
      </div>
      {progress !== null && (
        <div className="school-import__progress" role="status">
          <label htmlFor={`${inputId}-progress`}>{progress < 1 ? t('import.uploading') : t('import.processing')}</label>
          <progress id={`${inputId}-progress`} max={1} value={progress < 1 ? progress : undefined} />
        </div>
      )}
      {failure && (
        <FormAlert testId="import-error">{t(failure.key, failure.values)}</FormAlert>
      )}
      {checked && !imported && (
        <div className="school-import__report" data-testid="import-report">
          <p className="school-import__summary" role="status">
            {t('import.checked.summary', {
              rows: t('import.checked.rows', { count: checked.rows }),
              valid: t('import.checked.valid', { count: checked.valid }),
              problems: t('import.checked.problems', { count: checked.problems.length }),
            })}{' '}
            <ReportCounts report={checked} tense="plan" />
          </p>
          <p className="school-form__hint">{t('import.format', { encoding: checked.encoding, separator: checked.separator === '\t' ? 'tab' : checked.separator })}</p>
          {checked.problems.length > 0 && <ProblemsTable problems={checked.problems} />}
          <button type="button" className="button button--primary" disabled={checked.valid === 0 || send.isPending} onClick={() => run('import')} data-testid="import-run">
            {t('import.run', { count: checked.valid })}
          </button>
        </div>
      )}
      {imported && (
        <div className="school-import__report" data-testid="import-result">
          <FormAlert tone="success">
            <ReportCounts report={imported} tense="result" />
          </FormAlert>
          {imported.problems.length > 0 && (
            <>
              <p>{t('import.skipped', { count: imported.problems.length })}</p>
              <ProblemsTable problems={imported.problems} />
            </>
          )}
        </div>
      )}
      </div>
    </Panel>
  );
}
