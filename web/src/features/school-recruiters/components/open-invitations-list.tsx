// The invitations the school sent to recruiters that wait for an answer,
// newest first: who, at which address, when it was sent and until when its
// link holds, with Withdraw (the link then stops working). A withdrawn
// invitation leaves the list with a toast, and the focus goes to the list's
// heading; one answered or withdrawn meanwhile (404) just leaves the list.
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { RowListItem } from '@/components/ui/dashboard-blocks';
import { QueryEmpty, QueryState } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format-date';
import { showToast } from '@/lib/toasts';
import { useApiErrorMessage } from '@/lib/use-api-error-message';
import { useRecruiterInvitations } from '../api/get-recruiter-invitations';
import type { RecruiterInvitation } from '../api/recruiter-invitation-types';
import { useWithdrawRecruiterInvitation } from '../api/withdraw-recruiter-invitation';

function invitedName(invitation: RecruiterInvitation): string {
  return `${invitation.firstname} ${invitation.lastname}`.trim() || invitation.email;
}

export function OpenInvitationsList() {
  const { t, i18n } = useTranslation('school');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const errorMessage = useApiErrorMessage();
  const invitations = useRecruiterInvitations();
  const withdraw = useWithdrawRecruiterInvitation();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const withdrawInvitation = (invitation: RecruiterInvitation) => {
    const name = invitedName(invitation);
    withdraw.mutate(invitation.id, {
      onSuccess: () => showToast(t('recruiters.invitations.withdrawn', { name }), 'success'),
      onError: (error) => {
        // Answered or withdrawn meanwhile: the list asked again says where it stands.
        if (!(error instanceof ApiError && error.status === 404)) showToast(errorMessage(error), 'error');
      },
      // The row is gone (or its button was turned off meanwhile): keep the keyboard in the list.
      onSettled: () => headingRef.current?.focus(),
    });
  };

  return (
    <section className="school-recruiters__open" aria-labelledby="recruiter-invitations-open-title">
      <h3 id="recruiter-invitations-open-title" className="school-recruiters__subtitle" ref={headingRef} tabIndex={-1}>
        {t('recruiters.invitations.title')}
      </h3>
      <QueryState
        query={invitations}
        isEmpty={(data) => data.invitations.length === 0}
        testId="recruiter-invitations"
        errorText={t('recruiters.invitations.error')}
        empty={<QueryEmpty title={t('recruiters.invitations.none')} hint={t('recruiters.invitations.noneHint')} />}
      >
        {(data) => (
          <ul className="row-list school-recruiters__list" aria-labelledby="recruiter-invitations-open-title">
            {data.invitations.map((invitation) => {
              const name = invitedName(invitation);
              return (
                <RowListItem
                  key={invitation.id}
                  testId="recruiter-invitation"
                  title={name}
                  meta={
                    <>
                      {invitation.email}
                      {' · '}
                      {t('recruiters.invitations.dates', {
                        sent: formatDate(invitation.created_at, locale),
                        expires: formatDate(invitation.expires_at, locale),
                      })}
                    </>
                  }
                >
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={withdraw.isPending}
                    aria-label={t('recruiters.invitations.withdrawFor', { name, email: invitation.email })}
                    onClick={() => withdrawInvitation(invitation)}
                  >
                    {t('recruiters.invitations.withdraw')}
                  </button>
                </RowListItem>
              );
            })}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
