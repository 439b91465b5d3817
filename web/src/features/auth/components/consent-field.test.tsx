// @vitest-environment jsdom
// The sign-up consent links its terms of use, in a new tab so that the form
// stays, in each language; the box is still ticked by its text.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { ConsentField } from './consent-field';

const french = testI18n('fr');
const english = testI18n('en');

afterEach(cleanup);

describe('ConsentField', () => {
  it('links the terms of use in French, in a new tab, and ticks by its text', () => {
    renderWithProviders(<ConsentField id="consent" />, { i18n: french });
    const link = screen.getByTestId('terms-link');
    expect(link.textContent).toBe('conditions d’utilisation (nouvel onglet)');
    expect(link.getAttribute('href')).toBe('/conditions-utilisation');
    expect(link.getAttribute('target')).toBe('_blank');
    const box = screen.getByRole('checkbox', { name: /^J’accepte les conditions d’utilisation/ }) as HTMLInputElement;
    fireEvent.click(screen.getByText(/et le traitement de mes données/));
    expect(box.checked).toBe(true);
  });

  it('links them in English too', () => {
    renderWithProviders(<ConsentField id="consent" />, { i18n: english });
    const link = screen.getByTestId('terms-link');
    expect(link.textContent).toBe('terms of use (new tab)');
    expect(link.getAttribute('href')).toBe('/conditions-utilisation');
  });
});
