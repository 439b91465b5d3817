// The part of the recruiters panel for a recruiter the list does not hold
// (not on Vivier yet, or not approved): invite them by email, with what that
// leads to, then the invitations that wait for an answer.
import { useTranslation } from 'react-i18next';
import { InviteRecruiterForm } from './invite-recruiter-form';
import { OpenInvitationsList } from './open-invitations-list';

export function RecruiterInvitationsSection() {
  const { t } = useTranslation('school');
  return (
    <section className="school-recruiters__invitations" aria-labelledby="recruiter-invite-title" data-testid="recruiter-invitations">
      <div className="panel__body school-recruiters__head">
        <h3 id="recruiter-invite-title" className="school-recruiters__subtitle">
          {t('recruiters.invite.title')}
        </h3>
        <p className="school-recruiters__lead">{t('recruiters.invite.lead')}</p>
        <InviteRecruiterForm />
      </div>
      <OpenInvitationsList />
    </section>
  );
}
