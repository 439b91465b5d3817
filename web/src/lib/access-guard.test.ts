// The access guard as a table: role x path -> allowed or sent elsewhere, and
// the redirect targets accepted after login.
import { describe, expect, it } from 'vitest';
import { afterLoginPath, areaOfPath, guardDecision, sanitizeRedirect } from './access-guard';
import type { UserRole } from './session';

type Who = UserRole | 'anonymous';
const allow = 'allow';

// path -> expected outcome for each visitor: 'allow' or the redirect target.
const table: [string, Record<Who, string>][] = [
  ['/', { anonymous: allow, candidate: allow, school: allow, partner: allow, operator: allow }],
  ['/candidat/camille-martin', { anonymous: allow, candidate: allow, school: allow, partner: allow, operator: allow }],
  ['/mot-de-passe/oublier', { anonymous: allow, candidate: allow, school: allow, partner: allow, operator: allow }],
  ['/inscription/valider', { anonymous: allow, candidate: allow, school: allow, partner: allow, operator: allow }],
  ['/inscription/invitation', { anonymous: allow, candidate: allow, school: allow, partner: allow, operator: allow }],
  ['/inscription/recruteur', { anonymous: allow, candidate: allow, school: allow, partner: allow, operator: allow }],
  ['/login/with-token', { anonymous: allow, candidate: allow, school: allow, partner: allow, operator: allow }],
  ['/mailbox', { anonymous: allow, candidate: allow, school: allow, partner: allow, operator: allow }],
  ['/login', { anonymous: allow, candidate: '/dashboard/candidate', school: '/dashboard/ecole', partner: '/dashboard/partenaire', operator: '/admin' }],
  ['/inscription/candidat', { anonymous: allow, candidate: '/dashboard/candidate', school: '/dashboard/ecole', partner: '/dashboard/partenaire', operator: '/admin' }],
  ['/dashboard/candidate', { anonymous: '/login?redirect=%2Fdashboard%2Fcandidate', candidate: allow, school: '/dashboard/ecole', partner: '/dashboard/partenaire', operator: '/admin' }],
  ['/dashboard/candidate/profil', { anonymous: '/login?redirect=%2Fdashboard%2Fcandidate%2Fprofil', candidate: allow, school: '/dashboard/ecole', partner: '/dashboard/partenaire', operator: '/admin' }],
  ['/personnalisation/candidat', { anonymous: '/login?redirect=%2Fpersonnalisation%2Fcandidat', candidate: allow, school: '/dashboard/ecole', partner: '/dashboard/partenaire', operator: '/admin' }],
  ['/offres/3', { anonymous: '/login?redirect=%2Foffres%2F3', candidate: allow, school: '/dashboard/ecole', partner: '/dashboard/partenaire', operator: '/admin' }],
  ['/dashboard/candidate/messages', { anonymous: '/login?redirect=%2Fdashboard%2Fcandidate%2Fmessages', candidate: allow, school: '/dashboard/ecole', partner: '/dashboard/partenaire', operator: '/admin' }],
  ['/dashboard/ecole', { anonymous: '/login?redirect=%2Fdashboard%2Fecole', candidate: '/dashboard/candidate', school: allow, partner: '/dashboard/partenaire', operator: '/admin' }],
  ['/dashboard/ecole/campus/4', { anonymous: '/login?redirect=%2Fdashboard%2Fecole%2Fcampus%2F4', candidate: '/dashboard/candidate', school: allow, partner: '/dashboard/partenaire', operator: '/admin' }],
  ['/dashboard/partenaire', { anonymous: '/login?redirect=%2Fdashboard%2Fpartenaire', candidate: '/dashboard/candidate', school: '/dashboard/ecole', partner: allow, operator: '/admin' }],
  ['/dashboard/partenaire/sourcing', { anonymous: '/login?redirect=%2Fdashboard%2Fpartenaire%2Fsourcing', candidate: '/dashboard/candidate', school: '/dashboard/ecole', partner: allow, operator: '/admin' }],
  ['/dashboard/partenaire/messages', { anonymous: '/login?redirect=%2Fdashboard%2Fpartenaire%2Fmessages', candidate: '/dashboard/candidate', school: '/dashboard/ecole', partner: allow, operator: '/admin' }],
  ['/partenaire/equipe', { anonymous: allow, candidate: '/dashboard/candidate', school: '/dashboard/ecole', partner: allow, operator: '/admin' }],
  ['/metier/offre/creer', { anonymous: '/login?redirect=%2Fmetier%2Foffre%2Fcreer', candidate: '/dashboard/candidate', school: '/dashboard/ecole', partner: allow, operator: '/admin' }],
  ['/dashboard', { anonymous: '/login?redirect=%2Fdashboard', candidate: '/dashboard/candidate', school: '/dashboard/ecole', partner: '/dashboard/partenaire', operator: '/admin' }],
  ['/admin', { anonymous: '/login?redirect=%2Fadmin', candidate: '/dashboard/candidate', school: '/dashboard/ecole', partner: '/dashboard/partenaire', operator: allow }],
  ['/admin/journal', { anonymous: '/login?redirect=%2Fadmin%2Fjournal', candidate: '/dashboard/candidate', school: '/dashboard/ecole', partner: '/dashboard/partenaire', operator: allow }],
  // Look-alike prefixes belong to nobody's area.
  ['/administration', { anonymous: allow, candidate: allow, school: allow, partner: allow, operator: allow }],
  ['/dashboard/candidates', { anonymous: '/login?redirect=%2Fdashboard%2Fcandidates', candidate: allow, school: allow, partner: allow, operator: allow }],
  ['/partenaires', { anonymous: allow, candidate: allow, school: allow, partner: allow, operator: allow }],
];

