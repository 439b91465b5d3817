// @vitest-environment jsdom
// The sourcing page on the shared criteria sections: a form pre-filled from an
// offer runs its search by itself, a failed search says so with a Retry
// (never "no candidates"), a spent daily quota says until when, a relax
// suggestion rewrites the form, and what the app adds to a candidate (its
// "Contact") shows on each card and in the candidate's panel.
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lyon } from '@/testing/places';
import { testI18n } from '@/testing/i18n';
import { jsonResponse } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';
import type { SearchHit } from '../api/search-types';
import { defaultSearchForm, type SearchFormValues } from '../utils/search-form';
import { SourcingPage } from './sourcing-page';

vi.mock('./map/sourcing-map', () => ({ default: () => <div data-testid="sourcing-map" /> }));

const i18n = testI18n('en');
// The machine may be busy: give the lists time to arrive.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });
const ready: SearchFormValues = {
  ...defaultSearchForm(),
  jobCategory: 7,
  contracts: [1],
  duration: 6,
  startAt: '2027-01-04',
  localization: lyon,
  softskillCategories: [5],
};

let searchAnswer: () => Response;
let searchBodies: unknown[];

function renderPage(initialForm?: SearchFormValues, candidateAction?: (hit: SearchHit) => ReactNode) {
  renderWithProviders(<SourcingPage initialForm={initialForm} candidateAction={candidateAction} />, { i18n });
}

const lea: SearchHit = {
  candidate: {
    id: 99, firstname: 'Léa', lastname: 'Durand', name_hidden: false, headline: null, commune: null, degree: null,
    languages: [], softskills_categories: [], availability: null, contracts: [], slug: null,
  },
  score: 80,
  breakdown: null,
  saved: false,
  new: false,
};

const answer = (extra: object = {}) => ({
  id: null, search: {}, total: 0, relax: null, relax_values: null, limit: 20, offset: 0, sort: 'score', hits: [], ...extra,
});

describe('SourcingPage', () => {
  beforeEach(() => {
    searchBodies = [];
    searchAnswer = () => jsonResponse(200, answer());
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const path = String(url);
        if (path.startsWith('/api/api/sourcing/searchs')) {
          searchBodies.push(JSON.parse(String(init?.body)));
          return searchAnswer();
        }
        if (path.startsWith('/api/api/contract/types')) return jsonResponse(200, [{ id: 1, name: 'CDI' }, { id: 2, name: 'Stage' }]);
        return jsonResponse(200, path.startsWith('/api/config') ? {} : []);
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('runs the search of a pre-filled form by itself', async () => {
    renderPage(ready);
    await waitFor(() => expect(searchBodies).toHaveLength(1), { timeout: 3000 });
    expect(searchBodies[0]).toMatchObject({ job_category: 7, contracts: [1], duration: 6, start_at: '2027-01-04', softskills_categories: [5] });
    expect(await screen.findByTestId('results-empty')).toBeTruthy();
    expect((screen.getByLabelText('Duration (months)') as HTMLInputElement).value).toBe('6');
  });

  it('says a failed search failed, with a Retry that asks again', async () => {
    searchAnswer = () => jsonResponse(500, { code: 'internal_error', message: 'boom' });
    renderPage(ready);
    expect((await screen.findByTestId('results-error', {}, { timeout: 3000 })).textContent).toContain('The candidates could not be loaded.');
    expect(screen.queryByTestId('results-empty')).toBeNull();
    searchAnswer = () => jsonResponse(200, answer());
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('results-empty')).toBeTruthy();
  });

  it('says a spent daily quota in place of the results, without sending the search again', async () => {
    searchAnswer = () => jsonResponse(429, { code: 'daily_quota_reached', message: 'daily quota reached' });
    renderPage(ready);
    const alert = await screen.findByTestId('daily-quota-alert', {}, { timeout: 3000 });
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('Daily quota reached');
    expect(alert.textContent).toContain('It renews at midnight (UTC).');
    expect(screen.queryByTestId('results-error')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(searchBodies).toHaveLength(1);
  });

  it('waits for a complete form', () => {
    renderPage();
    expect(screen.getByTestId('results-empty').textContent).toContain(i18n.t('sourcing:results.idle'));
    expect(searchBodies).toEqual([]);
  });

  it('searches again when a criterion changes', async () => {
    renderPage(ready);
    await waitFor(() => expect(searchBodies).toHaveLength(1), { timeout: 3000 });
    fireEvent.change(screen.getByLabelText('Duration (months)'), { target: { value: '12' } });
    await waitFor(() => expect(searchBodies.at(-1)).toMatchObject({ duration: 12 }), { timeout: 3000 });
  });

  it("says the range of a duration out of range, from the server's bounds", async () => {
    renderPage(ready);
    fireEvent.change(screen.getByLabelText('Duration (months)'), { target: { value: '121' } });
    expect(await screen.findByText('Enter a duration from 0 to 120 months.')).toBeTruthy();
  });

  it('writes the counts the way the language does', async () => {
    searchAnswer = () => jsonResponse(200, answer({ total: 1245, hits: [lea] }));
    renderPage(ready);
    await screen.findByTestId('hit-card', {}, { timeout: 3000 });
    expect(document.getElementById('results-title')?.textContent).toContain('1,245 candidates');
    expect(screen.getByText('1–1 of 1,245')).toBeTruthy();
  });

  it("shows the app's action for a candidate on its card and in its panel", async () => {
    searchAnswer = () => jsonResponse(200, answer({ total: 1, hits: [lea] }));
    renderPage(ready, (hit) => <button type="button">{`Contact ${hit.candidate.firstname}`}</button>);
    const card = await screen.findByTestId('hit-card', {}, { timeout: 3000 });
    expect(within(card).getByRole('button', { name: 'Contact Léa' })).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Léa Durand' }));
    expect(within(await screen.findByTestId('candidate-panel')).getByRole('button', { name: 'Contact Léa' })).toBeTruthy();
  });

  it('puts a relax suggestion into the form', async () => {
    searchAnswer = () => jsonResponse(200, answer({ total: 0, relax: { radius: 12 }, relax_values: { radius: 20 } }));
    renderPage(ready);
    fireEvent.click(await screen.findByTestId('relax-suggestion', {}, { timeout: 3000 }));
    await waitFor(() => expect(searchBodies.at(-1)).toMatchObject({ radius: 20 }), { timeout: 3000 });
    expect((document.getElementById('sourcing-radius') as HTMLInputElement).value).toBe('20');
  });
});
