// @vitest-environment jsdom
// The stepped sign-up in the browser: a step cannot be left with invalid
// fields, back and next keep the values, and a 422 from the server brings the
// user back to the step holding the failing field, message beside it.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '@/testing/i18n';
import { jsonResponse } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';
import { CandidateSignUp } from './candidate-sign-up';

const i18n = testI18n('fr');
let fetchMock: ReturnType<typeof vi.fn>;

function renderSignUp() {
  renderWithProviders(<CandidateSignUp />, { i18n, path: '/inscription/candidat' });
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));

async function fillFirstTwoSteps() {
  type('Prénom', 'Camille');
  type('Nom', 'Martin');
  type('Date de naissance', '2000-05-14');
  next();
  await screen.findByLabelText('Adresse e-mail');
  type('Adresse e-mail', 'camille.martin@example.com');
  type('Téléphone', '0612345678');
  const place = screen.getByRole('combobox', { name: 'Ville ou pays de résidence' });
  fireEvent.focus(place);
  fireEvent.change(place, { target: { value: 'Lyon' } });
  fireEvent.click(await screen.findByRole('option', { name: /Lyon/ }));
  next();
  await screen.findByLabelText('Mot de passe');
}

describe('CandidateSignUp', () => {
  beforeEach(() => {
    fetchMock = vi.fn(async (url: string) => {
      if (String(url).startsWith('/api/api/localizations')) {
        return jsonResponse(200, [{ id: '69123', name: 'Lyon', lat: 45.76, lng: 4.83, type: 'city', department: '69', department_name: 'Rhône', country_code: 'FR' }]);
      }
      return jsonResponse(201, { status: 'check_your_inbox' });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('stays on a step whose fields are invalid, saying why beside each field', async () => {
    renderSignUp();
    type('Prénom', 'Camille');
    type('Date de naissance', '2020-01-01');
    next();
    expect(await screen.findByText('Ce champ est obligatoire.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Vous');
    expect(screen.getByText('Vous devez avoir au moins 15 ans pour créer un profil.')).toBeTruthy();
    expect(screen.getByLabelText('Nom').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Nom')));
  });

  it('keeps the values when going back and forth', async () => {
    renderSignUp();
    await fillFirstTwoSteps();
    fireEvent.click(screen.getByRole('button', { name: 'Retour' }));
    expect((screen.getByLabelText('Adresse e-mail') as HTMLInputElement).value).toBe('camille.martin@example.com');
    expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('Lyon');
    fireEvent.click(screen.getByRole('button', { name: 'Retour' }));
    expect((screen.getByLabelText('Prénom') as HTMLInputElement).value).toBe('Camille');
  });

  it('ticks the password rules live, including "not your email"', async () => {
    renderSignUp();
    await fillFirstTwoSteps();
    type('Mot de passe', 'camille.martin1');
    const rule = (name: string) => document.querySelector(`[data-rule="${name}"]`)?.getAttribute('data-met');
    expect([rule('length'), rule('letter'), rule('digit'), rule('notEmail')]).toEqual(['true', 'true', 'true', 'false']);
    type('Mot de passe', 'Vivier-demo-2026');
    expect(rule('notEmail')).toBe('true');
  });

  it('sends the sign-up and shows the check-your-inbox screen', async () => {
    renderSignUp();
    await fillFirstTwoSteps();
    type('Mot de passe', 'Vivier-demo-2026');
    type('Confirmation du mot de passe', 'Vivier-demo-2026');
    fireEvent.click(screen.getByRole('checkbox', { name: /^J’accepte les conditions/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    await screen.findByRole('heading', { name: 'Vérifiez votre boîte mail' });
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/api/candidates');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      firstname: 'Camille',
      lastname: 'Martin',
      email: 'camille.martin@example.com',
      password: 'Vivier-demo-2026',
      phone: '0612345678',
      birthdate: '2000-05-14',
      localization: { value: 'Lyon', type: 'city', lat: 45.76, lng: 4.83, id: '69123', country_code: 'FR' },
      consent: true,
      product_news: false,
      locale: 'fr',
    });
    expect(screen.getByRole('link', { name: 'Ouvrir la boîte mail de démonstration' }).getAttribute('href')).toBe('/mailbox');
  });

  it('asks for the product news with a box left unticked, and sends the choice', async () => {
    renderSignUp();
    await fillFirstTwoSteps();
    const news = screen.getByRole('checkbox', { name: 'Je souhaite recevoir les Nouveautés de Vivier par e-mail (facultatif).' }) as HTMLInputElement;
    expect(news.checked).toBe(false);
    expect(screen.getByText(/au plus une fois par mois/)).toBeTruthy();
    type('Mot de passe', 'Vivier-demo-2026');
    type('Confirmation du mot de passe', 'Vivier-demo-2026');
    fireEvent.click(screen.getByRole('checkbox', { name: /^J’accepte les conditions/ }));
    fireEvent.click(news);
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    await screen.findByRole('heading', { name: 'Vérifiez votre boîte mail' });
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/api/candidates');
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({ consent: true, product_news: true });
  });

  it('goes back to the step of a field the server refused', async () => {
    renderSignUp();
    await fillFirstTwoSteps();
    fetchMock.mockImplementation(async () => jsonResponse(422, { code: 'validation_failed', message: 'invalid', errors: { email: ['invalid_email'] } }));
    type('Mot de passe', 'Vivier-demo-2026');
    type('Confirmation du mot de passe', 'Vivier-demo-2026');
    fireEvent.click(screen.getByRole('checkbox', { name: /^J’accepte les conditions/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Coordonnées'));
    const email = screen.getByLabelText('Adresse e-mail');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/Saisissez une adresse e-mail valide/)).toBeTruthy();
    expect(document.activeElement).toBe(email);
  });
});
