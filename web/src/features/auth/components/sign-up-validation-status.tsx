// /inscription/valider?token=…&kind=…: the link of a sign-up email validates
// the account, then the user logs in with their password; with kind=email it
// confirms a change of email address instead.
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useConfirmEmailChange } from '../api/confirm-email-change';
import { useValidateAccount } from '../api/validate-account';
import { useTokenAction } from '../hooks/use-token-action';
import { StatusCard, useLinkStatus } from './status-card';

export function SignUpValidationStatus() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const emailChange = searchParams.get('kind') === 'email';
  const validate = useValidateAccount();
  const confirmEmail = useConfirmEmailChange();
  const call = emailChange ? confirmEmail : validate;

  useTokenAction(token, (value) => {
    if (emailChange) confirmEmail.mutate(value);
    else validate.mutate(value);
  });

  const title = t(emailChange ? 'validation.emailTitle' : 'validation.title');
  const { state, message } = useLinkStatus(token, call, {
    working: 'validation.working',
    missing: 'validation.missing',
    done: emailChange ? 'validation.emailChanged' : 'validation.success',
  });

  return (
    <StatusCard
      title={title}
      testId="sign-up-validation"
      state={state}
      message={message}
      actions={
        <Link className="button button--primary" to={paths.login} data-testid="sign-up-validation-login">
          {t('validation.toLogin')}
        </Link>
      }
    />
  );
}
