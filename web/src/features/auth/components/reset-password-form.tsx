// /mot-de-passe/reinitialiser?token=…: a new password (with the policy
// checklist) and its confirmation. Every session of the account ends, so the
// user logs in again afterwards.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { applyServerErrors } from '@/lib/form/server-errors';
import { useRuleMessage } from '@/lib/form/use-rule-message';
import { useResetPassword } from '../api/reset-password';
import { describeAuthError } from '../utils/auth-errors';
import { resetPasswordSchema, type ResetPasswordValues } from '../utils/auth-schemas';
import { AuthCard, AuthSubmitButton } from './auth-card';
import { FormAlert } from '@/components/ui/form-alert';
import { NewPasswordField } from './password-field';

export function ResetPasswordForm() {
  const { t } = useTranslation('auth');
  const ruleMessage = useRuleMessage();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const reset = useResetPassword();
  const { register, handleSubmit, setError, control, formState } = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirmation: '' },
  });
  const { errors } = formState;
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(({ password }) => {
    if (!token) return;
    reset.mutate(
      { token, password },
      {
        // The server's only field rules here are the password's (policy, strength).
        onError: (error) => {
          const applied = applyServerErrors(error, setError, ['password']);
          if (applied && applied.fields.length === 0) setError('password', { type: 'server', message: 'password_policy' });
        },
      },
    );
  });

  const serverPolicy = reset.error instanceof ApiError && reset.error.status === 422;
  const failure = reset.error && !serverPolicy ? describeAuthError(reset.error) : null;

  if (!token || reset.isSuccess) {
    return (
      <AuthCard title={t('reset.title')} testId="reset-password">
        <FormAlert tone={token ? 'success' : 'error'} testId={token ? 'reset-password-done' : undefined}>
          {t(token ? 'reset.done' : 'reset.missing')}
        </FormAlert>
        <div className="auth-card__actions">
          <Link className="button button--primary" to={token ? paths.login : paths.forgotPassword}>
            {t(token ? 'reset.toLogin' : 'reset.newLink')}
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle')} testId="reset-password">
      {failure && (
        <FormAlert>
          {t(failure.key, failure.values)}{' '}
          {reset.error instanceof ApiError && reset.error.code === 'invalid_token' && (
            <Link to={paths.forgotPassword}>{t('reset.newLink')}</Link>
          )}
        </FormAlert>
      )}
      <form className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <NewPasswordField
          id="reset-password"
          label={t('fields.newPassword')}
          showPolicy
          policyValue={password}
          {...register('password')}
          error={ruleMessage(errors.password)}
        />
        <NewPasswordField
          id="reset-password-confirmation"
          label={t('fields.passwordConfirmation')}
          {...register('confirmation')}
          error={ruleMessage(errors.confirmation)}
        />
        <AuthSubmitButton pending={reset.isPending} label={t('reset.submit')} pendingLabel={t('reset.submitting')} />
      </form>
    </AuthCard>
  );
}
