// The frame of public pages (home, login, sign-up...): a header with the
// brand, the audience sections, the language switch and the way in (or, for a
// logged-in user, their name, dashboard link and logout); a footer with the
// source code and data sources links the licences ask for.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { UserMenu } from '@/features/auth/components/user-menu';
import { LegalLinks } from '@/features/legal/components/legal-links';
import { LanguageSwitcher } from '@/features/locale/components/language-switcher';
import { LayoutFrame, MainContent } from './layout-frame';

export function DefaultLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <LayoutFrame name="default">
      <header className="site-header">
        <div className="container site-header__inner">
          <Logo />
          <nav className="site-nav" aria-label={t('nav.main')}>
            <Link to="/#candidats">{t('nav.candidates')}</Link>
            <Link to="/#ecoles">{t('nav.schools')}</Link>
            <Link to="/#entreprises">{t('nav.partners')}</Link>
          </nav>
          <div className="site-header__actions">
            <LanguageSwitcher />
            <UserMenu />
          </div>
        </div>
      </header>
      <MainContent className="site-main">
        {children}
      </MainContent>
      <footer className="site-footer">
        <div className="container site-footer__inner">
          <div className="site-footer__brand">
            <Logo />
            <p>{t('footer.about')}</p>
          </div>
          <nav className="site-footer__column" aria-label={t('footer.product')}>
            <h2>{t('footer.product')}</h2>
            <Link to="/#candidats">{t('nav.candidates')}</Link>
            <Link to="/#ecoles">{t('nav.schools')}</Link>
            <Link to="/#entreprises">{t('nav.partners')}</Link>
          </nav>
          <nav className="site-footer__column" aria-label={t('footer.account')}>
            <h2>{t('footer.account')}</h2>
            <Link to={paths.login}>{t('nav.login')}</Link>
            <Link to={paths.candidateSignUp}>{t('nav.signUp')}</Link>
            <Link to={paths.forgotPassword}>{t('footer.forgotPassword')}</Link>
          </nav>
        </div>
        <div className="container site-footer__legal">
          <p>{t('footer.rights', { year: new Date().getFullYear() })}</p>
          <LegalLinks />
        </div>
      </footer>
    </LayoutFrame>
  );
}
