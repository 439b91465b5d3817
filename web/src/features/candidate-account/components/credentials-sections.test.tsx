// @vitest-environment jsdom
// Changing the address asks for the current password: the request carries
// both, a wrong password is shown beside its field, and a sent link says where
// it went, in both languages.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubRecordingServer } from '@/testing/fetch';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { EmailSection } from './credentials-sections';

const words = {
  en: { address: 'New address', password: 'Your current password', submit: 'Send me a confirmation link', sent: 'A link was sent to' },
  fr: { address: 'Nouvelle adresse', password: 'Votre mot de passe actuel', submit: 'Recevoir un lien de confirmation', sent: 'Un lien a été envoyé à' },
} as const;

const i18n = { en: testI18n('en'), fr: testI18n('fr') };

describe('EmailSection', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  for (const [language, text] of Object.entries(words)) {
    it(`sends the new address with the current password, and shows a wrong one beside its field (${language})`, async () => {
      let wrong = true;
      const calls = stubRecordingServer(() =>
        wrong
          ? jsonResponse(422, { code: 'validation_failed', message: '', errors: { current_password: ['wrong_password'] } })
          : new Response(null, { status: 204 }),
      );
      renderWithProviders(<EmailSection />, { i18n: i18n[language as 'en' | 'fr'], router: false });

      fireEvent.change(screen.getByLabelText(text.address), { target: { value: 'camille@example.org' } });
      fireEvent.change(screen.getByLabelText(text.password), { target: { value: 'not-mine' } });
      fireEvent.click(screen.getByRole('button', { name: text.submit }));

      await vi.waitFor(() => expect(screen.getByLabelText(text.password).getAttribute('aria-invalid')).toBe('true'));
      expect(calls[0]).toMatchObject({ method: 'POST', body: { email: 'camille@example.org', current_password: 'not-mine' } });

      wrong = false;
      fireEvent.change(screen.getByLabelText(text.password), { target: { value: 'Vivier-demo-2026' } });
      fireEvent.click(screen.getByRole('button', { name: text.submit }));
      expect((await screen.findByRole('status')).textContent).toContain(text.sent);
      expect(calls.at(-1)?.body).toEqual({ email: 'camille@example.org', current_password: 'Vivier-demo-2026' });
    });
  }

  it('asks for the password before sending anything', async () => {
    const calls = stubRecordingServer(() => new Response(null, { status: 204 }));
    renderWithProviders(<EmailSection />, { i18n: i18n.en, router: false });
    fireEvent.change(screen.getByLabelText(words.en.address), { target: { value: 'camille@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: words.en.submit }));
    await vi.waitFor(() => expect(screen.getByLabelText(words.en.password).getAttribute('aria-invalid')).toBe('true'));
    expect(calls).toEqual([]);
  });
});
