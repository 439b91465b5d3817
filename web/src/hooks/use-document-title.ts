// Keeps the browser tab title in step with the page, in the current language.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export function useDocumentTitle(title: string): void {
  const { t } = useTranslation('pages');
  const suffix = t('titleSuffix');
  useEffect(() => {
    document.title = title === '' || title === suffix ? suffix : `${title} · ${suffix}`;
  }, [title, suffix]);
}
