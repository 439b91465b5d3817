// @vitest-environment jsdom
// A DISC result as the readers of a public profile see it: written to them,
// about the candidate (third person, first name, elided where French wants
// it), never "your result", in a card with the coloured chart; nothing at all
// when the candidate does not show it.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/fetch';
import { testI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { ShownDisc } from './shown-disc';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const result = {
  dominant: 'D', secondary: 'I', scores: { d: 50, i: 25, s: 15, c: 10 },
  taken_at: '2026-03-02T10:00:00Z', first_taken_at: '2026-03-02T10:00:00Z',
};

function serve(body: unknown) {
  vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, body)));
}

const french = testI18n('fr');
const english = testI18n('en');

describe('ShownDisc', () => {
  it('speaks of the candidate in French, in a card', async () => {
    serve(result);
    renderWithProviders(<ShownDisc slug="elodie-martin-3" firstName="Élodie" />, { i18n: french });

    const card = await screen.findByRole('region', { name: 'Profil DISC d’Élodie' });
    expect(card.className).toContain('panel');
    expect(card.textContent).toContain('Style dominant : D · Dominance');
    expect(card.textContent).toContain('Élodie aime les défis, les résultats et prendre les choses en main');
    expect(card.textContent).not.toMatch(/\b(vous|votre|vos)\b/i);
    expect(screen.getByRole('img', { name: 'Part de chaque style DISC dans les réponses d’Élodie' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Résultat DISC d’Élodie, en pourcentage' }).textContent).toMatch(/50[\u00a0\u202f]%/);
  });

  it('speaks of the candidate in English', async () => {
    serve(result);
    renderWithProviders(<ShownDisc slug="lea-durand-7" firstName="Léa" />, { i18n: english });

    const card = await screen.findByRole('region', { name: 'Léa’s DISC profile' });
    expect(card.textContent).toContain('Dominant style: D · Dominance');
    expect(card.textContent).toContain('Léa likes challenges, results and taking the lead');
    expect(card.textContent).toContain('50%');
    expect(card.textContent).not.toMatch(/\b(you|your)\b/i);
  });

  it('draws nothing when the candidate does not show the result', async () => {
    serve(null);
    const { container } = renderWithProviders(<ShownDisc slug="lea-durand-7" firstName="Léa" />, { i18n: french });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container.textContent).toBe('');
  });
});
