// @vitest-environment jsdom
// The dashboard's banner of school invitations: hidden without any; each
// invitation with its school, campus, program and end date; accepting sends
// the answer, refreshes whoami and says the candidate now belongs to the
// school; refusing says so; a closed invitation is said in the user's
// language; a failed load offers to try again.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CandidateProfile } from '@/api/candidates/get-candidate';
import { registerCandidateLoader, resetSessionForTests, setSessionUser } from '@/lib/session';
import { type Call, fakeServer } from '@/testing/candidate-pages';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { candidateUser } from '@/testing/users';
import type { SchoolInvitation } from '../api/get-school-invitations';
import { SchoolInvitationsBanner } from './school-invitations-banner';

afterEach(() => {
  cleanup();
  resetSessionForTests();
  vi.unstubAllGlobals();
});

const invitation: SchoolInvitation = {
  id: 31,
  school: 'Rhône Management',
  campus: 'Lyon Confluence',
  program: 'Bachelor Commerce',
  created_at: '2026-05-02T09:00:00Z',
  expires_at: '2026-06-01T09:00:00Z',
};

const profile = (school: string | null) =>
  ({
    id: 1000, slug: 'camille-martin-1000', firstname: 'Camille', lastname: 'Martin', job_localizations: [],
    school: school === null ? null : { id: 2, name: school }, campus: null, program: null,
  }) as unknown as CandidateProfile;

/** The server: the invitations until one is answered, then none; `answer` for the POST. */
function serve({ answer = { status: 204 }, list = [invitation] }: { answer?: { status: number; body?: unknown }; list?: SchoolInvitation[] } = {}) {
  let open = list;
  return fakeServer((call: Call) => {
    if (call.path === '/api/api/candidates/school-invitations' && call.method === 'GET') return { status: 200, body: { invitations: open } };
    if (call.path.startsWith('/api/api/candidates/school-invitations/') && call.method === 'POST') {
      open = [];
      return answer;
    }
    if (call.path === '/api/api/auth/whoami') return { status: 200, body: { ...candidateUser, isBelongToASchool: true } };
    return undefined;
  });
}

function logIn(currentSchool: string | null = null) {
  registerCandidateLoader(async () => profile(currentSchool));
  setSessionUser(candidateUser);
}

describe('the school invitations banner in French', () => {
  const i18n = testI18n('fr');

  it('shows nothing without an invitation', async () => {
    const { calls } = serve({ list: [] });
    logIn();
    renderWithProviders(<SchoolInvitationsBanner />, { i18n });
    await waitFor(() => expect(calls.some((call) => call.path === '/api/api/candidates/school-invitations')).toBe(true));
    await act(async () => {});
    expect(screen.queryByTestId('school-invitations')).toBeNull();
  });

  it('shows the invitation, accepts it, refreshes the session and says the candidate joined', async () => {
    const { calls } = serve();
    logIn();
    renderWithProviders(<SchoolInvitationsBanner />, { i18n });

    const item = await screen.findByTestId('school-invitation');
    expect(item.textContent).toContain('Rhône Management vous invite à rejoindre son campus Lyon Confluence.');
    expect(item.textContent).toContain('Programme : Bachelor Commerce');
    expect(item.textContent).toContain('Invitation valable jusqu’au 1 juin 2026');
    expect(item.textContent).not.toContain('quitter');

    fireEvent.click(screen.getByRole('button', { name: 'Accepter l’invitation de Rhône Management' }));
    const note = await screen.findByTestId('school-invitations-note');
    expect(note.textContent).toBe('Vous faites maintenant partie de Rhône Management, campus Lyon Confluence.');
    expect(document.activeElement).toBe(note);
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/api/candidates/school-invitations/31/acceptance')).toBe(true);
    expect(calls.some((call) => call.path === '/api/api/auth/whoami')).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('school-invitation')).toBeNull());
  });

  it('refuses it', async () => {
    const { calls } = serve();
    logIn();
    renderWithProviders(<SchoolInvitationsBanner />, { i18n });

    fireEvent.click(await screen.findByRole('button', { name: 'Refuser l’invitation de Rhône Management' }));
    expect((await screen.findByTestId('school-invitations-note')).textContent).toBe('Invitation de Rhône Management refusée.');
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/api/candidates/school-invitations/31/refusal')).toBe(true);
    expect(calls.some((call) => call.path === '/api/api/auth/whoami')).toBe(false);
  });

  it('says the candidate leaves their school by accepting another', async () => {
    serve();
    logIn('École du Rhône');
    renderWithProviders(<SchoolInvitationsBanner />, { i18n });
    await waitFor(() => expect(screen.getByTestId('school-invitation').textContent).toContain('Accepter vous fera quitter École du Rhône.'));
  });

  it('says when the invitation was closed meanwhile', async () => {
    serve({ answer: { status: 409, body: { code: 'invitation_closed', message: '', errors: {} } } });
    logIn();
    renderWithProviders(<SchoolInvitationsBanner />, { i18n });

    fireEvent.click(await screen.findByRole('button', { name: 'Accepter l’invitation de Rhône Management' }));
    expect((await screen.findByTestId('school-invitations-note', {}, { timeout: 4000 })).textContent).toBe(
      'Cette invitation n’est plus ouverte : elle a déjà reçu une réponse ou a expiré.',
    );
  });

  it('offers to try again when the invitations could not be loaded', async () => {
    let fail = true;
    fakeServer((call) => {
      if (call.path !== '/api/api/candidates/school-invitations') return undefined;
      return fail ? { status: 500, body: { code: 'internal_error' } } : { status: 200, body: { invitations: [invitation] } };
    });
    logIn();
    renderWithProviders(<SchoolInvitationsBanner />, { i18n });

    const error = await screen.findByTestId('school-invitations-error');
    expect(error.textContent).toContain('Vos invitations d’écoles n’ont pas pu être chargées.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    await screen.findByTestId('school-invitation');
  });
});

describe('the school invitations banner in English', () => {
  const i18n = testI18n('en');

  it('shows the invitation and accepts it', async () => {
    serve({ list: [{ ...invitation, program: null }] });
    logIn();
    renderWithProviders(<SchoolInvitationsBanner />, { i18n });

    const item = await screen.findByTestId('school-invitation');
    expect(screen.getByRole('heading', { name: 'School invitations' })).toBeDefined();
    expect(item.textContent).toContain('Rhône Management invites you to join its Lyon Confluence campus.');
    expect(item.textContent).toContain('Invitation valid until Jun 1, 2026');
    expect(item.textContent).not.toContain('Program');
    fireEvent.click(screen.getByRole('button', { name: 'Accept the invitation of Rhône Management' }));
    expect((await screen.findByTestId('school-invitations-note')).textContent).toBe('You now belong to Rhône Management, campus Lyon Confluence.');
  });
});
