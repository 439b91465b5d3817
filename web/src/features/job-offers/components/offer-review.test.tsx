// @vitest-environment jsdom
// The offer read back before publishing, in both languages: every criterion,
// the minimum degree included ("no minimum" when none is asked), the languages
// with their CEFR levels as every page writes them (never "3/6"), and a
// permanent contract without a duration (never "CDI · 0 mois").
import { cleanup, configure, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '@/testing/i18n';
import { stubListServer } from '@/testing/fetch';
import { lyon } from '@/testing/places';
import { renderWithProviders } from '@/testing/render';
import { defaultOfferForm, type OfferFormValues } from '../utils/offer-form';
import { OfferReview } from './offer-review';

configure({ asyncUtilTimeout: 4000 });

const french = testI18n('fr');
const english = testI18n('en');

const lists: Record<string, unknown[]> = {
  '/api/api/job/categories': [{ id: 7, name: 'Informatique' }],
  '/api/api/jobs': [{ id: 70, name: 'Développeur', job_category: 7 }],
  '/api/api/contract/types': [
    { id: 1, name: 'CDI', permanent: true },
    { id: 2, name: 'CDD', permanent: false },
  ],
  '/api/api/candidate/degrees': [
    { id: 1, name: 'Sans diplôme', level: 0 },
    { id: 4, name: 'Bac+3', level: 3 },
  ],
  '/api/api/softskill/categories': [{ id: 5, name: 'Rigueur' }],
  '/api/api/languages': [
    { id: 1, name: 'Anglais' },
    { id: 2, name: 'Espagnol' },
  ],
};

const offer = (overrides: Partial<OfferFormValues>): OfferFormValues => ({
  ...defaultOfferForm(),
  title: 'Comptable',
  jobCategory: 7,
  contractType: 1,
  startAt: '2027-01-04',
  localization: lyon,
  softskillCategories: [5],
  ...overrides,
});

/** The review's rows as "term: value". */
function rows(): string[] {
  const review = screen.getByTestId('offer-review');
  return [...review.querySelectorAll('dt')].map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
}

describe('OfferReview', () => {
  beforeEach(() => stubListServer(lists));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('reads a permanent offer back in French without a duration, with no minimum degree', async () => {
    renderWithProviders(<OfferReview values={offer({ duration: null, job: 70 })} />, { i18n: french });
    await waitFor(() => expect(rows()).toContain('Type de contrat: CDI · dès le 4 janv. 2027'));
    await waitFor(() => expect(rows()).toContain('Métier: Développeur'));
    expect(rows()).toContain('Niveau d’études minimum: Aucun minimum (tous niveaux)');
    expect(rows().join('\n')).not.toContain('mois');
  });

  it('reads the languages back with their levels as every page writes them, in French and in English', async () => {
    const languages = [
      { id: 1, level: 5 },
      { id: 2, level: 3 },
    ];
    renderWithProviders(<OfferReview values={offer({ languages })} />, { i18n: french });
    await waitFor(() => expect(rows()).toContain('Langues: Anglais C1 · autonome, Espagnol B1 · intermédiaire'));
    cleanup();
    renderWithProviders(<OfferReview values={offer({ languages })} />, { i18n: english });
    await waitFor(() => expect(rows()).toContain('Languages: Anglais C1 · advanced, Espagnol B1 · intermediate'));
    expect(rows().join('\n')).not.toContain('/6');
  });

  it('reads a fixed-term offer back in English with its duration and its minimum degree', async () => {
    renderWithProviders(<OfferReview values={offer({ contractType: 2, duration: 6, durationFlexibility: 1, degree: 3 })} />, {
      i18n: english,
    });
    await waitFor(() => expect(rows()).toContain('Contract type: CDD · 6 months (± 1 month) · from Jan 4, 2027'));
    await waitFor(() => expect(rows()).toContain('Minimum degree: Bac+3'));
    expect(rows()).toContain('Trade: Any trade in the category');
  });
});
