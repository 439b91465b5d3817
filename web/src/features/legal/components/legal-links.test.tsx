// @vitest-environment jsdom
// The footer's licence links: the data sources always, the source code when the deployment
// says where it is.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '@/testing/i18n';
import { jsonResponse } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';
import { LegalLinks } from './legal-links';

const i18n = testI18n('fr');

function renderWithConfig(config: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(200, config)),
  );
  return renderWithProviders(<LegalLinks />, { i18n }).client;
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
