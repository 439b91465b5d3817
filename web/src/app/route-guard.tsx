// Applies the access rules (lib/access-guard) to the current URL: while the
// session is hydrating a small loader stands in for the page; then a visitor
// who may not open the page is sent where the rules say, replacing the
// history entry so "back" does not bounce them again.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { guardDecision } from '@/lib/access-guard';
import { useSession, userRole } from '@/lib/session';

export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { status, user } = useSession();
  if (status === 'hydrating') return <PageLoader />;
  const decision = guardDecision(location.pathname, location.search, user === null ? null : { role: userRole(user) });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <>{children}</>;
}
