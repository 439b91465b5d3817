// /dashboard/ecole/campus/{id}: the campus (its place and programs, edited in
// a dialog), its candidates, inviting one, and importing a file. A campus that
// is not one of the school's shows a "not found" message, as the server
// answers 404 for it.
import '@/styles/dashboard-blocks.css';
import '../schools.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dialog } from '@/components/ui/dialog';
import { Panel } from '@/components/ui/panel';
import { ValueQueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useCampuses } from '../api/get-campuses';
import type { Campus } from '../api/school-types';
import { type AddedCandidate, AddCandidateForm, AddedCandidateMessage } from './add-candidate-form';
import { CampusForm } from './campus-form';
import { CandidatesPanel } from './candidates-panel';
import { ImportPanel } from './import-panel';

function CampusDetails({ campus }: { campus: Campus }) {
  const { t } = useTranslation('school');
  const [dialog, setDialog] = useState<'edit' | 'add' | null>(null);
  const [added, setAdded] = useState<AddedCandidate | null>(null);
  useDocumentTitle(campus.name);
  return (
    <>
      <header className="page-head">
        <div>
          <p className="school-breadcrumb">
            <Link to={paths.schoolDashboard}>{t('dashboard.title')}</Link>
          </p>
          <h1 className="page-title">{campus.name}</h1>
          <p className="school-lead">
            {campus.localization.value} · {t('campuses.candidates', { count: campus.candidates_count })}
          </p>
        </div>
        <div className="school-dashboard__actions">
          <button type="button" className="button button--secondary" onClick={() => setDialog('edit')}>
            {t('campus.edit')}
          </button>
          <button type="button" className="button button--primary" onClick={() => setDialog('add')}>
            {t('addCandidate.title')}
          </button>
        </div>
      </header>
      <Panel titleId="campus-programs-title" title={t('campus.fields.programs')}>
        <div className="panel__body">
        {campus.programs.length === 0 ? (
          <p>{t('campuses.noPrograms')}</p>
        ) : (
          <ul className="school-chips">
            {campus.programs.map((program) => (
              <li key={program.id} className="badge">
                {program.name}
              </li>
            ))}
          </ul>
        )}
        </div>
      </Panel>
      <AddedCandidateMessage added={added} />
      <ImportPanel campus={campus} />
      <CandidatesPanel campus={campus} />
      {dialog === 'edit' && (
        <Dialog title={t('campus.editTitle', { name: campus.name })} onClose={() => setDialog(null)} closeLabel={t('actions.close')}>
          <CampusForm campus={campus} onDone={() => setDialog(null)} />
        </Dialog>
      )}
      {dialog === 'add' && (
        <Dialog title={t('addCandidate.title')} onClose={() => setDialog(null)} closeLabel={t('actions.close')}>
          <AddCandidateForm
            campus={campus}
            onDone={(result) => {
              setAdded(result);
              setDialog(null);
            }}
          />
        </Dialog>
      )}
    </>
  );
}

export function CampusPage({ campusId }: { campusId: number }) {
  const { t } = useTranslation('school');
  const campuses = useCampuses();
  return (
    <div className="school-dashboard" data-testid="campus-page">
      <ValueQueryState query={campuses} testId="campus-page">
        {(list) => {
          const campus = list.find((item) => item.id === campusId);
          return campus ? (
            <CampusDetails campus={campus} />
          ) : (
            <div className="panel panel__body" data-testid="campus-not-found">
              <h1 className="page-title">{t('campus.notFound')}</h1>
              <Link to={paths.schoolDashboard}>{t('campus.back')}</Link>
            </div>
          );
        }}
      </ValueQueryState>
    </div>
  );
}
