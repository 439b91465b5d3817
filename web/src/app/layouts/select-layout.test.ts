// The layout rule of spec §2, including its traps.
import { describe, expect, it } from 'vitest';
import { dashboardArea, selectLayout } from './select-layout';

describe('selectLayout', () => {
  it.each([
    ['/candidat/x', 'viewer'],
    ['/candidat/camille-dupont/softskills/famille/4', 'viewer'],
    ['/candidat', 'viewer'],
    ['/dashboard/partenaire/sourcing', 'sourcing'],
    ['/dashboard/partenaire/sourcing/recherches/3', 'dashboard'],
    ['/dashboard/partenaire/sourcing/', 'dashboard'],
    ['/dashboard/candidate', 'dashboard'],
    ['/dashboard/candidate/projets/personnel', 'dashboard'],
    ['/dashboard/ecole/campus/12', 'dashboard'],
    ['/dashboard/partenaire', 'dashboard'],
    ['/', 'default'],
    ['/login', 'default'],
    ['/inscription/candidat', 'default'],
    ['/metier/offre/creer', 'default'],
    ['/personnalisation/candidat', 'default'],
    ['/admin', 'dashboard'],
    ['/admin/journal', 'dashboard'],
    ['/offres', 'dashboard'],
    ['/offres/12', 'dashboard'],
    ['/offresx', 'default'],
    ['/administration', 'default'],
    ['/page/inconnue', 'default'],
  ])('%s uses the %s layout', (pathname, layout) => {
    expect(selectLayout(pathname)).toBe(layout);
  });

  it('does not take /dashboard/candidate for a public /candidat path', () => {
    expect('/dashboard/candidate'.includes('/candidat')).toBe(true);
    expect(selectLayout('/dashboard/candidate')).toBe('dashboard');
  });

  it('uses the dashboard layout for any path containing /dashboard, not only at the start', () => {
    expect(selectLayout('/autre/dashboard/page')).toBe('dashboard');
  });
});

describe('dashboardArea', () => {
  it.each([
    ['/dashboard/candidate', 'candidate'],
    ['/dashboard/candidate/langues', 'candidate'],
    ['/dashboard/ecole', 'school'],
    ['/dashboard/ecole/profil/editer', 'school'],
    ['/dashboard/partenaire', 'partner'],
    ['/dashboard/partenaire/sourcing/recherches/3', 'partner'],
    ['/admin', 'operator'],
    ['/admin/comptes', 'operator'],
    ['/administration', null],
    ['/dashboard/candidates', null],
    ['/dashboard', null],
  ])('%s belongs to the %s area', (pathname, area) => {
    expect(dashboardArea(pathname)).toBe(area);
  });
});
