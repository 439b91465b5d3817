// @vitest-environment jsdom
// The terms of use say, in each language, what Vivier does and what the person
// may do with their data, under a title of their own.
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { TermsOfUse } from './terms-of-use';

const french = testI18n('fr');
const english = testI18n('en');

afterEach(cleanup);

describe('TermsOfUse', () => {
  it('has its title and its six sections in French', () => {
    renderWithProviders(<TermsOfUse />, { i18n: french });
    const page = screen.getByTestId('terms-of-use');
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('Conditions d’utilisation');
    expect(within(page).getAllByRole('heading', { level: 2 })).toHaveLength(6);
    expect(page.textContent).toContain('télécharger toutes vos données');
  });

  it('says it in English too', () => {
    renderWithProviders(<TermsOfUse />, { i18n: english });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Terms of use');
    expect(screen.getByTestId('terms-of-use').textContent).toContain('download all your data');
  });
});
