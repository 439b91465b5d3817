// /inscription/invitation?token=…: the page an invitation email of a school
// links to, for an address without an account. It shows who invites whom
// (the school, the campus, the person's name and email, read-only), then a
// password with the policy checklist, its confirmation and the consent to the
// terms; the account is created, attached to the school, and logged in, and
// the candidate lands on their dashboard. A link that is unknown, answered or
// expired says so, with the ways on (log in, sign up); an address that got an
// account meanwhile is told to log in, where the invitation waits.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ConsentField } from './consent-field';
import { TextField } from '@/components/form/text-field';
import { FormAlert } from '@/components/ui/form-alert';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form/server-errors';
import { useRuleMessage } from '@/lib/form/use-rule-message';
import { useCreateInvitationAccount } from '../api/create-invitation-account';
import { type InvitationPreview, useInvitationPreview } from '../api/get-invitation-preview';
import { describeAuthError } from '../utils/auth-errors';
import { invitationAccountSchema, type InvitationAccountValues } from '../utils/auth-schemas';
import { AuthCard, AuthSubmitButton } from './auth-card';
import { InvalidInvitationCard, InvitationReading } from './invitation-link-states';
import { NewPasswordField } from './password-field';

const isInvalidToken = (error: unknown) => error instanceof ApiError && error.code === 'invalid_token';

/** The link cannot be used (any more): what to do instead. */
function InvalidInvitation() {
  const { t } = useTranslation('auth');
  return (
    <InvalidInvitationCard title={t('invitation.invalidTitle')} text={t('invitation.invalid')} hint={t('invitation.invalidHint')} testId="invitation-invalid">
      <Link className="button button--primary" to={paths.login}>
        {t('invitation.toLogin')}
      </Link>
      <Link className="button button--secondary" to={paths.candidateSignUp}>
        {t('invitation.toSignUp')}
      </Link>
    </InvalidInvitationCard>
  );
}

function InvitationForm({ token, preview, onInvalid }: { token: string; preview: InvitationPreview; onInvalid: () => void }) {
  const { t } = useTranslation('auth');
  const ruleMessage = useRuleMessage();
  const navigate = useNavigate();
  const create = useCreateInvitationAccount();
  const schema = useMemo(() => invitationAccountSchema(preview.email), [preview.email]);
  const { register, handleSubmit, setError, control, formState } = useForm<InvitationAccountValues>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirmation: '', consent: false },
  });
  const { errors } = formState;
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(({ password, consent }) =>
    create.mutate(
      { token, password, consent },
      {
        onSuccess: () => void navigate(paths.candidateDashboard, { replace: true }),
        onError: (error) => {
          if (isInvalidToken(error)) {
            onInvalid();
            return;
          }
          const applied = applyServerErrors(error, setError, ['password', 'consent']);
          // the server says `required` of a consent not given: the form's own sentence says it better
          if (applied?.fields.includes('consent')) setError('consent', { type: 'server', message: 'consent_required' });
        },
      },
    ),
  );

  const emailTaken = create.error instanceof ApiError && create.error.code === 'email_taken';
  const failure =
    create.error && !emailTaken && !(create.error instanceof ApiError && create.error.status === 422) ? describeAuthError(create.error) : null;

  return (
    <AuthCard
      title={t('invitation.title', { school: preview.school })}
      subtitle={t('invitation.subtitle', { school: preview.school, campus: preview.campus })}
      testId="invitation-sign-up"
      footer={
        <>
          <span>{t('invitation.haveAccount')}</span> <Link to={paths.login}>{t('invitation.toLogin')}</Link>
        </>
      }
    >
      {emailTaken && (
        <FormAlert testId="invitation-email-taken">
          {t('invitation.emailTaken')} <Link to={paths.login}>{t('invitation.toLogin')}</Link>
        </FormAlert>
      )}
      {failure && <FormAlert testId="invitation-error">{t(failure.key, failure.values)}</FormAlert>}
      <form className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField id="invitation-name" label={t('invitation.name')} value={`${preview.firstname} ${preview.lastname}`} readOnly />
        <TextField
          id="invitation-email"
          label={t('invitation.email')}
          type="email"
          value={preview.email}
          readOnly
          autoComplete="username"
          hint={t('invitation.emailHint')}
        />
        <NewPasswordField
          id="invitation-password"
          label={t('fields.password')}
          showPolicy
          policyEmail={preview.email}
          policyNames={preview}
          policyValue={password}
          {...register('password')}
          error={ruleMessage(errors.password)}
        />
        <NewPasswordField
          id="invitation-password-confirmation"
          label={t('fields.passwordConfirmation')}
          {...register('confirmation')}
          error={ruleMessage(errors.confirmation)}
        />
        <ConsentField id="invitation-consent" {...register('consent')} error={ruleMessage(errors.consent)} />
        <AuthSubmitButton pending={create.isPending} label={t('invitation.submit')} pendingLabel={t('invitation.submitting')} />
      </form>
    </AuthCard>
  );
}

export function InvitationSignUp() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const preview = useInvitationPreview(token);
  // the link was refused when used (answered or expired meanwhile)
  const [invalid, setInvalid] = useState(false);

  if (!token || invalid || isInvalidToken(preview.error)) return <InvalidInvitation />;
  if (preview.data === undefined) {
    return <InvitationReading title={t('invitation.loadingTitle')} loadingText={t('invitation.loading')} preview={preview} />;
  }
  return <InvitationForm token={token} preview={preview.data} onInvalid={() => setInvalid(true)} />;
}
