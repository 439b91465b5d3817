// @vitest-environment jsdom
// The page of the links mailed about an address: each kind calls its own
// route once, and says what happened in the user's language.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { SignUpValidationStatus } from './sign-up-validation-status';

const languages = { en: testI18n('en'), fr: testI18n('fr') };

function openLink(path: string, status = 204, language: 'en' | 'fr' = 'en') {
  const fetch = vi.fn(async () =>
    status === 204
      ? new Response(null, { status })
      : new Response(JSON.stringify({ code: 'invalid_token', message: 'invalid token' }), {
          status,
          headers: { 'content-type': 'application/json' },
        }),
  );
  vi.stubGlobal('fetch', fetch);
  renderWithProviders(<SignUpValidationStatus />, { i18n: languages[language], path });
  return fetch;
}

function calledPaths(fetch: ReturnType<typeof vi.fn>): string[] {
  return fetch.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname);
}

describe('the links mailed about an address', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('puts the former address back from a restoration link, once, and says what follows', async () => {
    const fetch = openLink('/inscription/valider?token=abc&kind=restore');
    expect(await screen.findByText(/Your address is your account's again/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'This was not me' })).toBeTruthy();
    expect(calledPaths(fetch)).toEqual(['/api/api/user/restored-email-tokens/abc']);
  });

  it('says so in French when the restoration link no longer works', async () => {
    openLink('/inscription/valider?token=used&kind=restore', 400, 'fr');
    expect(await screen.findByRole('heading', { name: "Ce n'était pas moi" })).toBeTruthy();
    expect(screen.queryByText(/Votre adresse est de nouveau/)).toBeNull();
  });

  it('still validates an account without a kind and confirms a new address with kind=email', async () => {
    const validation = openLink('/inscription/valider?token=v1');
    await screen.findByText(/Your address is validated/);
    cleanup();
    const change = openLink('/inscription/valider?token=e1&kind=email');
    await screen.findByRole('heading', { name: /new address/i });
    expect(calledPaths(validation)[0]).not.toContain('restored');
    expect(calledPaths(change)).toEqual(['/api/api/user/renewal-email-tokens/e1']);
  });
});
