// /mot-de-passe/oublier: asks for a reset link. The answer never says whether
// an account exists for the address.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { describeAuthError } from '../utils/auth-errors';
import { isValidEmail } from '../utils/sign-up-validation';
import { AuthCard, FormAlert } from './auth-card';

export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const rule = email.trim() === '' ? 'required' : isValidEmail(email) ? null : 'invalid_email';
    setError(rule);
    if (rule === null) request.mutate(email);
  }

  const fieldError =
    error ?? (request.error instanceof ApiError && request.error.status === 422 ? 'invalid_email' : null);
  const failure = request.error && fieldError === null ? describeAuthError(request.error) : null;

  return (
    <AuthCard
      title={t('forgot.title')}
      subtitle={request.isSuccess ? undefined : t('forgot.subtitle')}
      testId="forgot-password"
      footer={<Link to={paths.login}>{t('forgot.back')}</Link>}
    >
      {request.isSuccess ? (
        <>
          <FormAlert tone="success" testId="forgot-password-sent">
            {t('forgot.sent')}
          </FormAlert>
          <div className="auth-card__actions">
            <Link className="button button--secondary" to={paths.mailbox}>
              {t('inbox.mailbox')}
            </Link>
          </div>
        </>
      ) : (
        <form className="auth-form" noValidate onSubmit={onSubmit}>
          {failure && <FormAlert>{t(failure.key, failure.values)}</FormAlert>}
          <TextField
            id="forgot-email"
            label={t('fields.email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={fieldError ? t(`rules.${fieldError}`) : undefined}
          />
          <button type="submit" className="button button--primary button--large auth-form__submit" disabled={request.isPending}>
            {t(request.isPending ? 'forgot.submitting' : 'forgot.submit')}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
