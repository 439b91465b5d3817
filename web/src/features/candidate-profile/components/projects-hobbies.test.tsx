// @vitest-environment jsdom
// Projects and hobbies: the URL's kind picks the projects shown and the
// categories offered, a project needs a picture before it is sent, and a hobby
// is chosen by family, then hobby, then speciality.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lyon } from '@/testing/places';
import { HobbiesPage } from './hobbies-page';
import { ProjectsPage } from './projects-page';
import { type Call, fakeServer, renderAsCandidate, setUpPageTests } from '@/testing/candidate-pages';

const project = (id: number, discr: string, name: string) => ({
  id,
  name,
  discr,
  category: { id: 1, name: 'Web' },
  localization: lyon,
  start_date: '2024-01-01',
  end_date: null,
  is_current: true,
  car_method: null,
  softskills: [{ id: 21, name: 'Organisation', category: 2 }],
  pictures: [{ id: 'p1', url: '/api/uploads/p1' }],
});

const answer = (path: string, body: unknown) => (call: Call) => (call.method === 'GET' && call.path === path ? { status: 200, body } : undefined);

setUpPageTests();

describe('ProjectsPage', () => {
  it('shows the projects of its kind only, with their pictures', async () => {
    fakeServer(answer('/api/api/candidate/projects', [project(1, 'personal', 'Site du club'), project(2, 'academic', 'Mémoire')]));
    await renderAsCandidate(<ProjectsPage discr="academic" />);

    expect(await screen.findByRole('heading', { name: 'Mémoire' })).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'Site du club' })).toBeNull();
    expect(screen.getByRole('img', { name: 'Mémoire, photo 1' }).getAttribute('src')).toBe('/api/uploads/p1');
  });

  it('asks for a picture before sending a new project', async () => {
    const { calls } = fakeServer(answer('/api/api/candidate/projects', []));
    await renderAsCandidate(<ProjectsPage discr="personal" />);
    fireEvent.click(within(await screen.findByTestId('personal-projects-empty')).getByRole('button'));
    const dialog = screen.getByRole('dialog', { name: 'Nouveau projet personnel' });
    expect(within(dialog).getByRole('group', { name: 'La méthode CAR (facultatif)' })).toBeDefined();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await within(dialog).findByText('Ajoutez au moins une photo.')).toBeDefined();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});

describe('HobbiesPage', () => {
  it('chooses a hobby by family, then hobby, then speciality, and sends their ids', async () => {
    const { calls } = fakeServer(answer('/api/api/candidate/hobbies', []), (call) =>
      call.method === 'POST' && call.path === '/api/api/candidate/hobbies' ? { status: 201, body: { item: null, completion: 40 } } : undefined,
    );
    await renderAsCandidate(<HobbiesPage />);
    fireEvent.click(within(await screen.findByTestId('hobbies-empty')).getByRole('button'));
    const dialog = screen.getByRole('dialog');

    await within(dialog).findByRole('option', { name: 'Sport' });
    fireEvent.change(within(dialog).getByLabelText('Famille'), { target: { value: '1' } });
    expect(within(dialog).getByText('Quel sport pratiquez-vous ?')).toBeDefined();
    fireEvent.change(within(dialog).getByLabelText('Loisir'), { target: { value: '4' } });
    fireEvent.change(await within(dialog).findByLabelText('Spécialité'), { target: { value: '9' } });
    await within(dialog).findByRole('option', { name: 'Chaque semaine' });
    fireEvent.change(within(dialog).getByLabelText('Fréquence'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      hobby: 4,
      speciality: 9,
      frequency: 3,
      purpose: null,
      description: '',
      softskills: [],
      pictures: [],
    }));
  });
});
