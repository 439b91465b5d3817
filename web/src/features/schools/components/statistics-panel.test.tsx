// @vitest-environment jsdom
// The school's statistics panel around its hiring-outcomes figure: the
// twelve-month totals in a sentence and the months in a table (French and
// English, numbers written as each language writes them), the friendly text
// when no candidate has applied yet, and the panel's loading and error boxes.
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissAllToasts } from '@/lib/toasts';
import { jsonResponse, stubListServer } from '@/testing/fetch';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import type { MonthlyOutcomes, SchoolStatistics } from '../api/school-types';
import { StatisticsPanel } from './statistics-panel';

afterEach(() => {
  cleanup();
  dismissAllToasts();
  vi.unstubAllGlobals();
});

const statisticsPath = '/api/api/school/statistics';

/** The twelve months from April 2025 to March 2026, with 1,200 applications in January. */
function twelveMonths(counts: (index: number) => Omit<MonthlyOutcomes, 'month'>): MonthlyOutcomes[] {
  return Array.from({ length: 12 }, (_, index) => {
    const date = new Date(Date.UTC(2025, 3 + index, 1));
    return { month: date.toISOString().slice(0, 10), ...counts(index) };
  });
}

const busyYear = twelveMonths((index) => (index === 9 ? { applications: 1200, interviews: 40, hires: 1 } : { applications: 10, interviews: 2, hires: 0 }));

function statistics(outcomes: MonthlyOutcomes[]): SchoolStatistics {
  return {
    candidates: 3,
    activated: 2,
    in_research: 1,
    campuses: [],
    completion: [],
    contracts: [],
    soft_skill_families: [],
    languages: [],
    search_demand: { searches: 0, candidates_seen: 0, appearances: 0, excluded_by: [] },
    outcomes,
  };
}

const nbsp = /[\u00a0\u202f]/g;
const text = (element: Element) => (element.textContent ?? '').replace(nbsp, ' ');

function rows(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map(text));
}

describe('the outcomes of the school statistics, in French', () => {
  const i18n = testI18n('fr');

  it('gives the twelve-month totals in a sentence and each month in a table', async () => {
    stubListServer({ [statisticsPath]: statistics(busyYear) });
    renderWithProviders(<StatisticsPanel />, { i18n });
    const figure = await screen.findByTestId('figure-outcomes');
    expect(within(figure).getByRole('heading', { name: 'Candidatures, entretiens et embauches de vos candidats' })).toBeTruthy();
    expect(text(screen.getByTestId('outcomes-summary'))).toBe(
      'Sur les 12 derniers mois, vos candidats ont envoyé 1 310 candidatures, obtenu 62 entretiens et décroché 1 embauche.',
    );
    const table = screen.getByTestId('outcomes-table');
    expect(table.querySelector('caption')?.textContent).toBe('Candidatures, entretiens et embauches de vos candidats');
    const lines = rows(table);
    expect(lines).toHaveLength(14);
    expect(lines[0]).toEqual(['Mois', 'Candidatures', 'Entretiens', 'Embauches']);
    expect(lines[1]).toEqual(['avr. 2025', '10', '2', '0']);
    expect(lines[10]).toEqual(['janv. 2026', '1 200', '40', '1']);
    expect(lines[13]).toEqual(['Total sur 12 mois', '1 310', '62', '1']);
    expect(within(table).getAllByRole('columnheader').every((header) => header.getAttribute('scope') === 'col')).toBe(true);
    expect(within(table).getAllByRole('rowheader').every((header) => header.getAttribute('scope') === 'row')).toBe(true);
  });

  it('says that no candidate has applied yet, and what will appear, when every month is zero', async () => {
    stubListServer({ [statisticsPath]: statistics(twelveMonths(() => ({ applications: 0, interviews: 0, hires: 0 }))) });
    renderWithProviders(<StatisticsPanel />, { i18n });
    const empty = await screen.findByTestId('outcomes-empty');
    expect(empty.textContent).toContain('Aucune candidature pour l');
    expect(empty.textContent).toContain('mois par mois');
    expect(screen.queryByTestId('outcomes-table')).toBeNull();
    expect(screen.queryByTestId('outcomes-summary')).toBeNull();
  });

  it('shows the panel loading box, then its error box with Retry when the statistics fail', async () => {
    stubListServer({}, (path) => (path === statisticsPath ? jsonResponse(403, { code: 'forbidden', message: 'no' }) : undefined));
    renderWithProviders(<StatisticsPanel />, { i18n });
    expect(screen.getByTestId('school-statistics-loading')).toBeTruthy();
    expect(await screen.findByTestId('school-statistics-error')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
    expect(screen.queryByTestId('figure-outcomes')).toBeNull();
  });
});

describe('the outcomes of the school statistics, in English', () => {
  const i18n = testI18n('en');

  it('gives the twelve-month totals in a sentence and each month in a table', async () => {
    stubListServer({ [statisticsPath]: statistics(busyYear) });
    renderWithProviders(<StatisticsPanel />, { i18n });
    const figure = await screen.findByTestId('figure-outcomes');
    expect(within(figure).getByRole('heading', { name: "Your candidates' applications, interviews and hires" })).toBeTruthy();
    expect(text(screen.getByTestId('outcomes-summary'))).toBe(
      'Over the last 12 months, your candidates sent 1,310 applications, reached 62 interviews and got 1 hire.',
    );
    const lines = rows(screen.getByTestId('outcomes-table'));
    expect(lines[0]).toEqual(['Month', 'Applications', 'Interviews', 'Hires']);
    expect(lines[1]).toEqual(['Apr 2025', '10', '2', '0']);
    expect(lines[10]).toEqual(['Jan 2026', '1,200', '40', '1']);
    expect(lines[13]).toEqual(['Total over 12 months', '1,310', '62', '1']);
  });

  it('says that no candidate has applied yet when the server sends no month', async () => {
    stubListServer({ [statisticsPath]: statistics([]) });
    renderWithProviders(<StatisticsPanel />, { i18n });
    expect((await screen.findByTestId('outcomes-empty')).textContent).toMatch(/^No application yet\./);
  });
});
