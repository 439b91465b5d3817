// The school dashboard's campuses: each with its place, programs and number of
// candidates, a link to its page, and the creation of a new one in a dialog.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { RowListItem } from '@/components/ui/dashboard-blocks';
import { Dialog } from '@/components/ui/dialog';
import { Panel } from '@/components/ui/panel';
import { QueryEmpty, QueryState } from '@/components/ui/query-state';
import { buildPath, paths } from '@/config/paths';
import { useCampuses } from '../api/get-campuses';
import { CampusForm } from './campus-form';

export function CampusesPanel() {
  const { t } = useTranslation('school');
  const campuses = useCampuses();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const createButton = (
    <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
      {t('campuses.create')}
    </button>
  );
  return (
    <Panel titleId="school-campuses-title" title={t('campuses.title')} actions={createButton} testId="school-campuses">
      <QueryState
        query={campuses}
        testId="school-campuses"
        empty={<QueryEmpty title={t('campuses.none')} hint={t('campuses.noneHint')} />}
      >
        {(list) => (
          <ul className="row-list">
            {list.map((campus) => (
              <RowListItem
                key={campus.id}
                testId="campus-row"
                title={campus.name}
                meta={
                  <>
                    {campus.localization.value}
                    {' · '}
                    {campus.programs.length > 0
                      ? campus.programs.map((program) => program.name).join(', ')
                      : t('campuses.noPrograms')}
                  </>
                }
              >
                <span className="badge">{t('campuses.candidates', { count: campus.candidates_count })}</span>
                <Link className="button button--secondary" to={buildPath(paths.schoolCampus, { id: campus.id })}>
                  {t('campuses.open', { name: campus.name })}
                </Link>
              </RowListItem>
            ))}
          </ul>
        )}
      </QueryState>
      {creating && (
        <Dialog title={t('campuses.createTitle')} onClose={() => setCreating(false)} closeLabel={t('actions.close')}>
          <CampusForm
            onDone={(campus) => {
              setCreating(false);
              void navigate(buildPath(paths.schoolCampus, { id: campus.id }));
            }}
          />
        </Dialog>
      )}
    </Panel>
  );
}
