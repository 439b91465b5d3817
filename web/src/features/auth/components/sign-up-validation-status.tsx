// /inscription/valider?token=…&kind=…: the links mailed about an address.
// Without kind, the sign-up email's link validates the account (the user then
// logs in with their password); kind=email confirms a change of address from
// the new one; kind=restore, from the former address, undoes a change its
// owner did not make.
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useConfirmEmailChange } from '../api/confirm-email-change';
import { useRestoreEmail } from '../api/restore-email';
import { useValidateAccount } from '../api/validate-account';
import { useTokenAction } from '../hooks/use-token-action';
import { StatusCard, useLinkStatus } from './status-card';

type LinkKind = 'account' | 'email' | 'restore';

const TEXTS: Record<LinkKind, { title: string; done: string }> = {
  account: { title: 'validation.title', done: 'validation.success' },
  email: { title: 'validation.emailTitle', done: 'validation.emailChanged' },
  restore: { title: 'validation.restoreTitle', done: 'validation.emailRestored' },
};

function linkKind(kind: string | null): LinkKind {
  return kind === 'email' || kind === 'restore' ? kind : 'account';
}

export function SignUpValidationStatus() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const kind = linkKind(searchParams.get('kind'));
  const calls = { account: useValidateAccount(), email: useConfirmEmailChange(), restore: useRestoreEmail() };
  const call = calls[kind];

  useTokenAction(token, (value) => call.mutate(value));

  const { state, message } = useLinkStatus(token, call, {
    working: 'validation.working',
    missing: 'validation.missing',
    done: TEXTS[kind].done,
  });

  return (
    <StatusCard
      title={t(TEXTS[kind].title)}
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
