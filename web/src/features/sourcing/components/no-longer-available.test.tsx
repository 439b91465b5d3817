// @vitest-environment jsdom
// Saved candidates no longer available: one anonymous line each, in both
// languages, and Remove unsaves that one from the search.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RecordedCall, stubRecordingServer } from '@/testing/fetch';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { NoLongerAvailable } from './no-longer-available';

const english = testI18n('en');
const french = testI18n('fr');
let calls: RecordedCall[];

describe('NoLongerAvailable', () => {
  beforeEach(() => {
    calls = stubRecordingServer(() => new Response(null, { status: 204 }));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says how many are gone, names nobody, and removes the one asked', async () => {
    renderWithProviders(<NoLongerAvailable searchId={7} candidateIds={[41, 42]} />, {
      i18n: english,
      router: false,
    });
    expect(await screen.findByRole('heading', { name: '2 saved candidates are no longer available' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByText(/41|42/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Remove saved candidate no longer available 2' }));
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'POST', url: expect.stringContaining('/searchs/7/unsave-candidate/42'), body: null }),
    );
  });

  it('speaks French and shows nothing when every save is available', async () => {
    const { container } = renderWithProviders(<NoLongerAvailable searchId={7} candidateIds={[]} />, {
      i18n: french,
      router: false,
    });
    expect(container.textContent).toBe('');
    cleanup();
    renderWithProviders(<NoLongerAvailable searchId={7} candidateIds={[41]} />, { i18n: french, router: false });
    expect(await screen.findByRole('heading', { name: '1 candidat·e sauvegardé·e n’est plus disponible' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retirer la personne plus disponible n° 1' })).toBeTruthy();
  });
});
