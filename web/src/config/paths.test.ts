// Which pages need a session, and the route table itself.
import { describe, expect, it } from 'vitest';
import { buildPath, loginPathWithRedirect, paths, routeNeedsAuth, specAuthFlaggedRoutes } from './paths';

describe('routeNeedsAuth', () => {
  it('covers every route the spec flags as needing auth', () => {
    for (const name of specAuthFlaggedRoutes) {
      const example = paths[name].replace(/:[A-Za-z]+/g, '1');
      expect(routeNeedsAuth(example), example).toBe(true);
    }
  });

  it('also guards the unflagged dashboard routes', () => {
    expect(routeNeedsAuth('/dashboard/ecole/campus/4')).toBe(true);
    expect(routeNeedsAuth('/dashboard/ecole/profil/editer')).toBe(true);
    expect(routeNeedsAuth('/dashboard/partenaire/sourcing')).toBe(true);
    expect(routeNeedsAuth('/dashboard/partenaire/sourcing/recherches/3')).toBe(true);
    expect(routeNeedsAuth('/dashboard/candidate/messages')).toBe(true);
    expect(routeNeedsAuth('/dashboard/partenaire/messages')).toBe(true);
  });

  it('guards the operator area', () => {
    for (const path of ['/admin', '/admin/comptes', '/admin/etablissements', '/admin/journal']) {
      expect(routeNeedsAuth(path), path).toBe(true);
    }
    expect(routeNeedsAuth('/administration')).toBe(false);
  });

  it('leaves public pages open', () => {
    for (const path of ['/', '/login', '/login/with-token', '/inscription/candidat', '/mot-de-passe/oublier', '/candidat/camille', '/candidat/camille/softskills/famille/2', '/notifications/desinscrire', '/inscription/invitation', '/inscription/recruteur', '/conditions-utilisation']) {
      expect(routeNeedsAuth(path), path).toBe(false);
    }
  });

  it('matches whole path segments only', () => {
    expect(routeNeedsAuth('/dashboards')).toBe(false);
    expect(routeNeedsAuth('/metiers')).toBe(false);
  });
});

describe('route table', () => {
  it('has the 28 routes of the spec, plus the demo mailbox, the candidate settings, the data sources, the terms of use, the notifications, the four operator pages, the two invitation links, the two messages pages and the five pages of the hiring loop', () => {
    expect(Object.keys(paths)).toHaveLength(46);
    expect(paths.offerDetail).toBe('/offres/:id');
    expect(paths.partnerOffer).toBe('/dashboard/partenaire/offres/:id');
    expect(paths.adminQueue).toBe('/admin');
    expect(paths.invitationSignUp).toBe('/inscription/invitation');
    expect(paths.recruiterInvitationSignUp).toBe('/inscription/recruteur');
    expect(paths.dataSources).toBe('/sources-des-donnees');
    expect(paths.termsOfUse).toBe('/conditions-utilisation');
    expect(paths.partnerNotifications).toBe('/dashboard/partenaire/notifications');
    expect(paths.candidateSettings).toBe('/dashboard/candidate/parametres');
    expect(paths.mailbox).toBe('/mailbox');
    expect(paths.candidateProjects).toBe('/dashboard/candidate/projets/:discr');
    expect(paths.partnerSavedSearch).toBe('/dashboard/partenaire/sourcing/recherches/:id');
    expect(paths.candidateMessages).toBe('/dashboard/candidate/messages');
    expect(paths.partnerMessages).toBe('/dashboard/partenaire/messages');
  });

  it('builds paths with encoded parameters', () => {
    expect(buildPath(paths.publicProfile, { slug: 'élodie martin' })).toBe('/candidat/%C3%A9lodie%20martin');
    expect(buildPath(paths.schoolCampus, { id: 12 })).toBe('/dashboard/ecole/campus/12');
    expect(() => buildPath(paths.schoolCampus, {})).toThrow('missing route parameter id');
  });

  it('builds the login URL that returns to the current page', () => {
    expect(loginPathWithRedirect('/dashboard/ecole?x=1')).toBe('/login?redirect=%2Fdashboard%2Fecole%3Fx%3D1');
  });
});
