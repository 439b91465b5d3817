// Which page frame a path gets, exactly by the rule of spec §2. Kept pure (a
// path in, a layout name out) because the rule has traps worth testing:
// `/dashboard/candidate` does not start with `/candidat`, and only the exact
// sourcing path gets the sourcing workspace, not its saved searches.

export const layoutNames = ['default', 'dashboard', 'sourcing', 'viewer'] as const;
export type LayoutName = (typeof layoutNames)[number];

export function selectLayout(pathname: string): LayoutName {
  if (pathname.startsWith('/candidat')) return 'viewer';
  if (pathname === '/dashboard/partenaire/sourcing') return 'sourcing';
  if (pathname.includes('/dashboard')) return 'dashboard';
  return 'default';
}

export type DashboardArea = 'candidate' | 'school' | 'partner';

/** Whose sidebar a dashboard path shows; null outside the three areas. */
export function dashboardArea(pathname: string): DashboardArea | null {
  const within = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
  if (within('/dashboard/candidate')) return 'candidate';
  if (within('/dashboard/ecole')) return 'school';
  if (within('/dashboard/partenaire')) return 'partner';
  return null;
}
