// @vitest-environment jsdom
// One way to write a language level, in both languages.
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { testI18n } from '@/testing/i18n';
import { cefrCode, useLanguageLevel, useLanguagesWithLevels } from './language-level';

const french = testI18n('fr');
const english = testI18n('en');

function hookIn<T>(i18n: typeof french, hook: () => T): T {
  const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
  return renderHook(hook, { wrapper }).result.current;
}

const levelsIn = (i18n: typeof french) => [1, 2, 3, 4, 5, 6].map(hookIn(i18n, useLanguageLevel));

describe('language levels', () => {
  it('map 1 to 6 on the CEFR levels A1 to C2', () => {
    expect([1, 2, 3, 4, 5, 6].map(cefrCode)).toEqual(['A1', 'A2', 'B1', 'B2', 'C1', 'C2']);
    expect(cefrCode(0)).toBe('A1');
    expect(cefrCode(9)).toBe('C2');
  });

  it('follow the name of each language in a list, in French and in English', () => {
    const spoken = [
      { name: 'Anglais', level: 5 },
      { name: 'Espagnol', level: 2 },
    ];
    const listIn = (i18n: typeof french) => hookIn(i18n, useLanguagesWithLevels)(spoken);
    expect(listIn(french)).toBe('Anglais C1 · autonome, Espagnol A2 · élémentaire');
    expect(listIn(english)).toBe('Anglais C1 · advanced, Espagnol A2 · elementary');
  });

  it('are written as code and name, in French and in English', () => {
    expect(levelsIn(french)).toEqual(['A1 · débutant', 'A2 · élémentaire', 'B1 · intermédiaire', 'B2 · avancé', 'C1 · autonome', 'C2 · maîtrise']);
    expect(levelsIn(english)).toEqual(['A1 · beginner', 'A2 · elementary', 'B1 · intermediate', 'B2 · upper intermediate', 'C1 · advanced', 'C2 · proficient']);
  });
});
