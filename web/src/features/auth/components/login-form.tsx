// The login page: email, password, "remember me", or a login link emailed to
// the address typed. A success goes back to the page that asked for a session
// (when it is a safe in-app path the user may open) or to the user's
// dashboard. Failures say why, in the user's language.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { afterLoginPath, sanitizeRedirect } from '@/lib/access-guard';
import { applyServerErrors } from '@/lib/form/server-errors';
import { useRuleMessage } from '@/lib/form/use-rule-message';
import { userRole } from '@/lib/session';
import { useLogin } from '../api/login';
import { describeAuthError } from '../utils/auth-errors';
import { loginSchema, type LoginValues } from '../utils/auth-schemas';
import { AuthCard, AuthSubmitButton } from './auth-card';
import { FormAlert } from '@/components/ui/form-alert';
import { EmailField } from './email-field';
import { LoginLinkRequest } from './login-link-request';
import { PasswordField } from './password-field';

export function LoginForm() {
  const { t } = useTranslation('auth');
  const ruleMessage = useRuleMessage();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirect = sanitizeRedirect(searchParams.get('redirect'));
  const login = useLogin();
  const { register, handleSubmit, setError, formState, trigger, getValues, setFocus } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '', remember: false },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (user) => void navigate(afterLoginPath(userRole(user), redirect, user.firstTime), { replace: true }),
      onError: (error) => applyServerErrors(error, setError, ['email', 'password'], { username: 'email' }),
    }),
  );

  const failure = login.error ? describeAuthError(login.error) : null;

  const validEmail = async () => {
    if (await trigger('email')) return getValues('email');
    setFocus('email');
    return null;
  };
  const showRefusedEmail = (error: unknown) => {
    const applied = applyServerErrors(error, setError, ['email']);
    if (!applied || applied.fields.length === 0) setError('email', { type: 'server', message: 'invalid_email' });
    setFocus('email');
  };

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
      <form className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <EmailField
          id="login-email"
          autoComplete="username"
          {...register('email')}
          error={ruleMessage(errors.email)}
        />
        <PasswordField
          id="login-password"
          label={t('fields.password')}
          autoComplete="current-password"
          required
          {...register('password')}
          error={ruleMessage(errors.password)}
        />
        <div className="auth-form__row">
          <label className="checkbox">
            <input type="checkbox" {...register('remember')} />
            <span>{t('fields.remember')}</span>
          </label>
          <Link to={paths.forgotPassword} className="auth-form__link">
            {t('login.forgot')}
          </Link>
        </div>
        <AuthSubmitButton pending={login.isPending} label={t('login.submit')} pendingLabel={t('login.submitting')} />
      </form>
      <LoginLinkRequest validEmail={validEmail} onRefused={showRefusedEmail} />
    </AuthCard>
  );
}
