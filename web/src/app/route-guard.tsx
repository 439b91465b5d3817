// Applies the access rules (lib/access-guard) to the current URL: while the
// session is hydrating a small loader stands in for the page; then a visitor
// who may not open the page is sent where the rules say, replacing the
// history entry so "back" does not bounce them again. During a page
// transition the page being left is still on screen: if the session no longer
// allows it (after a logout, or on the way to login) it is not shown at all.
// After the user logs out, a page needing a session sends them home, not to login.
import type { ReactNode } from 'react';
import { type Location, Navigate, useLocation } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { paths, routeNeedsAuth } from '@/config/paths';
import { guardDecision } from '@/lib/access-guard';
import { useSession, userRole } from '@/lib/session';

export function RouteGuard({ displayed, children }: { displayed?: Location; children: ReactNode }) {
  const location = useLocation();
  const { status, user, endedByUser } = useSession();
  if (status === 'hydrating') return <PageLoader />;
  if (user === null && endedByUser && routeNeedsAuth(location.pathname)) return <Navigate to={paths.home} replace />;
  const visitor = user === null ? null : { role: userRole(user), firstTime: user.firstTime };
  const decision = guardDecision(location.pathname, location.search, visitor);
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  const shown = displayed ?? location;
  if (shown !== location && guardDecision(shown.pathname, shown.search, visitor).kind === 'redirect') {
    return <PageLoader />;
  }
  return <>{children}</>;
}
