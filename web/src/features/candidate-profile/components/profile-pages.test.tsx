// @vitest-environment jsdom
// The pages on the candidate's own profile: the job search says it is what
// makes the candidate findable and saves ids and places with `from:
// "job_search"`, and asks no shortest contract for a CDI alone; the languages
// page adds a language at level 3 and saves the list; both load the profile
// again afterwards (its completion changes).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CandidateProfile } from '@/api/candidates/get-candidate';
import { registerCandidateLoader } from '@/lib/session';
import { lyon } from '@/testing/places';
import { JobSearchPage } from './job-search-page';
import { LanguagesPage } from './languages-page';
import { fakeServer, renderAsCandidate, setUpPageTests } from '@/testing/candidate-pages';

const profile: CandidateProfile = {
  id: 1000, slug: 'camille-martin-1000', firstname: 'Camille', lastname: 'Martin', name_hidden: false, headline: null, localization: lyon,
  job_localizations: [lyon], job_categories: [{ id: 7, name: 'Restauration' }], contract_types: [], contract_hourly_schemes: [],
  company_types: [], languages: [], softskill_percentages: [], in_research: true, is_public: false, completion: 20,
  contract_min_duration: 0, availability: null, entry_year: null, type: null, degree: null, school: null, campus: null,
  program: null, institution: null, contact: { email: 'camille@vivier.demo', phone: '0612345678', birthdate: '2001-05-14' },
};

const saved = (path: string) => (call: { method: string; path: string }) =>
  call.method === 'POST' && call.path === path ? { status: 200, body: {} } : undefined;

setUpPageTests();

describe('JobSearchPage', () => {
  it('says what it is for and saves the criteria as ids, with the places', async () => {
    const loader = vi.fn(async () => profile);
    registerCandidateLoader(loader);
    const { calls } = fakeServer(saved('/api/api/candidates/1000'));
    await renderAsCandidate(<JobSearchPage />);

    expect(screen.getByText(/permet aux entreprises partenaires de vous trouver/)).toBeDefined();
    const form = await screen.findByTestId('job-search-form');
    expect(within(form).getByText('Lyon')).toBeDefined();
    fireEvent.click(await within(form).findByRole('checkbox', { name: 'Stage' }));
    fireEvent.click(await within(form).findByRole('checkbox', { name: 'PME' }));
    fireEvent.change(within(form).getByLabelText('Durée minimum (mois)'), { target: { value: '6' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      from: 'job_search',
      job_categories: [7],
      job_localizations: [lyon],
      contract_types: [2],
      contract_hourly_schemes: [],
      company_types: [1],
      contract_min_duration: 6,
      availability: null,
      in_research: true,
      degree: null,
      type: null,
    });
    await waitFor(() => expect(loader).toHaveBeenCalledTimes(2));
  });

  it('asks no shortest contract for a CDI alone, and sends the server\'s "any length" (0)', async () => {
    registerCandidateLoader(async () => ({ ...profile, contract_min_duration: 6 }));
    const { calls } = fakeServer(saved('/api/api/candidates/1000'));
    await renderAsCandidate(<JobSearchPage />);

    const form = await screen.findByTestId('job-search-form');
    expect(within(form).getByLabelText('Durée minimum (mois)')).toBeDefined();
    fireEvent.click(await within(form).findByRole('checkbox', { name: 'CDI' }));
    await waitFor(() => expect(within(form).queryByLabelText('Durée minimum (mois)')).toBeNull());
    fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ contract_types: [1], contract_min_duration: 0 });
  });

  it('asks the shortest contract again once a fixed-term contract joins the CDI', async () => {
    registerCandidateLoader(async () => ({ ...profile, contract_types: [{ id: 1, name: 'CDI' }] }));
    const { calls } = fakeServer(saved('/api/api/candidates/1000'));
    await renderAsCandidate(<JobSearchPage />, 'en');

    const form = await screen.findByTestId('job-search-form');
    await within(form).findByRole('checkbox', { name: 'CDI' });
    await waitFor(() => expect(within(form).queryByLabelText('Shortest contract (months)')).toBeNull());
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Stage' }));
    fireEvent.change(await within(form).findByLabelText('Shortest contract (months)'), { target: { value: '4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ contract_types: [1, 2], contract_min_duration: 4 });
  });
});

describe('LanguagesPage', () => {
  it('adds a language at level 3 and saves the list', async () => {
    registerCandidateLoader(async () => profile);
    const { calls } = fakeServer(saved('/api/api/candidates/1000/languages'));
    await renderAsCandidate(<LanguagesPage />, 'en');

    expect(await screen.findByTestId('languages-empty')).toBeDefined();
    await screen.findByRole('option', { name: 'Espagnol' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Add a language' }), { target: { value: '11' } });
    const level = screen.getByRole('slider');
    expect(level.getAttribute('aria-valuetext')).toBe('B1 · intermediate');
    fireEvent.change(level, { target: { value: '5' } });
    // the level reads as everywhere else (CEFR code and name), not "5/6"
    expect(screen.getByRole('status').textContent).toBe('C1 · advanced');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ languages: [{ id: 11, level: 5 }] }));
  });
});
