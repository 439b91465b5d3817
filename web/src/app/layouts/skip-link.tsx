// The first focusable element of every layout: lets keyboard users jump past the navigation.
import { useTranslation } from 'react-i18next';

export const mainContentId = 'main-content';

export function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <a className="skip-link" href={`#${mainContentId}`}>
      {t('skipToContent')}
    </a>
  );
}
