// The terms of use that sign-up asks to accept (its consent links here): what
// Vivier does, who sees a candidate's profile, what the person may do with
// their data, which emails they get and what the site keeps in the browser.
// Each section says what the product does (README, candidates' decisions).
import '../data-sources.css';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/hooks/use-document-title';

const sections = ['service', 'profile', 'rights', 'retention', 'emails', 'cookies'] as const;

export function TermsOfUse() {
  const { t } = useTranslation('legal');
  useDocumentTitle(t('terms.title'));
  return (
    <section className="container data-sources" data-testid="terms-of-use">
      <h1 className="page-title">{t('terms.title')}</h1>
      <p>{t('terms.intro')}</p>
      {sections.map((section) => (
        <div key={section} className="data-sources__section">
          <h2>{t(`terms.sections.${section}.title`)}</h2>
          <p>{t(`terms.sections.${section}.text`)}</p>
        </div>
      ))}
    </section>
  );
}