describe('guardDecision', () => {
  for (const [path, expected] of table) {
    for (const who of Object.keys(expected) as Who[]) {
      it(`${who} on ${path} -> ${expected[who]}`, () => {
        const user = who === 'anonymous' ? null : { role: who };
        const decision = guardDecision(path, '', user);
        expect(decision.kind === 'allow' ? allow : decision.to).toBe(expected[who]);
      });
    }
  }

  it('keeps the query string of the page in the login redirect', () => {
    expect(guardDecision('/dashboard/ecole/campus/2', '?tab=programs', null)).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fdashboard%2Fecole%2Fcampus%2F2%3Ftab%3Dprograms',
    });
    expect(guardDecision('/dashboard/partenaire/messages', '?conversation=12', null)).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fdashboard%2Fpartenaire%2Fmessages%3Fconversation%3D12',
    });
  });

  it('sends a logged-in user from /login to the page redirect names, when it is theirs', () => {
    expect(guardDecision('/login', '?redirect=%2Fdashboard%2Fcandidate%2Flangues', { role: 'candidate' })).toEqual({
      kind: 'redirect',
      to: '/dashboard/candidate/langues',
    });
    expect(guardDecision('/login', '?redirect=%2Fdashboard%2Fecole', { role: 'candidate' })).toEqual({
      kind: 'redirect',
      to: '/dashboard/candidate',
    });
  });

  it('keeps an unknown role out of every area', () => {
    expect(guardDecision('/dashboard/candidate', '', { role: null })).toEqual({ kind: 'redirect', to: '/' });
    expect(guardDecision('/', '', { role: null })).toEqual({ kind: 'allow' });
  });
});

describe('areaOfPath', () => {
  it('matches whole segments', () => {
    expect(areaOfPath('/dashboard/candidate/projets/personnel')).toBe('candidate');
    expect(areaOfPath('/personnalisation/candidat')).toBe('candidate');
    expect(areaOfPath('/metier/offre/creer')).toBe('partner');
    expect(areaOfPath('/metier/offre/creer-bis')).toBeNull();
    expect(areaOfPath('/candidat/camille')).toBeNull();
  });
});

describe('sanitizeRedirect', () => {
  it('accepts in-app paths with their query and hash', () => {
    expect(sanitizeRedirect('/dashboard/candidate')).toBe('/dashboard/candidate');
    expect(sanitizeRedirect('/dashboard/ecole/campus/2?tab=1#top')).toBe('/dashboard/ecole/campus/2?tab=1#top');
    expect(sanitizeRedirect('/dashboard/../candidat/x')).toBe('/candidat/x');
  });

  it.each([
    [null],
    [''],
    ['dashboard/candidate'],
    ['https://evil.example/dashboard'],
    ['//evil.example/path'],
    ['/\\evil.example'],
    ['/\\/evil.example'],
    ['javascript:alert(1)'],
    ['/dash\nboard'],
    ['/login'],
    ['/login?redirect=%2Fx'],
    ['/login/with-token?token=abc'],
  ])('refuses %j', (raw) => {
    expect(sanitizeRedirect(raw)).toBeNull();
  });
});

describe('afterLoginPath', () => {
  it('sends a first-time candidate to the onboarding unless a page asked for them', () => {
    expect(afterLoginPath('candidate', null, true)).toBe('/personnalisation/candidat');
    expect(afterLoginPath('candidate', '/dashboard/candidate/langues', true)).toBe('/dashboard/candidate/langues');
    expect(afterLoginPath('partner', null, true)).toBe('/dashboard/partenaire');
    expect(afterLoginPath('operator', null)).toBe('/admin');
    expect(afterLoginPath('operator', '/admin/journal')).toBe('/admin/journal');
  });

  it('goes back to the requested page when it belongs to the user', () => {
    expect(afterLoginPath('candidate', '/dashboard/candidate/langues')).toBe('/dashboard/candidate/langues');
    expect(afterLoginPath('partner', '/metier/offre/creer')).toBe('/metier/offre/creer');
    expect(afterLoginPath('school', '/candidat/camille')).toBe('/candidat/camille');
  });

  it('goes to the dashboard otherwise', () => {
    expect(afterLoginPath('school', '/dashboard/candidate')).toBe('/dashboard/ecole');
    expect(afterLoginPath('partner', 'https://evil.example/')).toBe('/dashboard/partenaire');
    expect(afterLoginPath('candidate', null)).toBe('/dashboard/candidate');
    expect(afterLoginPath('candidate', '/inscription/candidat')).toBe('/dashboard/candidate');
  });
});
