// What a partner sees where results or a profile would be once their daily
// quota of searches or opened profiles is spent: the quota, when it starts
// again (midnight UTC) and whom to ask for more. No Retry button: asking
// again before midnight gets the same answer.
import { useTranslation } from 'react-i18next';

export function DailyQuotaAlert({ className, testId = 'daily-quota-alert' }: { className: string; testId?: string }) {
  const { t } = useTranslation('api');
  return (
    <div className={className} role="alert" data-testid={testId}>
      <p className="panel__empty-title">{t('dailyQuotaTitle')}</p>
      <p>{t('codes.daily_quota_reached')}</p>
    </div>
  );
}
