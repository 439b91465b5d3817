// @vitest-environment jsdom
// The settings' "my school" section: the school, campus and program of a
// candidate who belongs to one, and leaving it after a confirmation saying the
// school will no longer see the profile; a candidate without a school is told
// so, and where an invitation would appear.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CandidateProfile } from '@/api/candidates/get-candidate';
import { registerCandidateLoader, resetSessionForTests, setSessionUser } from '@/lib/session';
import { fakeServer } from '@/testing/candidate-pages';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { candidateUser } from '@/testing/users';
import { MySchoolSection } from './my-school-section';

afterEach(() => {
  cleanup();
  resetSessionForTests();
  vi.unstubAllGlobals();
});

const member = { ...candidateUser, isBelongToASchool: true, candidate: { id: 1000, slug: 'camille-martin-1000', completion: 80, school_id: 2, campus_id: 5 } };

function profile(inSchool: boolean) {
  return {
    id: 1000, slug: 'camille-martin-1000', firstname: 'Camille', lastname: 'Martin', job_localizations: [],
    school: inSchool ? { id: 2, name: 'Rhône Management' } : null,
    campus: inSchool ? { id: 5, name: 'Lyon Confluence' } : null,
    program: inSchool ? { id: 11, name: 'Bachelor Commerce' } : null,
  } as unknown as CandidateProfile;
}

/** A candidate in a school until they leave it: whoami and the profile say so. */
function serveMember() {
  let inSchool = true;
  registerCandidateLoader(async () => profile(inSchool));
  const server = fakeServer((call) => {
    if (call.path === '/api/api/candidates/school' && call.method === 'DELETE') {
      inSchool = false;
      return { status: 204 };
    }
    if (call.path === '/api/api/auth/whoami') {
      return { status: 200, body: inSchool ? member : { ...candidateUser, isBelongToASchool: false } };
    }
    return undefined;
  });
  setSessionUser(member);
  return server;
}

describe('the "my school" section in French', () => {
  const i18n = testI18n('fr');

  it('shows the school and leaves it after the confirmation', async () => {
    const { calls } = serveMember();
    renderWithProviders(<MySchoolSection />, { i18n });

    const facts = await screen.findByTestId('my-school-facts');
    expect(facts.textContent).toBe('École :Rhône ManagementCampus :Lyon ConfluenceProgramme :Bachelor Commerce');
    fireEvent.click(screen.getByRole('button', { name: 'Quitter mon école' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Quitter Rhône Management ?' });
    expect(dialog.textContent).toContain('Rhône Management ne verra plus votre profil, dès maintenant, et en sera prévenue par e-mail.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Quitter l’école' }));

    const left = await screen.findByTestId('my-school-left');
    expect(left.textContent).toBe('Vous avez quitté Rhône Management : elle ne voit plus votre profil.');
    await waitFor(() => expect(document.activeElement).toBe(left));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByTestId('my-school-none')).toBeDefined();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/api/candidates/school']);
  });

  it('keeps the school when the candidate cancels', async () => {
    const { calls } = serveMember();
    renderWithProviders(<MySchoolSection />, { i18n });
    fireEvent.click(await screen.findByRole('button', { name: 'Quitter mon école' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    expect(screen.getByTestId('my-school-facts')).toBeDefined();
  });

  it('says when the candidate belongs to no school', () => {
    registerCandidateLoader(async () => profile(false));
    fakeServer();
    setSessionUser(candidateUser);
    renderWithProviders(<MySchoolSection />, { i18n });
    expect(screen.getByRole('heading', { name: 'Mon école' })).toBeDefined();
    expect(screen.getByTestId('my-school-none').textContent).toBe(
      'Vous ne faites partie d’aucune école. Quand une école vous invite, l’invitation apparaît sur votre tableau de bord.',
    );
    expect(screen.queryByRole('button', { name: 'Quitter mon école' })).toBeNull();
  });
});

describe('the "my school" section in English', () => {
  const i18n = testI18n('en');

  it('shows the school and asks before leaving it', async () => {
    serveMember();
    renderWithProviders(<MySchoolSection />, { i18n });
    expect((await screen.findByTestId('my-school-facts')).textContent).toContain('Rhône Management');
    fireEvent.click(screen.getByRole('button', { name: 'Leave my school' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Leave Rhône Management?' });
    expect(dialog.textContent).toContain('Rhône Management will no longer see your profile');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave the school' }));
    expect((await screen.findByTestId('my-school-left')).textContent).toBe('You left Rhône Management: it no longer sees your profile.');
  });
});
