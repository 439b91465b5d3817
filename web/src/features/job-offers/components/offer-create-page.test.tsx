// @vitest-environment jsdom
// The stepped offer creation on the shared criteria sections: a step with
// missing fields is refused with the reason beside each field, the values
// survive going back, and the published body carries every criterion.
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '@/testing/i18n';
import { jsonResponse, stubListServer } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';
import { OfferCreatePage } from './offer-create-page';

const i18n = testI18n('fr');
// The machine may be busy: give the lists time to arrive.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

const lists: Record<string, unknown[]> = {
  '/api/api/job/categories': [{ id: 7, name: 'Informatique' }],
  '/api/api/jobs': [{ id: 70, name: 'Développeur', job_category: 7 }],
  '/api/api/contract/types': [
    { id: 1, name: 'CDI', permanent: true },
    { id: 2, name: 'Stage', permanent: false },
  ],
  '/api/api/softskill/categories': [{ id: 5, name: 'Rigueur' }],
  '/api/api/localizations': [{ id: '69123', name: 'Lyon', lat: 45.76, lng: 4.83, type: 'city', department: '69', department_name: 'Rhône', country_code: 'FR' }],
};

let published: unknown = null;

function renderPage() {
  renderWithProviders(<OfferCreatePage />, { i18n });
}

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Continuer' }));
const heading = () => screen.getByRole('heading', { level: 2 }).textContent;

describe('OfferCreatePage', () => {
  beforeEach(() => {
    published = null;
    stubListServer(lists, (path, init) => {
      if (path !== '/api/api/job/offers' || init?.method !== 'POST') return undefined;
      published = JSON.parse(String(init.body));
      return jsonResponse(201, { id: 42 });
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks no duration for a permanent contract and asks it again for a fixed-term one', async () => {
    renderPage();
    fireEvent.change(screen.getByLabelText('Intitulé du poste'), { target: { value: 'Comptable' } });
    await screen.findByRole('option', { name: 'Informatique' });
    fireEvent.change(screen.getByLabelText('Catégorie de métier'), { target: { value: '7' } });
    next();
    const contract = await screen.findByLabelText('Type de contrat');
    await screen.findByRole('option', { name: 'CDI' });
    fireEvent.change(contract, { target: { value: '1' } });
    await waitFor(() => expect(screen.queryByLabelText('Durée (mois)')).toBeNull());
    expect(screen.queryByLabelText('Flexibilité de la durée (mois)')).toBeNull();
    fireEvent.change(screen.getByLabelText('Date de début'), { target: { value: '2027-01-04' } });
    next();
    await screen.findByRole('combobox', { name: 'Lieu' });

    fireEvent.click(screen.getByRole('button', { name: 'Retour' }));
    fireEvent.change(await screen.findByLabelText('Type de contrat'), { target: { value: '2' } });
    next();
    const duration = await screen.findByLabelText('Durée (mois)');
    await waitFor(() => expect(duration.getAttribute('aria-invalid')).toBe('true'));
  });

  it('refuses a step with missing fields, then publishes every criterion', async () => {
    renderPage();
    const first = heading();
    next();
    const title = screen.getByLabelText('Intitulé du poste');
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
    expect(heading()).toBe(first);
    expect(document.getElementById(title.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Ce champ est obligatoire.');

    fireEvent.change(title, { target: { value: 'Développeur·se React' } });
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBeNull());
    await screen.findByRole('option', { name: 'Informatique' });
    fireEvent.change(screen.getByLabelText('Catégorie de métier'), { target: { value: '7' } });
    fireEvent.change(await screen.findByLabelText('Métier (facultatif)'), { target: { value: '70' } });
    next();

    const contract = await screen.findByLabelText('Type de contrat');
    next();
    await waitFor(() => expect(contract.getAttribute('aria-invalid')).toBe('true'));
    await screen.findByRole('option', { name: 'Stage' });
    fireEvent.change(contract, { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Durée (mois)'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Date de début'), { target: { value: '2027-01-04' } });
    next();

    const place = await screen.findByRole('combobox', { name: 'Lieu' });
    fireEvent.focus(place);
    fireEvent.change(place, { target: { value: 'Lyon' } });
    fireEvent.click(await screen.findByRole('option', { name: /Lyon/ }));
    next();

    fireEvent.click(await screen.findByRole('checkbox', { name: 'Rigueur' }));
    next();

    await screen.findByTestId('offer-review');
    fireEvent.click(screen.getByRole('button', { name: 'Retour' }));
    expect(((await screen.findByRole('checkbox', { name: 'Rigueur' })) as HTMLInputElement).checked).toBe(true);
    next();
    fireEvent.change(await screen.findByLabelText('Description du poste (facultatif)'), { target: { value: 'Une équipe produit.' } });
    expect(screen.getByTestId('offer-review').textContent).toContain('Informatique');
    fireEvent.click(screen.getByRole('button', { name: /Publier/ }));
    await screen.findByTestId('offer-created');
    expect(published).toEqual({
      title: 'Développeur·se React',
      job_category: 7,
      job: 70,
      contract_type: 2,
      duration: 12,
      start_at: '2027-01-04',
      localization: { value: 'Lyon', type: 'city', lat: 45.76, lng: 4.83, id: '69123', country_code: 'FR' },
      radius: 10,
      degree: 0,
      languages: [],
      softskills_categories: [5],
      description: 'Une équipe produit.',
      duration_flexibility: 0,
      publish: true,
    });
  });
});
