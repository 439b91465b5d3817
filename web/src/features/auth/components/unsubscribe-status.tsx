// /notifications/desinscrire?token=…&type=…: the unsubscribe link of a
// notification email takes effect as soon as the page opens, and says so.
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useUnsubscribeNotifications } from '../api/unsubscribe-notifications';
import { useTokenAction } from '../hooks/use-token-action';
import { describeAuthError } from '../utils/auth-errors';
import { StatusCard } from './status-card';

export function UnsubscribeStatus() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const type = searchParams.get('type') ?? '';
  const unsubscribe = useUnsubscribeNotifications();

  useTokenAction(token, (value) => unsubscribe.mutate({ token: value, type }));

  const failure = unsubscribe.error ? describeAuthError(unsubscribe.error) : null;
  let state: 'working' | 'done' | 'failed' = 'working';
  let message = t('unsubscribe.working');
  if (!token) {
    state = 'failed';
    message = t('unsubscribe.missing');
  } else if (failure) {
    state = 'failed';
    message = t(failure.key, failure.values);
  } else if (unsubscribe.isSuccess) {
    state = 'done';
    message = t('unsubscribe.done');
  }
  return (
    <StatusCard
      title={t('unsubscribe.title')}
      testId="unsubscribe"
      state={state}
      message={message}
      actions={
        <Link className="button button--secondary" to={paths.home}>
          {t('unsubscribe.home')}
        </Link>
      }
    />
  );
}
