// @vitest-environment jsdom
// The school's recruiters panel: the partners with their company, job and
// where the school stands with them, searched by company once typing pauses;
// asking for a link (add-school), withdrawing the request and ending the link
// (remove-school, the latter after a confirmation) each send their request,
// say so in a toast, ask the list again and give the focus back to the row;
// no match and a failed load each say so, the latter with Retry.
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissAllToasts, getToasts } from '@/lib/toasts';
import { jsonResponse, type RecordedCall, stubRecordingServer } from '@/testing/fetch';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import type { SchoolPartner } from '../api/get-partners';
import { RecruitersPanel } from './recruiters-panel';

configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  dismissAllToasts();
  vi.unstubAllGlobals();
});

const partners: SchoolPartner[] = [
  { id: 12, firstname: 'Léa', lastname: 'Morel', role: 'Talent acquisition', company: { id: 3, name: 'Acme Logistique' }, linked: true, link_requested: false, schools: [] },
  { id: 14, firstname: 'Hugo', lastname: 'Bernard', role: null, company: { id: 4, name: 'Brasserie du Rhône' }, linked: false, link_requested: true, schools: [] },
  { id: 15, firstname: 'Inès', lastname: 'Roux', role: 'RH', company: { id: 5, name: 'Cimes Conseil' }, linked: false, link_requested: false, schools: [] },
];

const rank = (partner: SchoolPartner) => (partner.linked ? 0 : partner.link_requested ? 1 : 2);

/**
 * A server holding `partners`: the list, filtered by `company` and in the
 * server's order (linked, then asked, then the others); add-school marks a
 * partner asked, remove-school unlinks it. `failFirstList` fails the first read.
 */
function serve({ failFirstList = false } = {}) {
  let held = partners.map((partner) => ({ ...partner }));
  let failing = failFirstList;
  const calls = stubRecordingServer(({ method, url }) => {
    const [path = '', search = ''] = url.split('?');
    if (method === 'GET' && path === '/api/api/school/recruiter-invitations') return jsonResponse(200, { invitations: [] });
    if (method === 'GET' && path === '/api/api/partners') {
      if (failing) {
        failing = false;
        return jsonResponse(500, { code: 'internal_error', message: 'boom', errors: {} });
      }
      const company = new URLSearchParams(search).get('company')?.toLowerCase() ?? '';
      const found = held.filter((partner) => partner.company.name.toLowerCase().includes(company));
      return jsonResponse(200, found.sort((a, b) => rank(a) - rank(b)));
    }
    const change = /^\/api\/api\/partners\/(\d+)\/(add|remove)-school$/.exec(path);
    if (method === 'POST' && change) {
      const id = Number(change[1]);
      held = held.map((partner) =>
        partner.id !== id ? partner : change[2] === 'add' ? { ...partner, link_requested: true } : { ...partner, linked: false, link_requested: false },
      );
      return new Response(null, { status: 204 });
    }
    return jsonResponse(404, { code: 'not_found', message: '', errors: {} });
  });
  return calls;
}

const lists = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'GET' && call.url.startsWith('/api/api/partners')).map((call) => call.url);
const posts = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'POST').map((call) => call.url);
const rowOf = (name: string) => screen.getAllByTestId('school-recruiter').find((row) => row.textContent?.includes(name))!;
const toastMessages = () => getToasts().map((toast) => toast.message);

