// The candidate's application on an offer's page: its step and when it last
// moved, the note sent, and "Withdraw" while it is open; a withdrawn
// application can be sent again while the offer is live.
import { useTranslation } from 'react-i18next';
import { ApplicationStepTag, isOpenApplication } from '@/components/ui/status-tag';
import { formatDate } from '@/lib/format-date';
import type { Application } from '../api/offer-types';
import { WithdrawButton } from './withdraw-button';

export function MyApplication({ application }: { application: Application }) {
  const { t, i18n } = useTranslation('candidateOffers');
  const locale = i18n.resolvedLanguage ?? 'fr';
  return (
    <div className="my-application" data-testid="my-application" data-status={application.status}>
      <p>
        <ApplicationStepTag status={application.status} />{' '}
        {t('application.since', { date: formatDate(application.status_changed_at, locale) })}
      </p>
      <p className="my-application__step">{t(`application.steps.${application.status}`)}</p>
      {application.note.trim() !== '' && (
        <figure className="my-application__note">
          <figcaption>{t('application.note')}</figcaption>
          <blockquote>{application.note}</blockquote>
        </figure>
      )}
      {isOpenApplication(application.status) && (
        <WithdrawButton applicationId={application.id} offerTitle={application.offer_title} />
      )}
    </div>
  );
}
