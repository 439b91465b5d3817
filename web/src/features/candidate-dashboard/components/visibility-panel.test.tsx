// @vitest-environment jsdom
// The visibility panel: the three counts as the server gives them, the one
// change worth making in words (with its plural), and a sentence when no
// single change would have helped.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '@/testing/i18n';
import { jsonResponse } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';
import { VisibilityPanel } from './visibility-panel';

const i18n = testI18n('en');

function renderWith(body: unknown) {
  vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, body)));
  renderWithProviders(<VisibilityPanel />, { i18n });
}

describe('VisibilityPanel', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the counts and the change that would have put the candidate in more searches', async () => {
    renderWith({ searches_7_days: 3, searches_30_days: 11, saved_by: 2, suggestion: { criterion: 'contracts', appearances: 4 } });
    expect(await screen.findByText('Accepting another contract type would have put you in 4 more searches.')).toBeTruthy();
    expect(screen.getByTestId('visibility-week').textContent).toContain('3');
    expect(screen.getByTestId('visibility-month').textContent).toContain('11');
    expect(screen.getByTestId('visibility-savedBy').textContent).toContain('2');
    expect(screen.getByRole('link', { name: 'Change my job search' }).getAttribute('href')).toBe('/dashboard/candidate/ma-recherche');
  });

  it('says so when no single change would have helped', async () => {
    renderWith({ searches_7_days: 0, searches_30_days: 0, saved_by: 0, suggestion: null });
    expect(await screen.findByText(/No single change to your job search/)).toBeTruthy();
  });
});
