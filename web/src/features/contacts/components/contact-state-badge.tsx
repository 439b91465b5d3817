// Where a contact request stands, as a tag in the user's language: waiting,
// accepted, declined or expired (nobody answered within 14 days).
import '../styles/contact-state.css';
import { useTranslation } from 'react-i18next';
import type { ContactRequestState } from '../api/get-sent-contact-requests';

export function ContactStateBadge({ state }: { state: ContactRequestState }) {
  const { t } = useTranslation('contacts');
  return (
    <span className="contact-state" data-state={state} data-testid="contact-state">
      {t(`states.${state}`)}
    </span>
  );
}
