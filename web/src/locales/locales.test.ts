// Both languages must be complete: same keys in every namespace, no empty text,
// and the same interpolation variables on both sides; and every number goes
// through the app's number format ("1 245" in French, "1,245" in English).
import { describe, expect, it } from 'vitest';
import { resources } from '@/lib/i18n';
import { testI18n } from '@/testing/i18n';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [nested, text] of flatten(value, path)) entries.set(nested, text);
  }
  return entries;
}

/** The variables a text interpolates, with or without a format (`{{count, number}}` names `count`). */
const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*(?:,[^}]*)?}}/g)].map((match) => match[1]).sort();

/** The variables a text writes as they come, without a format. */
const rawVariables = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1] ?? '');

/** The names the app gives numbers (counts, limits, pages, steps, distances in km, months): always formatted. */
const numberNames = new Set(['count', 'total', 'min', 'max', 'page', 'pages', 'current', 'step', 'rank', 'line', 'radius', 'months', 'megabytes', 'percent']);

describe('locale files', () => {
  for (const namespace of Object.keys(resources.fr) as (keyof typeof resources.fr)[]) {
    it(`${namespace} has the same keys and variables in French and English`, () => {
      const french = flatten(resources.fr[namespace] as Tree);
      const english = flatten(resources.en[namespace] as Tree);
      expect([...english.keys()].sort()).toEqual([...french.keys()].sort());
      for (const [key, text] of french) {
        expect(text.trim(), `fr ${namespace}:${key}`).not.toBe('');
        expect(english.get(key)?.trim(), `en ${namespace}:${key}`).not.toBe('');
        expect(variables(english.get(key) ?? ''), key).toEqual(variables(text));
      }
    });
  }

  it('writes no count, limit, page or distance raw: each goes through {{x, number}}', () => {
    for (const language of ['fr', 'en'] as const) {
      for (const [namespace, tree] of Object.entries(resources[language])) {
        for (const [key, text] of flatten(tree as Tree)) {
          const raw = rawVariables(text).filter((name) => numberNames.has(name));
          expect(raw, `${language} ${namespace}:${key}`).toEqual([]);
        }
      }
    }
  });

  it('has the 404 message of the spec in both languages', () => {
    expect(resources.en.common.notFound.message).toBe('Page not found: {{path}}');
    expect(resources.fr.common.notFound.message).toBe('Page introuvable : {{path}}');
  });
});

describe('numbers in the texts', () => {
  const french = testI18n('fr');
  const english = testI18n('en');

  it('are written with a narrow no-break space in French: "1 245 offres", "2 000 caractères", "92 %"', () => {
    expect(french.t('candidateOffers:forMe.total', { count: 1245 })).toBe('1\u202f245 offres correspondent à votre recherche.');
    expect(french.t('candidateOffers:apply.noteTooLong', { max: 2000 })).toBe('2\u202f000 caractères au plus.');
    expect(french.t('offers:overview.applications', { count: 1245 })).toBe('1\u202f245 candidatures');
    expect(french.t('sourcing:relax.radius', { count: 1245, radius: 30 })).toBe('+1\u202f245 candidats dans un rayon de 30 km');
    expect(french.t('sourcing:dashboard.totalCandidates', { count: 1 })).toBe('au total, dans 1 recherche');
    expect(french.t('school:candidates.page', { page: 2, pages: 1245 })).toBe('Page 2 sur 1\u202f245');
    // the space before % is the one Intl writes (no-break, narrow in newer ICU data)
    expect(french.t('home:preview.match', { percent: 92 })).toMatch(/^92[\u00a0\u202f]% de correspondance$/);
  });

  it('are written with a comma in English, and a percentage without a space: "1,245 offers", "92%"', () => {
    expect(english.t('candidateOffers:forMe.total', { count: 1245 })).toBe('1,245 offers fit your job search.');
    expect(english.t('candidateOffers:apply.noteTooLong', { max: 2000 })).toBe('At most 2,000 characters.');
    expect(english.t('offers:overview.applications', { count: 1245 })).toBe('1,245 applications');
    expect(english.t('sourcing:relax.radius', { count: 1245, radius: 30 })).toBe('+1,245 candidates within 30 km');
    expect(english.t('sourcing:dashboard.totalCandidates', { count: 1 })).toBe('in total, across 1 search');
    expect(english.t('school:candidates.page', { page: 2, pages: 1245 })).toBe('Page 2 of 1,245');
    expect(english.t('home:preview.match', { percent: 92 })).toBe('92% match');
  });
});
