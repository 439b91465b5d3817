// /mot-de-passe/reinitialiser?token=…: a new password (with the policy
// checklist) and its confirmation. Every session of the account ends, so the
// user logs in again afterwards.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useResetPassword } from '../api/reset-password';
import { describeAuthError } from '../utils/auth-errors';
import { isPasswordValid } from '../utils/password-policy';
import { AuthCard, FormAlert } from './auth-card';
import { PasswordField } from './password-field';

type ResetErrors = { password?: string; confirmation?: string };

export function ResetPasswordForm() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<ResetErrors>({});

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const next: ResetErrors = {};
    if (password === '') next.password = 'required';
    else if (!isPasswordValid(password)) next.password = 'password_policy';
    if (confirmation === '') next.confirmation = 'required';
    else if (confirmation !== password) next.confirmation = 'password_mismatch';
    setErrors(next);
    if (Object.keys(next).length === 0 && token) reset.mutate({ token, password });
  }

  const serverPolicy = reset.error instanceof ApiError && reset.error.status === 422;
  const failure = reset.error && !serverPolicy ? describeAuthError(reset.error) : null;
  const passwordError = errors.password ?? (serverPolicy ? 'password_policy' : undefined);

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
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        <PasswordField
          id="reset-password"
          label={t('fields.newPassword')}
          autoComplete="new-password"
          required
          maxLength={128}
          showPolicy
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={passwordError ? t(`rules.${passwordError}`) : undefined}
        />
        <PasswordField
          id="reset-password-confirmation"
          label={t('fields.passwordConfirmation')}
          autoComplete="new-password"
          required
          maxLength={128}
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          error={errors.confirmation ? t(`rules.${errors.confirmation}`) : undefined}
        />
        <button type="submit" className="button button--primary button--large auth-form__submit" disabled={reset.isPending}>
          {t(reset.isPending ? 'reset.submitting' : 'reset.submit')}
        </button>
      </form>
    </AuthCard>
  );
}
