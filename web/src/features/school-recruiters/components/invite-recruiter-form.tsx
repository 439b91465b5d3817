// The school's invitation of a recruiter by email: the address, the person's
// names, and what it leads to (the recruiter finds the school's students at
// once, the others once Vivier approves their company). The server answers
// the same whatever the address, so that it tells nothing about who uses
// Vivier: the form says only that the invitation was sent, and to which
// address, in a live region, then is ready for the next one. A refused field
// is said beside it; too many invitations within the hour (429) and any other
// failure above the button.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form/text-field';
import { useUnsavedChanges } from '@/components/form/unsaved-changes';
import { FormAlert } from '@/components/ui/form-alert';
import { ApiError } from '@/lib/api-client';
import { rulesSchema } from '@/lib/form/rules-schema';
import { applyServerErrors } from '@/lib/form/server-errors';
import { useRuleMessage } from '@/lib/form/use-rule-message';
import { useApiErrorMessage } from '@/lib/use-api-error-message';
import { useSendRecruiterInvitation } from '../api/send-recruiter-invitation';
import {
  checkRecruiterInvitation,
  emptyRecruiterInvitation,
  recruiterInvitationRequest,
  type RecruiterInvitationValues,
} from '../utils/invitation-form';

const schema = rulesSchema(checkRecruiterInvitation);
const fields = ['email', 'firstname', 'lastname'] as const;
const emailId = 'recruiter-invitation-email';

export function InviteRecruiterForm() {
  const { t } = useTranslation('school');
  const ruleMessage = useRuleMessage();
  const errorMessage = useApiErrorMessage();
  const send = useSendRecruiterInvitation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<RecruiterInvitationValues>({
    resolver: zodResolver(schema),
    defaultValues: emptyRecruiterInvitation,
  });
  useUnsavedChanges(formState.isDirty);
  const { errors } = formState;

  const onSubmit = handleSubmit((values) => {
    const request = recruiterInvitationRequest(values);
    setSentTo(null);
    send.mutate(request, {
      onSuccess: () => {
        reset(emptyRecruiterInvitation);
        setSentTo(request.email ?? '');
        // Ready for the next one (the form's own setFocus knows no field until they register again after the reset).
        document.getElementById(emailId)?.focus();
      },
      onError: (error) => applyServerErrors(error, setError, fields),
    });
  });

  // A 422 lands on the fields; anything else is said above the button.
  const failure = send.error instanceof ApiError && send.error.status === 422 ? null : send.error;
  const tooMany = failure instanceof ApiError && (failure.status === 429 || failure.code === 'too_many_requests');

  return (
    <form className="school-recruiters__form" noValidate onSubmit={(event) => void onSubmit(event)} data-testid="invite-recruiter-form">
      <TextField
        id={emailId}
        label={t('recruiters.invite.email')}
        type="email"
        required
        autoComplete="off"
        {...register('email')}
        error={ruleMessage(errors.email)}
      />
      <div className="school-recruiters__form-row">
        <TextField
          id="recruiter-invitation-firstname"
          label={t('recruiters.invite.firstname')}
          required
          autoComplete="off"
          {...register('firstname')}
          error={ruleMessage(errors.firstname)}
        />
        <TextField
          id="recruiter-invitation-lastname"
          label={t('recruiters.invite.lastname')}
          required
          autoComplete="off"
          {...register('lastname')}
          error={ruleMessage(errors.lastname)}
        />
      </div>
      {/* There before the message, so that screen readers read it out when it comes. */}
      <div role="status" data-testid="invite-recruiter-sent">
        {sentTo !== null && <p className="form-alert form-alert--success school-recruiters__sent">{t('recruiters.invite.sent', { email: sentTo })}</p>}
      </div>
      {failure && (
        <FormAlert testId="invite-recruiter-error">{tooMany ? t('recruiters.invite.tooMany') : errorMessage(failure)}</FormAlert>
      )}
      <div className="school-recruiters__form-actions">
        <button type="submit" className="button button--primary" disabled={send.isPending}>
          {t(send.isPending ? 'recruiters.invite.sending' : 'recruiters.invite.submit')}
        </button>
      </div>
    </form>
  );
}
