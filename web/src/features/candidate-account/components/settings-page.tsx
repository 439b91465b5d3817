// /dashboard/candidate/parametres: the candidate's own account, apart from
// the profile: sharing, who can find them, email, password, language of emails, their data,
// deactivation and deletion. Which notification emails they receive, the
// school they belong to and the companies they blocked are other features'
// sections, handed over by the route.
import '../candidate-account.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/lib/session';
import { DataSection, SharingSection } from './account-life-sections';
import { EmailLanguageSection, EmailSection, PasswordSection } from './credentials-sections';
import { FindabilitySection } from './findability-section';

export function SettingsPage({
  emailPreferences,
  school,
  blockedCompanies,
}: {
  emailPreferences?: ReactNode;
  school?: ReactNode;
  blockedCompanies?: ReactNode;
}) {
  const { t } = useTranslation('account');
  const { user } = useSession();
  useDocumentTitle(t('title'));
  const candidateId = user?.candidate?.id ?? user?.id;
  return (
    <section className="account-page" data-testid="account-settings">
      <header>
        <h1 className="page-title">{t('title')}</h1>
        <p>{t('intro')}</p>
      </header>
      <SharingSection />
      <FindabilitySection />
      {blockedCompanies}
      {school}
      <EmailSection />
      <PasswordSection />
      <EmailLanguageSection />
      {emailPreferences}
      {candidateId !== undefined && <DataSection candidateId={candidateId} />}
    </section>
  );
}
