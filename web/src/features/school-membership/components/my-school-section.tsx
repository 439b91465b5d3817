// The "my school" section of the candidate's settings: the school they belong
// to (with campus and program), and leaving it after a confirmation that says
// the school will no longer see the profile. Without a school it says so, and
// where an invitation would appear. Whether they belong to one is whoami's
// `isBelongToASchool`; the names come from the session's profile.
import '../school-membership.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/dialog';
import { QueryError, QueryLoading } from '@/components/ui/query-state';
import { SettingsSection } from '@/components/ui/settings-section';
import { ApiError } from '@/lib/api-client';
import { reloadSessionCandidate, useSession } from '@/lib/session';
import { useLeaveSchool } from '../api/leave-school';

export function MySchoolSection() {
  const { t } = useTranslation(['account', 'api']);
  const { user, candidate } = useSession();
  const leave = useLeaveSchool();
  const [asking, setAsking] = useState(false);
  const [leftSchool, setLeftSchool] = useState<string | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (leftSchool !== null) statusRef.current?.focus();
  }, [leftSchool]);

  const profile = candidate?.status === 'ready' ? candidate.profile : null;
  const school = profile?.school ?? null;
  const belongs = Boolean(user?.isBelongToASchool || user?.candidate?.school_id != null);
  const failure = leave.error instanceof ApiError && leave.error.code !== 'not_in_a_school' ? leave.error : null;

  let body;
  if (belongs && candidate?.status === 'failed') {
    body = <QueryError className="account-section__state" compact retrying={false} onRetry={reloadSessionCandidate} />;
  } else if (belongs && profile === null) {
    body = <QueryLoading className="account-section__state" />;
  } else if (belongs && school !== null) {
    body = (
      <>
        <dl className="my-school__facts" data-testid="my-school-facts">
          <div>
            <dt>{t('school.school')}</dt>
            <dd>{school.name}</dd>
          </div>
          {profile?.campus && (
            <div>
              <dt>{t('school.campus')}</dt>
              <dd>{profile.campus.name}</dd>
            </div>
          )}
          {profile?.program && (
            <div>
              <dt>{t('school.program')}</dt>
              <dd>{profile.program.name}</dd>
            </div>
          )}
        </dl>
        <p>{t('school.sees')}</p>
        {failure && (
          <p className="form-alert" role="alert">
            {t('school.leaveFailed')}
          </p>
        )}
        <button type="button" className="button button--secondary" onClick={() => setAsking(true)} data-testid="leave-school">
          {t('school.leave')}
        </button>
        {asking && (
          <ConfirmDialog
            title={t('school.leaveTitle', { school: school.name })}
            message={t('school.leaveMessage', { school: school.name })}
            confirmLabel={t('school.leaveConfirm')}
            cancelLabel={t('cancel')}
            busy={leave.isPending}
            onConfirm={() =>
              leave.mutate(undefined, {
                onSuccess: () => setLeftSchool(school.name),
                onSettled: () => setAsking(false),
              })
            }
            onCancel={() => setAsking(false)}
          />
        )}
      </>
    );
  } else {
    body = <p data-testid="my-school-none">{t('school.none')}</p>;
  }

  return (
    <SettingsSection name="account-school" title={t('school.title')}>
      {leftSchool !== null && (
        <p ref={statusRef} tabIndex={-1} className="form-alert form-alert--success" data-testid="my-school-left">
          {t('school.left', { school: leftSchool })}
        </p>
      )}
      {body}
    </SettingsSection>
  );
}
