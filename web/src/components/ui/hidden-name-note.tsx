// Beside the initials a partner sees in place of a candidate's name: says that
// they are the candidate's choice ("blind first"), on hit cards, the candidate
// panel and the partner's contact requests alike.
import { useTranslation } from 'react-i18next';
import './hidden-name-note.css';

export function HiddenNameNote() {
  const { t } = useTranslation('common');
  return (
    <p className="hidden-name-note" data-testid="name-hidden">
      {t('nameHidden')}
    </p>
  );
}
