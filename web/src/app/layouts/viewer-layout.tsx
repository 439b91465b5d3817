// The frame of public candidate profiles (/candidat/...): a minimal header so
// the profile itself takes the attention.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/ui/logo';
import { UserMenu } from '@/features/auth/components/user-menu';
import { LanguageSwitcher } from '@/features/locale/components/language-switcher';
import { mainContentId, SkipLink } from './skip-link';

export function ViewerLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <div className="layout layout--viewer" data-layout="viewer">
      <SkipLink />
      <header className="slim-header slim-header--viewer">
        <Logo />
        <p className="slim-header__title">{t('layout.publicProfile')}</p>
        <LanguageSwitcher />
        <UserMenu compact />
      </header>
      <main id={mainContentId} className="viewer__main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
