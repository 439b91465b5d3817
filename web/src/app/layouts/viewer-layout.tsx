// The frame of public candidate profiles (/candidat/...): a minimal header so
// the profile itself takes the attention.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/ui/logo';
import { UserMenu } from '@/features/auth/components/user-menu';
import { LanguageSwitcher } from '@/features/locale/components/language-switcher';
import { LayoutFrame, MainContent } from './layout-frame';

export function ViewerLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <LayoutFrame name="viewer">
      <header className="slim-header slim-header--viewer">
        <Logo />
        <p className="slim-header__title">{t('layout.publicProfile')}</p>
        <LanguageSwitcher />
        <UserMenu compact />
      </header>
      <MainContent className="viewer__main">
        {children}
      </MainContent>
    </LayoutFrame>
  );
}
