// The partner's sourcing workspace: the whole window for the map and results,
// under a slim header with the way back to the partner area (an arrow on phones).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { UserMenu } from '@/features/auth/components/user-menu';
import { LanguageSwitcher } from '@/features/locale/components/language-switcher';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { LayoutFrame, MainContent } from './layout-frame';

export function SourcingLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <LayoutFrame name="sourcing">
      <header className="slim-header">
        <Logo compact />
        <p className="slim-header__title">{t('layout.sourcingWorkspace')}</p>
        <Link className="slim-header__back" to={paths.partnerDashboard}>
          <svg className="slim-header__back-icon line-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M15 5l-7 7 7 7" />
          </svg>
          <span className="visually-hidden-on-phone">{t('layout.backToDashboard')}</span>
        </Link>
        <NotificationBell />
        <LanguageSwitcher />
        <UserMenu compact />
      </header>
      <MainContent className="workspace">
        {children}
      </MainContent>
    </LayoutFrame>
  );
}
