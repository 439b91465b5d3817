// @vitest-environment jsdom
// A hit's explanation names each keyword with how often and where the profile
// holds it, in the page's language, and shows no keyword row without keywords;
// a language's levels are CEFR codes, as every page writes levels.
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { testI18n } from '@/testing/i18n';
import type { HitBreakdown } from '../api/search-types';
import { ScoreExplanation } from './score-explanation';

const i18n = testI18n('fr');

const breakdown: HitBreakdown = {
  proximity: { distance_km: 3.2, country_wide: false, score: 0.95 },
  languages: [],
  softskills: [],
  language_score: null,
  softskill_score: null,
  proximity_score: 0.95,
  keywords: [
    { word: 'développeur', occurrences: 2, found_in: ['headline', 'background'] },
    { word: 'rust', occurrences: 1, found_in: ['background'] },
  ],
  keyword_score: 0.6,
};

function explanationRow(language: string, explanation: HitBreakdown, criterion: string) {
  void i18n.changeLanguage(language);
  render(
    <I18nextProvider i18n={i18n}>
      <ScoreExplanation breakdown={explanation} place="Lyon" />
    </I18nextProvider>,
  );
  return screen.getByTestId('hit-explanation').querySelectorAll(`[data-criterion="${criterion}"]`);
}

function keywordRow(language: string, explanation: HitBreakdown) {
  void i18n.changeLanguage(language);
  render(
    <I18nextProvider i18n={i18n}>
      <ScoreExplanation breakdown={explanation} place="Lyon" />
    </I18nextProvider>,
  );
  return screen.getByTestId('hit-explanation').querySelector('[data-criterion="keywords"]');
}

describe('ScoreExplanation', () => {
  afterEach(cleanup);

  it('says in French where each keyword was found', () => {
    expect(keywordRow('fr', breakdown)?.textContent).toBe(
      'Mots-clés« développeur » ×2 : titre du profil et parcours · « rust » ×1 : parcours',
    );
  });

  it('says it in English too', () => {
    expect(keywordRow('en', breakdown)?.textContent).toBe('Keywords“développeur” ×2: headline and background · “rust” ×1: background');
  });

  it('has no keyword row when the search has no keywords', () => {
    expect(keywordRow('en', { ...breakdown, keywords: [], keyword_score: null })).toBeNull();
  });

  it("writes the languages' levels as CEFR codes, in each language", () => {
    const english = { id: 2, name: 'Anglais', required: 3, actual: 4, credit: 1 };
    const german = { id: 5, name: 'Allemand', required: 2, actual: null, credit: 0 };
    const withLanguages = { ...breakdown, keywords: [], languages: [english, german] } as HitBreakdown;
    expect([...explanationRow('fr', withLanguages, 'language')].map((row) => row.textContent)).toEqual([
      'AnglaisB2 pour B1 demandé',
      'Allemandnon parlée, A2 demandé',
    ]);
    cleanup();
    expect(explanationRow('en', withLanguages, 'language')[0]?.textContent).toBe('AnglaisB2 for B1 required');
  });
});
