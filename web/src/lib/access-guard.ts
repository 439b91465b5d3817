// Who may open which page (spec §6), as one pure decision so it can be tested
// as a table. The rules:
// - Anonymous visitors: pages that need a session (`routeNeedsAuth`) send them
//   to `/login?redirect=<the page>`; every other page is open.
// - Logged-in users open only their own area. The candidate area is
//   /dashboard/candidate*, /personnalisation/candidat* and /offres*; the school area is
//   /dashboard/ecole*; the partner area is /dashboard/partenaire*, /partenaire/*
//   and /metier/offre/creer; the operator area is /admin*. A page of another
//   area, or the bare /dashboard, sends them to their own dashboard.
// - Logged-in users have nothing to do on the login and sign-up pages: they go
//   to the page `redirect` names (when it is a safe in-app path), else to their
//   dashboard. The token pages (login link, validation, reset) stay open, as a
//   link from an email may be about another account.
import { loginPathWithRedirect, paths, routeNeedsAuth } from '@/config/paths';
import type { UserRole } from '@/lib/session';

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

export const dashboardOf: Record<UserRole, string> = {
  candidate: paths.candidateDashboard,
  school: paths.schoolDashboard,
  partner: paths.partnerDashboard,
  operator: paths.adminQueue,
};

const within = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

const areaPrefixes: Record<UserRole, string[]> = {
  candidate: ['/dashboard/candidate', paths.candidateOnboarding, paths.offerBrowse],
  school: ['/dashboard/ecole'],
  partner: ['/dashboard/partenaire', '/partenaire', paths.jobOfferCreate],
  operator: ['/admin'],
};

const guestOnlyPaths = new Set<string>([paths.login, paths.candidateSignUp]);

/** The role whose area `pathname` belongs to, or null for pages of nobody's area. */
export function areaOfPath(pathname: string): UserRole | null {
  for (const role of Object.keys(areaPrefixes) as UserRole[]) {
    if (areaPrefixes[role].some((prefix) => within(pathname, prefix))) return role;
  }
  return null;
}

const origin = 'http://vivier.invalid';

/**
 * `raw` as an in-app path (path, query, hash) when it is a same-origin relative
 * path, else null: absolute URLs, protocol-relative `//host`, backslashes,
 * control characters and the login page itself are refused.
 */
export function sanitizeRedirect(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2000) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  // Browsers read "\" as "/", so "/\\host" would leave the site.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (within(url.pathname, paths.login)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where a user goes after logging in: the requested page when it is safe and theirs, else their dashboard. */
export function afterLoginPath(role: UserRole | null, redirect: string | null | undefined, firstTime = false): string {
  const target = sanitizeRedirect(redirect);
  // a candidate who never finished (nor skipped) the onboarding starts there
  const home = role === 'candidate' && firstTime ? paths.candidateOnboarding : role ? dashboardOf[role] : paths.home;
  if (target === null) return home;
  const pathname = target.split(/[?#]/)[0] ?? target;
  const decision = guardDecision(pathname, '', role === null ? null : { role });
  return decision.kind === 'allow' && !guestOnlyPaths.has(pathname) ? target : home;
}

/**
 * The decision for the page at `pathname` (`search` is its query string, with
 * or without "?"), for `user` (null when nobody is logged in).
 */
export function guardDecision(
  pathname: string,
  search: string,
  user: { role: UserRole | null; firstTime?: boolean } | null,
): GuardDecision {
  const query = search === '' || search.startsWith('?') ? search : `?${search}`;
  if (user === null) {
    return routeNeedsAuth(pathname) ? { kind: 'redirect', to: loginPathWithRedirect(`${pathname}${query}`) } : { kind: 'allow' };
  }
  // A session without a known role (should not happen) opens public pages only.
  if (user.role === null) return routeNeedsAuth(pathname) ? { kind: 'redirect', to: paths.home } : { kind: 'allow' };

  const own = dashboardOf[user.role];
  if (guestOnlyPaths.has(pathname)) {
    const redirect = new URLSearchParams(query).get('redirect');
    return { kind: 'redirect', to: afterLoginPath(user.role, redirect, user.firstTime) };
  }
  const area = areaOfPath(pathname);
  if (area !== null && area !== user.role) return { kind: 'redirect', to: own };
  if (pathname === '/dashboard' || pathname === '/dashboard/') return { kind: 'redirect', to: own };
  return { kind: 'allow' };
}
