// @vitest-environment jsdom
// The footer's licence links: the data sources always, the source code when the deployment
// says where it is.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '@/testing/i18n';
import { LegalLinks } from './legal-links';

const i18n = testI18n('fr');

function renderWithConfig(config: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(config), { status: 200, headers: { 'content-type': 'application/json' } })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <LegalLinks />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return client;
}

describe('LegalLinks', () => {

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('links the data sources and the configured source code', async () => {
    renderWithConfig({ map_style_url: null, source_code_url: 'https://git.example.org/vivier' });
    expect(screen.getByRole('link', { name: 'Sources des données' }).getAttribute('href')).toBe('/sources-des-donnees');
    const source = await screen.findByRole('link', { name: 'Code source' });
    expect(source.getAttribute('href')).toBe('https://git.example.org/vivier');
  });

  it('draws no source code link when the deployment has none', async () => {
    const client = renderWithConfig({ map_style_url: null, source_code_url: null });
    await vi.waitFor(() => expect(client.getQueryState(['client-config'])?.status).toBe('success'));
    expect(screen.getByRole('link', { name: 'Sources des données' })).toBeTruthy();
    expect(screen.queryByTestId('source-code-link')).toBeNull();
  });
});
