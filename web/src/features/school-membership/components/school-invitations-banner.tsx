// The candidate dashboard's banner of school invitations: each open invitation
// with its school, campus, program and end date, and Accept / Refuse. Hidden
// while there is none (and while the list loads); a failed load says so with a
// Retry button. Accepting refreshes the session, as the candidate now belongs
// to that school (and left any other). After an answer the focus goes to the
// sentence saying what happened, as the buttons pressed are gone.
import '@/styles/dashboard-blocks.css';
import '../school-membership.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '@/components/ui/panel';
import { QueryError } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format-date';
import { useSession } from '@/lib/session';
import { type InvitationAnswer, useAnswerSchoolInvitation } from '../api/answer-school-invitation';
import { type SchoolInvitation, useSchoolInvitations } from '../api/get-school-invitations';

/** What the last answer did, said above the remaining invitations. */
type Note = { tone: 'success' | 'error'; text: string };

function InvitationItem({
  invitation,
  currentSchool,
  pending,
  onAnswer,
}: {
  invitation: SchoolInvitation;
  currentSchool: string | null;
  pending: boolean;
  onAnswer: (answer: InvitationAnswer) => void;
}) {
  const { t, i18n } = useTranslation('candidate');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const leaves = currentSchool !== null && currentSchool !== invitation.school;
  return (
    <li className="school-invitation" data-testid="school-invitation">
      <div className="school-invitation__what">
        <p className="school-invitation__title">
          {t('schoolInvitations.invitation', { school: invitation.school, campus: invitation.campus })}
        </p>
        {invitation.program && <p>{t('schoolInvitations.program', { program: invitation.program })}</p>}
        <p className="school-invitation__when">{t('schoolInvitations.expires', { date: formatDate(invitation.expires_at, locale) })}</p>
        {leaves && <p className="school-invitation__warning">{t('schoolInvitations.leavesCurrent', { school: currentSchool })}</p>}
      </div>
      <div className="school-invitation__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={pending}
          aria-label={t('schoolInvitations.acceptLabel', { school: invitation.school })}
          onClick={() => onAnswer('acceptance')}
        >
          {t('schoolInvitations.accept')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={pending}
          aria-label={t('schoolInvitations.refuseLabel', { school: invitation.school })}
          onClick={() => onAnswer('refusal')}
        >
          {t('schoolInvitations.refuse')}
        </button>
      </div>
    </li>
  );
}

export function SchoolInvitationsBanner() {
  const { t } = useTranslation(['candidate', 'api']);
  const invitations = useSchoolInvitations();
  const answer = useAnswerSchoolInvitation();
  const { candidate } = useSession();
  const currentSchool = candidate?.status === 'ready' ? (candidate.profile.school?.name ?? null) : null;
  const [note, setNote] = useState<Note | null>(null);
  const noteRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (note) noteRef.current?.focus();
  }, [note]);

  const send = (invitation: SchoolInvitation, chosen: InvitationAnswer) =>
    answer.mutate(
      { id: invitation.id, answer: chosen },
      {
        onSuccess: () =>
          setNote({
            tone: 'success',
            text:
              chosen === 'acceptance'
                ? t('schoolInvitations.accepted', { school: invitation.school, campus: invitation.campus })
                : t('schoolInvitations.refused', { school: invitation.school }),
          }),
        onError: (error) =>
          setNote({
            tone: 'error',
            text:
              error instanceof ApiError && error.code === 'invitation_closed'
                ? t('api:codes.invitation_closed')
                : t('schoolInvitations.failed'),
          }),
      },
    );

  const list = invitations.data?.invitations ?? [];
  if (invitations.isError && invitations.data === undefined) {
    return (
      <Panel titleId="school-invitations-title" title={t('schoolInvitations.title')} className="school-invitations" testId="school-invitations">
        <QueryError
          className="panel__empty"
          text={t('schoolInvitations.loadFailed')}
          compact
          retrying={invitations.isFetching}
          onRetry={invitations.refetch}
          testId="school-invitations-error"
        />
      </Panel>
    );
  }
  if (list.length === 0 && note === null) return null;

  return (
    <Panel titleId="school-invitations-title" title={t('schoolInvitations.title')} className="school-invitations" testId="school-invitations">
      <div className="panel__body school-invitations__body">
        {note && (
          <p
            ref={noteRef}
            tabIndex={-1}
            className={`form-alert form-alert--${note.tone === 'success' ? 'success' : 'error'} school-invitations__note`}
            data-testid="school-invitations-note"
          >
            {note.text}
          </p>
        )}
        {list.length > 0 && (
          <>
            <p className="school-invitations__intro">{t('schoolInvitations.intro')}</p>
            <ul className="school-invitations__list">
              {list.map((invitation) => (
                <InvitationItem
                  key={invitation.id}
                  invitation={invitation}
                  currentSchool={currentSchool}
                  pending={answer.isPending && answer.variables.id === invitation.id}
                  onAnswer={(chosen) => send(invitation, chosen)}
                />
              ))}
            </ul>
          </>
        )}
      </div>
    </Panel>
  );
}
