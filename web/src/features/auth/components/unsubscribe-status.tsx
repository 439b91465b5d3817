// /notifications/desinscrire?token=…&type=…: the unsubscribe link of a
// notification email takes effect as soon as the page opens, and says so.
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useUnsubscribeNotifications } from '../api/unsubscribe-notifications';
import { useTokenAction } from '../hooks/use-token-action';
import { StatusCard, useLinkStatus } from './status-card';

export function UnsubscribeStatus() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const type = searchParams.get('type') ?? '';
  const unsubscribe = useUnsubscribeNotifications();

  useTokenAction(token, (value) => unsubscribe.mutate({ token: value, type }));

  const { state, message } = useLinkStatus(token, unsubscribe, {
    working: 'unsubscribe.working',
    missing: 'unsubscribe.missing',
    done: 'unsubscribe.done',
  });
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
