// /login/with-token?token=…: logs in with the one-time link of an email, then
// goes to the user's dashboard; a used or expired link says so.
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { afterLoginPath } from '@/lib/access-guard';
import { userRole } from '@/lib/session';
import { useLoginWithToken } from '../api/login-with-token';
import { useTokenAction } from '../hooks/use-token-action';
import { StatusCard, useLinkStatus } from './status-card';

export function LoginWithToken() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const login = useLoginWithToken();

  useTokenAction(token, (value) =>
    login.mutate(value, {
      onSuccess: (user) => void navigate(afterLoginPath(userRole(user), searchParams.get('redirect'), user.firstTime), { replace: true }),
    }),
  );

  const { state, message } = useLinkStatus(token, login, { working: 'withToken.working', missing: 'withToken.missing' });
  return (
    <StatusCard
      title={t('withToken.title')}
      testId="login-with-token"
      state={state}
      message={message}
      actions={
        <Link className="button button--primary" to={paths.login}>
          {t('withToken.toLogin')}
        </Link>
      }
    />
  );
}
