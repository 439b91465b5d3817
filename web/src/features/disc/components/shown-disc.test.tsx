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

const readers = {
  fr: {
    i18n: french, firstName: 'Élodie', title: 'Profil DISC d’Élodie', dominant: 'Style dominant : D · Dominance',
    likes: 'Élodie aime les défis, les résultats et prendre les choses en main', notYou: /\b(vous|votre|vos)\b/i,
    chart: 'Part de chaque style DISC dans les réponses d’Élodie', table: 'Résultat DISC d’Élodie, en pourcentage', share: /50[\u00a0\u202f]%/,
  },
  en: {
    i18n: english, firstName: 'Léa', title: 'Léa’s DISC profile', dominant: 'Dominant style: D · Dominance',
    likes: 'Léa likes challenges, results and taking the lead', notYou: /\b(you|your)\b/i,
    chart: 'Share of each DISC style in Léa’s answers', table: 'Léa’s DISC result, in percent', share: /50%/,
  },
};

describe('ShownDisc', () => {
  for (const [locale, reader] of Object.entries(readers)) {
    it(`speaks of the candidate by first name, in a card (${locale})`, async () => {
      serve(result);
      renderWithProviders(<ShownDisc slug="shared-3" firstName={reader.firstName} />, { i18n: reader.i18n });

      const card = await screen.findByRole('region', { name: reader.title });
      expect(card.className).toContain('panel');
      expect(card.textContent).toContain(reader.dominant);
      expect(card.textContent).toContain(reader.likes);
      expect(card.textContent).not.toMatch(reader.notYou);
      expect(screen.getByRole('img', { name: reader.chart })).toBeTruthy();
      expect(screen.getByRole('table', { name: reader.table }).textContent).toMatch(reader.share);
    });
  }

  it('draws nothing when the candidate does not show the result', async () => {
    serve(null);
    const { container } = renderWithProviders(<ShownDisc slug="lea-durand-7" firstName="Léa" />, { i18n: french });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container.textContent).toBe('');
  });
});
