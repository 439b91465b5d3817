// @vitest-environment jsdom
// The strength shown under a new password: nothing before anything is typed,
// then a level in the user's language, in a polite live region, with advice
// while the password is too easy to guess.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { testI18n } from '@/testing/i18n';
import { PasswordStrength } from './password-strength';

afterEach(cleanup);

const owner = { email: 'camille.martin@example.org', firstname: 'Camille', lastname: 'Martin' };

for (const locale of ['fr', 'en'] as const) {
  describe(`the password strength in ${locale}`, () => {
    const i18n = testI18n(locale);
    const show = (password: string) =>
      render(
        <I18nextProvider i18n={i18n}>
          <PasswordStrength id="strength" password={password} owner={owner} />
        </I18nextProvider>,
      );
    const level = () => document.getElementById('strength')?.getAttribute('data-level');

    it('says nothing before anything is typed, in a live region ready to speak', () => {
      show('');
      const region = document.querySelector('[aria-live="polite"]');
      expect(region).not.toBeNull();
      expect(region?.textContent).toBe('');
      expect(level()).toBeNull();
    });

    it('calls a common password weak and advises a passphrase', async () => {
      show('Azerty1234');
      await waitFor(() => expect(level()).toBe('weak'));
      const text = `${i18n.t('forms:passwordStrength.weak')} ${i18n.t('forms:passwordStrength.advice')}`;
      expect(screen.getByText(text).getAttribute('aria-live')).toBe('polite');
    });

    it('calls a passphrase strong, without advice', async () => {
      show('Tortue-Lampadaire-Ciboulette-7');
      await waitFor(() => expect(level()).toBe('strong'));
      expect(screen.getByText(i18n.t('forms:passwordStrength.strong'))).toBeTruthy();
    });
  });
}
