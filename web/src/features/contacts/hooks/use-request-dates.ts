// The dates of a contact request in the user's language, for both sides'
// lists: a day ("20 nov. 2026"), and what became of the request and when
// (answered on, expired on, or until when it waits).
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format-date';
import type { ContactRequest } from '../api/get-sent-contact-requests';

export function useRequestDates() {
  const { t, i18n } = useTranslation('contacts');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const day = (date: string) => formatDate(date, locale);
  return {
    day,
    outcome: (request: ContactRequest): string => {
      if (request.state === 'pending') return t('dates.expiresOn', { date: day(request.expires_at) });
      if (request.state === 'expired') return t('dates.expiredOn', { date: day(request.expires_at) });
      return t('dates.answeredOn', { date: day(request.answered_at ?? request.expires_at) });
    },
  };
}
