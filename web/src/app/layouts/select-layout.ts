// Which page frame a path gets, exactly by the rule of spec §2. Kept pure (a
// path in, a layout name out) because the rule has traps worth testing:
// `/dashboard/candidate` does not start with `/candidat`, and only the exact
// sourcing path gets the sourcing workspace, not its saved searches. The
// operators' /admin pages are not in the spec: they get the dashboard frame, and
// so do the candidates' /offres pages (in the candidate's area).

export const layoutNames = ['default', 'dashboard', 'sourcing', 'viewer'] as const;
export type LayoutName = (typeof layoutNames)[number];

export function selectLayout(pathname: string): LayoutName {
  if (pathname.startsWith('/candidat')) return 'viewer';
  if (pathname === '/dashboard/partenaire/sourcing') return 'sourcing';
  if (pathname.includes('/dashboard')) return 'dashboard';
  if (pathname === '/offres' || pathname.startsWith('/offres/')) return 'dashboard';
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return 'dashboard';
  return 'default';
}

export type DashboardArea = 'candidate' | 'school' | 'partner' | 'operator';

/** Whose sidebar a dashboard path shows; null outside the four areas. */
export function dashboardArea(pathname: string): DashboardArea | null {
  const within = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
  if (within('/dashboard/candidate') || within('/offres')) return 'candidate';
  if (within('/dashboard/ecole')) return 'school';
  if (within('/dashboard/partenaire')) return 'partner';
  if (within('/admin')) return 'operator';
  return null;
}
