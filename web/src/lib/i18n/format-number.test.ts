// Counts and percentages as each language writes them, from code and from
// translations.
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatNumber, formatPercent, registerFormats } from './format-number';

const nbsp = /[\u00a0\u202f]/g;

describe('formatNumber and formatPercent', () => {
  it('write "1 245" and "29 %" in French, "1,245" and "29%" in English', () => {
    expect(formatNumber(1245, 'fr').replace(nbsp, ' ')).toBe('1 245');
    expect(formatNumber(1245, 'en')).toBe('1,245');
    expect(formatPercent(29, 'fr').replace(nbsp, ' ')).toBe('29 %');
    expect(formatPercent(29, 'en')).toBe('29%');
  });

  it('round a percentage to a whole number, and keep a non-breaking space before the French sign', () => {
    expect(formatPercent(28.6, 'en')).toBe('29%');
    expect(formatPercent(100, 'fr')).toMatch(/^100[\u00a0\u202f]%$/);
  });
});

describe('the i18next formats', () => {
  const i18n = i18next.createInstance();
  beforeAll(async () => {
    await i18n.init({
      lng: 'fr',
      resources: {
        fr: { translation: { total_one: '{{count, number}} candidat', total_other: '{{count, number}} candidats', done: 'Profil complété à {{percent, percentage}}', level: 'Niveau {{language, de(lowercase: true)}}', skills: 'Soft skills {{name, de}}' } },
        en: { translation: { total_one: '{{count, number}} candidate', total_other: '{{count, number}} candidates', done: 'Profile {{percent, percentage}} complete' } },
      },
      interpolation: { escapeValue: false },
    });
    registerFormats(i18n);
  });

  it('write counts and percentages with the same functions, keeping plurals', () => {
    expect(i18n.t('total', { count: 1245 }).replace(nbsp, ' ')).toBe('1 245 candidats');
    expect(i18n.t('total', { count: 1 })).toBe('1 candidat');
    expect(i18n.t('done', { percent: 100 })).toMatch(/^Profil complété à 100[\u00a0\u202f]%$/);
    expect(i18n.t('total', { count: 1245, lng: 'en' })).toBe('1,245 candidates');
    expect(i18n.t('done', { percent: 29, lng: 'en' })).toBe('Profile 29% complete');
  });

  it('elide "de" in French', () => {
    expect(i18n.t('level', { language: 'Anglais' })).toBe('Niveau d’anglais');
    expect(i18n.t('level', { language: 'Hongrois' })).toBe('Niveau de hongrois');
    expect(i18n.t('skills', { name: 'Élodie' })).toBe('Soft skills d’Élodie');
    expect(i18n.t('skills', { name: 'Léa' })).toBe('Soft skills de Léa');
  });
});
