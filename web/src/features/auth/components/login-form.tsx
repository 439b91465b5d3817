// The login page: email, password, "remember me". A success goes back to the
// page that asked for a session (when it is a safe in-app path the user may
// open) or to the user's dashboard. Failures say why, in the user's language.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { afterLoginPath, sanitizeRedirect } from '@/lib/access-guard';
import { userRole } from '@/lib/session';
import { useLogin } from '../api/login';
import { describeAuthError } from '../utils/auth-errors';
import { isValidEmail } from '../utils/sign-up-validation';
import { AuthCard, FormAlert } from './auth-card';
import { PasswordField } from './password-field';

export function LoginForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirect = sanitizeRedirect(searchParams.get('redirect'));
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const errors: { email?: string; password?: string } = {};
    if (email.trim() === '') errors.email = 'required';
    else if (!isValidEmail(email)) errors.email = 'invalid_email';
    if (password === '') errors.password = 'required';
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    login.mutate(
      { email, password, remember },
      { onSuccess: (user) => void navigate(afterLoginPath(userRole(user), redirect), { replace: true }) },
    );
  }

  const failure = login.error ? describeAuthError(login.error) : null;

  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      testId="login-page"
      footer={
        <>
          <span>{t('login.noAccount')}</span> <Link to={paths.candidateSignUp}>{t('login.signUp')}</Link>
          <span className="auth-page__separator" aria-hidden="true">
            ·
          </span>
          <Link to={paths.mailbox}>{t('inbox.mailbox')}</Link>
        </>
      }
    >
      {redirect && !failure && <FormAlert tone="info">{t('login.sessionNeeded')}</FormAlert>}
      {failure && <FormAlert testId="login-error">{t(failure.key, failure.values)}</FormAlert>}
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        <TextField
          id="login-email"
          label={t('fields.email')}
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldErrors.email ? t(`rules.${fieldErrors.email}`) : undefined}
        />
        <PasswordField
          id="login-password"
          label={t('fields.password')}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldErrors.password ? t(`rules.${fieldErrors.password}`) : undefined}
        />
        <div className="auth-form__row">
          <label className="checkbox">
            <input type="checkbox" name="remember" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
            <span>{t('fields.remember')}</span>
          </label>
          <Link to={paths.forgotPassword} className="auth-form__link">
            {t('login.forgot')}
          </Link>
        </div>
        <button type="submit" className="button button--primary button--large auth-form__submit" disabled={login.isPending}>
          {t(login.isPending ? 'login.submitting' : 'login.submit')}
        </button>
      </form>
    </AuthCard>
  );
}
