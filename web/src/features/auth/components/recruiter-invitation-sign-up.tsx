// /inscription/recruteur?token=…: the page a school's invitation email for a
// recruiter links to. It shows which school invites them and the invited
// address (read-only, it will be their login), their names as the school
// typed them (which they may correct), their company and job title, then a
// password with the policy checklist, its confirmation and the consent to the
// terms. The partner account is created, linked to the school and logged in,
// and the recruiter lands on their dashboard: they find the school's students
// at once, the others once an operator approves the company. A link that is
// unknown, answered, withdrawn or expired says so; an address that has an
// account is told to log in, where the school's request waits.
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
import { useCreateRecruiterAccount } from '../api/create-recruiter-account';
import { type RecruiterInvitationPreview, useRecruiterInvitationPreview } from '../api/get-recruiter-invitation-preview';
import { describeAuthError } from '../utils/auth-errors';
import { recruiterAccountSchema, type RecruiterAccountValues } from '../utils/auth-schemas';
import { AuthCard, AuthSubmitButton } from './auth-card';
import { InvalidInvitationCard, InvitationReading } from './invitation-link-states';
import { NewPasswordField } from './password-field';

const isInvalidToken = (error: unknown) => error instanceof ApiError && error.code === 'invalid_token';
const serverFields = ['firstname', 'lastname', 'company', 'role', 'password', 'consent'] as const;

/** The link cannot be used (any more): log in if an account exists, else ask the school again. */
function InvalidRecruiterInvitation() {
  const { t } = useTranslation('auth');
  return (
    <InvalidInvitationCard
      title={t('recruiterInvitation.invalidTitle')}
      text={t('recruiterInvitation.invalid')}
      hint={t('recruiterInvitation.invalidHint')}
      testId="recruiter-invitation-invalid"
    >
      <Link className="button button--primary" to={paths.login}>
        {t('recruiterInvitation.toLogin')}
      </Link>
    </InvalidInvitationCard>
  );
}

function RecruiterAccountForm({ token, preview, onInvalid }: { token: string; preview: RecruiterInvitationPreview; onInvalid: () => void }) {
  const { t } = useTranslation('auth');
  const ruleMessage = useRuleMessage();
  const navigate = useNavigate();
  const create = useCreateRecruiterAccount();
  const schema = useMemo(() => recruiterAccountSchema(preview.email), [preview.email]);
  const { register, handleSubmit, setError, control, formState } = useForm<RecruiterAccountValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      firstname: preview.firstname,
      lastname: preview.lastname,
      company: '',
      role: '',
      password: '',
      confirmation: '',
      consent: false,
    },
  });
  const { errors } = formState;
  const [password, firstname, lastname] = useWatch({ control, name: ['password', 'firstname', 'lastname'] });

  const onSubmit = handleSubmit(({ firstname, lastname, company, role, password, consent }) =>
    create.mutate(
      {
        token,
        password,
        consent,
        company: company.trim(),
        role: role.trim() || null,
        firstname: firstname.trim(),
        lastname: lastname.trim(),
      },
      {
        onSuccess: () => void navigate(paths.partnerDashboard, { replace: true }),
        onError: (error) => {
          if (isInvalidToken(error)) {
            onInvalid();
            return;
          }
          const applied = applyServerErrors(error, setError, serverFields);
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
      title={t('recruiterInvitation.title', { school: preview.school })}
      subtitle={t('recruiterInvitation.subtitle', { school: preview.school })}
      testId="recruiter-invitation-sign-up"
      footer={
        <>
          <span>{t('recruiterInvitation.haveAccount')}</span> <Link to={paths.login}>{t('recruiterInvitation.toLogin')}</Link>
        </>
      }
    >
      {emailTaken && (
        <FormAlert testId="recruiter-invitation-email-taken">
          {t('recruiterInvitation.emailTaken')} <Link to={paths.login}>{t('recruiterInvitation.toLogin')}</Link>
        </FormAlert>
      )}
      {failure && <FormAlert testId="recruiter-invitation-error">{t(failure.key, failure.values)}</FormAlert>}
      <form className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          id="recruiter-invitation-email"
          label={t('recruiterInvitation.email')}
          type="email"
          value={preview.email}
          readOnly
          autoComplete="username"
          hint={t('recruiterInvitation.emailHint')}
        />
        <div className="field-row">
          <TextField
            id="recruiter-invitation-firstname"
            label={t('fields.firstname')}
            required
            autoComplete="given-name"
            {...register('firstname')}
            error={ruleMessage(errors.firstname)}
          />
          <TextField
            id="recruiter-invitation-lastname"
            label={t('fields.lastname')}
            required
            autoComplete="family-name"
            {...register('lastname')}
            error={ruleMessage(errors.lastname)}
          />
        </div>
        <TextField
          id="recruiter-invitation-company"
          label={t('recruiterInvitation.company')}
          hint={t('recruiterInvitation.companyHint')}
          required
          autoComplete="organization"
          {...register('company')}
          error={ruleMessage(errors.company)}
        />
        <TextField
          id="recruiter-invitation-role"
          label={t('recruiterInvitation.role')}
          autoComplete="organization-title"
          {...register('role')}
          error={ruleMessage(errors.role)}
        />
        <NewPasswordField
          id="recruiter-invitation-password"
          label={t('fields.password')}
          showPolicy
          policyEmail={preview.email}
          policyNames={{ firstname, lastname }}
          policyValue={password}
          {...register('password')}
          error={ruleMessage(errors.password)}
        />
        <NewPasswordField
          id="recruiter-invitation-password-confirmation"
          label={t('fields.passwordConfirmation')}
          {...register('confirmation')}
          error={ruleMessage(errors.confirmation)}
        />
        <ConsentField id="recruiter-invitation-consent" {...register('consent')} error={ruleMessage(errors.consent)} />
        <AuthSubmitButton pending={create.isPending} label={t('recruiterInvitation.submit')} pendingLabel={t('recruiterInvitation.submitting')} />
      </form>
    </AuthCard>
  );
}

export function RecruiterInvitationSignUp() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const preview = useRecruiterInvitationPreview(token);
  // the link was refused when used (answered, withdrawn or expired meanwhile)
  const [invalid, setInvalid] = useState(false);

  if (!token || invalid || isInvalidToken(preview.error)) return <InvalidRecruiterInvitation />;
  if (preview.data === undefined) {
    return (
      <InvitationReading
        title={t('recruiterInvitation.loadingTitle')}
        loadingText={t('recruiterInvitation.loading')}
        preview={preview}
        testIdPrefix="recruiter-invitation"
      />
    );
  }
  return <RecruiterAccountForm token={token} preview={preview.data} onInvalid={() => setInvalid(true)} />;
}
