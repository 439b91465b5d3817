// /mot-de-passe/oublier: asks for a reset link. The answer never says whether
// an account exists for the address.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { applyServerErrors } from '@/lib/form/server-errors';
import { useRuleMessage } from '@/lib/form/use-rule-message';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { describeAuthError } from '../utils/auth-errors';
import { forgotPasswordSchema, type ForgotPasswordValues } from '../utils/auth-schemas';
import { AuthCard, AuthSubmitButton } from './auth-card';
import { EmailField } from './email-field';
import { FormAlert } from '@/components/ui/form-alert';

export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const ruleMessage = useRuleMessage();
  const request = useRequestPasswordReset();
  const { register, handleSubmit, setError, formState } = useForm<ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(({ email }) =>
    request.mutate(email, {
      // A 422 without a field the form shows is still about the address.
      onError: (error) => {
        const applied = applyServerErrors(error, setError, ['email']);
        if (applied && applied.fields.length === 0) setError('email', { type: 'server', message: 'invalid_email' });
      },
    }),
  );

  const fieldFailed = formState.errors.email?.type === 'server';
  const failure = request.error && !fieldFailed ? describeAuthError(request.error) : null;

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
        <form className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)}>
          {failure && <FormAlert>{t(failure.key, failure.values)}</FormAlert>}
          <EmailField
            id="forgot-email"
            autoComplete="email"
            {...register('email')}
            error={ruleMessage(formState.errors.email)}
          />
          <AuthSubmitButton pending={request.isPending} label={t('forgot.submit')} pendingLabel={t('forgot.submitting')} />
        </form>
      )}
    </AuthCard>
  );
}
