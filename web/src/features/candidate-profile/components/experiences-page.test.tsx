// @vitest-environment jsdom
// The experiences page: its four states, the form in a dialog (focus inside,
// Escape closes, errors beside their fields, the server's 422 too), the card
// that shows up at once and goes back if the server refuses, and the deletion
// after a confirmation.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lyon } from '@/testing/places';
import { ExperiencesPage } from './experiences-page';
import { type Call, fakeServer, renderAsCandidate, setUpPageTests } from '@/testing/candidate-pages';

const experience = {
  id: 31,
  company_name: 'Café Lumière',
  company: null,
  position_name: 'Barista',
  contract_type: { id: 2, name: 'Stage' },
  contract_hourly_scheme: { id: 1, name: 'Temps plein' },
  job_category: { id: 7, name: 'Restauration' },
  localization: lyon,
  start_date: '2023-06-01',
  end_date: '2023-09-01',
  is_current: false,
  car_method: { id: 4, context: 'Un café très fréquenté', actions: 'J’ai réorganisé le comptoir', results: 'Attente réduite de moitié' },
  softskills: [{ id: 11, name: 'Écoute', category: 1 }],
};

const list = (items: unknown[]) => (call: Call) =>
  call.method === 'GET' && call.path === '/api/api/candidate/experiences' ? { status: 200, body: items } : undefined;

setUpPageTests();

describe('ExperiencesPage', () => {
  it('says when there is none yet and offers to add the first one', async () => {
    fakeServer(list([]));
    await renderAsCandidate(<ExperiencesPage />);

    expect(screen.getByTestId('experiences-loading')).toBeDefined();
    const empty = await screen.findByTestId('experiences-empty');
    expect(empty.textContent).toContain('Aucune expérience pour l’instant');
    expect(within(empty).getByRole('button', { name: 'Ajouter une expérience' })).toBeDefined();
  });

  it('tells a failure from an empty list and tries again on Retry', async () => {
    let fail = true;
    fakeServer((call) => {
      if (call.path !== '/api/api/candidate/experiences') return undefined;
      return fail ? { status: 500, body: {} } : { status: 200, body: [experience] };
    });
    await renderAsCandidate(<ExperiencesPage />);

    const error = await screen.findByTestId('experiences-error');
    fail = false;
    fireEvent.click(within(error).getByRole('button'));

    expect(await screen.findByRole('heading', { name: 'Barista' })).toBeDefined();
  });

  it('shows what a recruiter reads: position, company, period, place, CAR method and soft skills', async () => {
    fakeServer(list([experience]));
    await renderAsCandidate(<ExperiencesPage />, 'en');

    const card = (await screen.findAllByTestId('experiences-card'))[0] as HTMLElement;
    expect(within(card).getByRole('heading', { name: 'Barista' })).toBeDefined();
    expect(card.textContent).toContain('Café Lumière');
    expect(card.textContent).toContain('Jun 2023 – Sep 2023 · Lyon');
    expect(card.textContent).toContain('J’ai réorganisé le comptoir');
    expect(await within(card).findByText('Écoute')).toBeDefined();
    expect(await within(card).findByText(/Stage · Temps plein · Restauration/)).toBeDefined();
  });

  it('opens the form in a dialog that holds the focus and closes on Escape', async () => {
    fakeServer(list([]));
    await renderAsCandidate(<ExperiencesPage />);
    const add = within(await screen.findByTestId('experiences-empty')).getByRole('button', { name: 'Ajouter une expérience' });
    add.focus();
    fireEvent.click(add);

    const dialog = screen.getByRole('dialog', { name: 'Nouvelle expérience' });
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Entreprise'));
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByText(/Racontez en trois temps/)).toBeDefined();

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(add);
  });

  it('checks the form before sending and shows each error beside its field', async () => {
    const { calls } = fakeServer(list([]));
    await renderAsCandidate(<ExperiencesPage />);
    fireEvent.click(within(await screen.findByTestId('experiences-empty')).getByRole('button'));
    const dialog = screen.getByRole('dialog');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    const company = within(dialog).getByLabelText('Entreprise');
    await waitFor(() => expect(company.getAttribute('aria-invalid')).toBe('true'));
    const errorId = company.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(errorId)?.textContent).toBe('Ce champ est obligatoire.');
    expect(within(dialog).getByText('Choisissez au moins une soft skill.')).toBeDefined();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows the edit at once, then puts the server’s 422 beside the fields and the card back as it was', async () => {
    const { calls } = fakeServer(list([experience]), (call) =>
      call.method === 'POST' && call.path === '/api/api/candidate/experiences/31'
        ? { status: 422, body: { code: 'validation_failed', message: 'invalid', errors: { position_name: ['too_long'], 'car_method.results': ['required'] } } }
        : undefined,
    );
    await renderAsCandidate(<ExperiencesPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Modifier Barista/ }));
    const dialog = screen.getByRole('dialog', { name: 'Modifier l’expérience' });
    await within(dialog).findByRole('option', { name: 'Temps plein' });

    fireEvent.change(within(dialog).getByLabelText('Poste'), { target: { value: 'Barista en chef' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    const position = within(dialog).getByLabelText('Poste');
    await waitFor(() => expect(position.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(position.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Ce texte est trop long.');
    expect(within(dialog).getByLabelText('Résultats').getAttribute('aria-invalid')).toBe('true');
    const sent = calls.find((call) => call.method === 'POST');
    expect(sent?.body).toMatchObject({ position_name: 'Barista en chef', contract_type: 2, softskills: [11], car_method: { results: 'Attente réduite de moitié' } });
    // The card went back to what the server holds.
    await waitFor(() => expect(screen.getAllByRole('heading', { name: 'Barista' })).toHaveLength(1));
  });

  it('deletes after a confirmation, and the card leaves at once', async () => {
    let items: unknown[] = [experience];
    const { calls } = fakeServer((call) => {
      if (call.path === '/api/api/candidate/experiences' && call.method === 'GET') return { status: 200, body: items };
      if (call.path === '/api/api/candidate/experiences/31' && call.method === 'DELETE') {
        items = [];
        return { status: 200, body: { completion: 10 } };
      }
      return undefined;
    });
    await renderAsCandidate(<ExperiencesPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Supprimer Barista/ }));

    const confirm = screen.getByRole('alertdialog', { name: 'Supprimer ?' });
    expect(confirm.textContent).toContain('« Barista — Café Lumière » sera retiré de votre profil.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Supprimer' }));

    expect(await screen.findByTestId('experiences-empty')).toBeDefined();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Expériences', level: 1 })));
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/api/candidate/experiences/31')).toBe(true);
  });
});
