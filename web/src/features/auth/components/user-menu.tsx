// The account corner of the headers: for a visitor, log in and sign up; for a
// logged-in user, their name, a link to their dashboard and a logout button
// (the server ends the session, then the user lands on the home page).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { dashboardOf } from '@/lib/access-guard';
import { useSession, userRole } from '@/lib/session';
import { useLogout } from '../api/logout';

export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation(['common', 'auth']);
  const { status, user } = useSession();
  const logout = useLogout();

  if (status === 'hydrating') return <span className="user-menu user-menu--pending" aria-hidden="true" />;

  if (user === null) {
    if (compact) return null;
    return (
      <>
        <Link className="button button--ghost" to={paths.login} data-testid="login-link">
          {t('nav.login')}
        </Link>
        <Link className="button button--primary site-header__signup" to={paths.candidateSignUp}>
          {t('nav.signUp')}
        </Link>
      </>
    );
  }

  const role = userRole(user);
  const name = `${user.firstname} ${user.lastname}`.trim() || user.email;
  const initials = `${user.firstname.charAt(0)}${user.lastname.charAt(0)}`.toUpperCase() || '?';
  return (
    <div className="user-menu" data-testid="user-menu">
      <span className="user-menu__avatar" aria-hidden="true">
        {initials}
      </span>
      <span className="user-menu__name" data-testid="user-name" title={t('auth:menu.signedInAs', { name })}>
        {name}
      </span>
      {!compact && role && (
        <Link className="button button--secondary user-menu__dashboard" to={dashboardOf[role]}>
          {t('auth:menu.dashboard')}
        </Link>
      )}
      <button
        type="button"
        className="button button--ghost user-menu__logout"
        data-testid="logout-button"
        disabled={logout.isPending}
        onClick={() => logout.mutate()}
      >
        <svg className="user-menu__logout-icon line-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 8l-4 4 4 4M6 12h10" />
        </svg>
        <span className="visually-hidden-on-phone">{t(logout.isPending ? 'auth:menu.loggingOut' : 'auth:menu.logout')}</span>
      </button>
    </div>
  );
}