describe('the recruiters panel in French', () => {
  const i18n = testI18n('fr');

  it('lists each partner with their company, job and where the school stands, and says what a link means', async () => {
    const calls = serve();
    renderWithProviders(<RecruitersPanel />, { i18n });

    const rows = await screen.findAllByTestId('school-recruiter');
    expect(rows.map((row) => within(row).getByTestId('school-recruiter-state').textContent)).toEqual(['Lié', 'En attente de sa réponse', 'Non lié']);
    expect(rows[0]!.textContent).toContain('Léa Morel');
    expect(rows[0]!.textContent).toContain('Acme Logistique · Talent acquisition');
    expect(within(rows[1]!).getByText('Brasserie du Rhône')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Recruteurs partenaires' })).toBeTruthy();
    expect(
      screen.getByText(
        'Les recruteurs avec qui vous travaillez peuvent trouver vos étudiants qui ont choisi de n’être trouvés que par les recruteurs de leur école ; un lien vaut dès que le recruteur l’accepte.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Nom de l’entreprise' })).toBeTruthy();
    expect(screen.getByTestId('school-recruiters-count').textContent).toBe('3 recruteurs');
    expect(within(rows[0]!).getByRole('button', { name: 'Mettre fin au lien : Léa Morel (Acme Logistique)' }).textContent).toBe('Mettre fin au lien');
    expect(within(rows[1]!).getByRole('button', { name: 'Retirer la demande : Hugo Bernard (Brasserie du Rhône)' })).toBeTruthy();
    expect(within(rows[2]!).getByRole('button', { name: 'Demander à travailler ensemble : Inès Roux (Cimes Conseil)' })).toBeTruthy();
    expect(lists(calls)).toEqual(['/api/api/partners']);
  });

  it('asks a partner for a link, says so, asks the list again and keeps the focus on the row', async () => {
    const calls = serve();
    renderWithProviders(<RecruitersPanel />, { i18n });

    fireEvent.click(await screen.findByRole('button', { name: 'Demander à travailler ensemble : Inès Roux (Cimes Conseil)' }));

    await waitFor(() => expect(within(rowOf('Inès Roux')).getByTestId('school-recruiter-state').textContent).toBe('En attente de sa réponse'));
    expect(posts(calls)).toEqual(['/api/api/partners/15/add-school']);
    expect(lists(calls)).toHaveLength(2);
    expect(toastMessages()).toContain('Demande envoyée à Inès Roux : le lien vaudra dès qu’il ou elle l’aura acceptée.');
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Retirer la demande : Inès Roux (Cimes Conseil)'));
  });

  it('asks before ending a link, and sends nothing on Cancel', async () => {
    const calls = serve();
    renderWithProviders(<RecruitersPanel />, { i18n });

    fireEvent.click(await screen.findByRole('button', { name: 'Mettre fin au lien : Léa Morel (Acme Logistique)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Mettre fin au lien avec Léa Morel ?' });
    expect(dialog.textContent).toContain(
      'Léa Morel (Acme Logistique) ne trouvera plus vos étudiants qui ont choisi de n’être trouvés que par les recruteurs de leur école.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posts(calls)).toEqual([]);
  });

  it('ends a link once confirmed, says so, and the partner is no longer linked', async () => {
    const calls = serve();
    renderWithProviders(<RecruitersPanel />, { i18n });

    fireEvent.click(await screen.findByRole('button', { name: 'Mettre fin au lien : Léa Morel (Acme Logistique)' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mettre fin au lien' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posts(calls)).toEqual(['/api/api/partners/12/remove-school']);
    await waitFor(() => expect(within(rowOf('Léa Morel')).getByTestId('school-recruiter-state').textContent).toBe('Non lié'));
    expect(toastMessages()).toContain('Le lien avec Léa Morel a pris fin.');
    // The row moved below the partner still asked; its new button has the focus.
    expect(screen.getAllByTestId('school-recruiter').map((row) => row.querySelector('.row-list__title')?.textContent)).toEqual([
      'Hugo Bernard',
      'Léa Morel',
      'Inès Roux',
    ]);
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toBe('Demander à travailler ensemble : Léa Morel (Acme Logistique)'),
    );
  });
});

describe('the recruiters panel in English', () => {
  const i18n = testI18n('en');

  it('searches by company once typing pauses, and says when none matches', async () => {
    const calls = serve();
    renderWithProviders(<RecruitersPanel />, { i18n });
    await screen.findAllByTestId('school-recruiter');

    const search = screen.getByRole('searchbox', { name: 'Company name' });
    fireEvent.change(search, { target: { value: 'A' } });
    fireEvent.change(search, { target: { value: 'Ac' } });
    fireEvent.change(search, { target: { value: ' Acme ' } });
    await waitFor(() => expect(screen.getAllByTestId('school-recruiter')).toHaveLength(1));
    expect(lists(calls)).toEqual(['/api/api/partners', '/api/api/partners?company=Acme']);
    expect(screen.getByTestId('school-recruiters-count').textContent).toBe('1 recruiter');

    fireEvent.change(search, { target: { value: 'Zorglub' } });
    const empty = await screen.findByTestId('school-recruiters-empty');
    expect(empty.textContent).toContain('No recruiter matches');
    expect(empty.textContent).toContain("Check the spelling, or invite the recruiter by email below.");
  });

  it('withdraws a request at once, and says so', async () => {
    const calls = serve();
    renderWithProviders(<RecruitersPanel />, { i18n });

    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw the request: Hugo Bernard (Brasserie du Rhône)' }));

    await waitFor(() => expect(within(rowOf('Hugo Bernard')).getByTestId('school-recruiter-state').textContent).toBe('Not linked'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(posts(calls)).toEqual(['/api/api/partners/14/remove-school']);
    expect(toastMessages()).toContain('Request to Hugo Bernard withdrawn.');
    expect(within(rowOf('Léa Morel')).getByTestId('school-recruiter-state').textContent).toBe('Linked');
    expect(within(rowOf('Léa Morel')).getByRole('button', { name: 'End the link: Léa Morel (Acme Logistique)' })).toBeTruthy();
  });

  it('says the recruiters could not be loaded, and asks again on Retry', async () => {
    serve({ failFirstList: true });
    renderWithProviders(<RecruitersPanel />, { i18n });

    const error = await screen.findByTestId('school-recruiters-error');
    expect(error.textContent).toContain('The recruiters could not be loaded.');
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('school-recruiter')).toHaveLength(3);
  });

  it('says when no recruiter is approved yet', async () => {
    stubRecordingServer(({ url }) => jsonResponse(200, url.startsWith('/api/api/partners') ? [] : { invitations: [] }));
    renderWithProviders(<RecruitersPanel />, { i18n });

    const empty = await screen.findByTestId('school-recruiters-empty');
    expect(empty.textContent).toContain('No recruiter matches');
    expect(empty.textContent).toContain('Recruiters appear here once Vivier has approved their company.');
  });

  it('says a school waiting for approval that the list opens once approved', async () => {
    stubRecordingServer(() => jsonResponse(403, { code: 'account_pending', message: '', errors: {} }));
    renderWithProviders(<RecruitersPanel />, { i18n });

    expect(await screen.findByTestId('school-recruiters-standing')).toBeTruthy();
    expect(await screen.findByTestId('recruiter-invitations-standing')).toBeTruthy();
    await act(() => Promise.resolve());
    expect(getToasts()).toEqual([]);
  });
});
