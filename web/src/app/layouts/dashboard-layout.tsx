// The frame of the logged-in areas: a sidebar with the area's pages (candidate,
// school or partner, from the path prefix) and a header with the language
// switch (and the candidate's help menu, the partner's notifications). On small screens the sidebar becomes a drawer behind a menu button.
// The candidate's and the partner's "Messages" show how many messages are unread.
// A school's or partner's pages open on the banner of its account's standing while an operator has not approved it.
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { AccountStandingBanner } from '@/components/ui/account-standing';
import { Logo } from '@/components/ui/logo';
import { UserMenu } from '@/features/auth/components/user-menu';
import { UnreadMessagesCount } from '@/features/contacts/components/unread-messages-count';
import { LanguageSwitcher } from '@/features/locale/components/language-switcher';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { CandidateTour } from '@/features/tour/components/candidate-tour';
import { HelpMenu } from '@/features/tour/components/help-menu';
import { dashboardLinks } from './dashboard-links';
import { LineIcon } from '@/components/ui/line-icon';
import { dashboardArea } from './select-layout';
import { LayoutFrame, MainContent } from './layout-frame';

const areaTitleKeys = {
  candidate: 'layout.candidateArea',
  school: 'layout.schoolArea',
  partner: 'layout.partnerArea',
  operator: 'layout.operatorArea',
} as const;

export function DashboardLayout({ pathname, children }: { pathname: string; children: ReactNode }) {
  const { t } = useTranslation(['common', 'pages']);
  const area = dashboardArea(pathname);
  const links = area ? dashboardLinks[area] : [];
  const areaTitle = t(area ? areaTitleKeys[area] : 'layout.area');
  // The menu is open for one page: moving to another closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? pathname : null);

  return (
    <LayoutFrame name="dashboard" area={area ?? undefined}>
      {area === 'candidate' && <CandidateTour />}
      <aside className="sidebar" id="dashboard-sidebar" data-open={menuOpen}>
        <div className="sidebar__brand">
          <Logo />
        </div>
        <p className="sidebar__area">{areaTitle}</p>
        <nav aria-label={t('layout.dashboardNavigation')}>
          <ul className="sidebar__links">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className="sidebar__link" data-tour={link.tour}>
                  <LineIcon name={link.icon} />
                  <span>{t(link.labelKey, { ns: 'pages' })}</span>
                  {link.count === 'unreadMessages' && <UnreadMessagesCount />}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      {menuOpen && (
        <button
          type="button"
          className="sidebar__backdrop"
          aria-label={t('layout.closeMenu')}
          onClick={() => setMenuOpen(false)}
        />
      )}
      <div className="dashboard">
        <header className="dashboard__header">
          <button
            type="button"
            className="icon-button dashboard__menu"
            aria-expanded={menuOpen}
            aria-controls="dashboard-sidebar"
            aria-label={t(menuOpen ? 'layout.closeMenu' : 'layout.openMenu')}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M4 7h16M4 12h16M4 17h16" />
            </svg>
          </button>
          <p className="dashboard__area">{areaTitle}</p>
          {area === 'partner' && <NotificationBell />}
          {area === 'candidate' && <HelpMenu />}
          <LanguageSwitcher />
          <UserMenu compact />
        </header>
        <MainContent className="dashboard__main">
          {(area === 'school' || area === 'partner') && <AccountStandingBanner />}
          {children}
        </MainContent>
      </div>
    </LayoutFrame>
  );
}
