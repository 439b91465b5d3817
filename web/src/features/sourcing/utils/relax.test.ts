// Relax counts become one-click suggestions with the spec's texts.
import { describe, expect, it } from 'vitest';
import frSourcing from '@/locales/fr/sourcing.json';
import enSourcing from '@/locales/en/sourcing.json';
import { applyRelaxSuggestion, formatDayMonth, relaxSuggestions, relaxSuggestionText, type Translate } from './relax';
import { defaultSearchForm } from './search-form';

const counts = { radius: 37, start_date: 12, duration_flexibility: 4, degree: 9, contracts: 21 };
const values = { radius: 20, start_at: '2026-12-31', duration_flexibility: 3, degree: 0 };

/** A tiny i18next-like translator over one locale file, with the `_one`/`_other` plural rule and no formats. */
function translator(resources: Record<string, unknown>): Translate {
  return (key, options) => {
    const count = options.count as number;
    const path = key.split('.');
    const node = path.reduce<unknown>((tree, part) => (tree as Record<string, unknown>)[part], resources) as
      | string
      | undefined;
    const parent = path.slice(0, -1).reduce<unknown>((tree, part) => (tree as Record<string, unknown>)[part], resources) as Record<string, string>;
    const last = path[path.length - 1] ?? '';
    const template = node ?? parent[`${last}_${count === 1 ? 'one' : 'other'}`] ?? key;
    // a format (`{{count, number}}`) writes these small numbers as they are
    return template.replace(/{{\s*(\w+)\s*(?:,\s*\w+\s*)?}}/g, (_, name: string) => String(options[name]));
  };
}

describe('relax suggestions', () => {
  it('list every positive count, biggest gain first', () => {
    expect(relaxSuggestions(counts, values).map((suggestion) => [suggestion.kind, suggestion.count])).toEqual([
      ['radius', 37],
      ['contracts', 21],
      ['start_date', 12],
      ['degree', 9],
      ['duration_flexibility', 4],
    ]);
  });

  it('leave out zero counts and suggestions without a value to apply', () => {
    expect(relaxSuggestions({ radius: 0, degree: 3, start_date: 5 }, { degree: 0 })).toEqual([
      { kind: 'degree', count: 3, degree: 0 },
    ]);
    expect(relaxSuggestions(null, null)).toEqual([]);
  });

  it('read like the spec in French', () => {
    const t = translator(frSourcing);
    const texts = relaxSuggestions(counts, values).map((suggestion) => relaxSuggestionText(suggestion, t, 'fr'));
    expect(texts).toEqual([
      '+37 candidats dans un rayon de 20 km',
      '+21 avec tous les contrats',
      '+12 disponibles jusqu’au 31/12',
      '+9 avec un niveau d’études en moins',
      '+4 avec 3 mois de flexibilité',
    ]);
  });

  it('read naturally in English', () => {
    const t = translator(enSourcing);
    const texts = relaxSuggestions(counts, values).map((suggestion) => relaxSuggestionText(suggestion, t, 'en'));
    expect(texts).toEqual([
      '+37 candidates within 20 km',
      '+21 with any contract',
      '+12 available by 12/31',
      '+9 with one degree level less',
      '+4 with 3 months of flexibility',
    ]);
  });

  it('use the singular for one candidate', () => {
    const t = translator(frSourcing);
    expect(relaxSuggestionText({ kind: 'radius', count: 1, radius: 20 }, t, 'fr')).toBe(
      '+1 candidat dans un rayon de 20 km',
    );
  });

  it('apply their value to the form', () => {
    const form = { ...defaultSearchForm(), contracts: [1], startAt: '2026-12-01' };
    const [radius, contracts, startDate, degree, flexibility] = relaxSuggestions(counts, values);
    expect(applyRelaxSuggestion(form, radius!, [1, 2, 3]).radius).toBe(20);
    expect(applyRelaxSuggestion(form, contracts!, [1, 2, 3]).contracts).toEqual([1, 2, 3]);
    expect(applyRelaxSuggestion(form, startDate!, [1, 2, 3]).startAt).toBe('2026-12-31');
    expect(applyRelaxSuggestion(form, degree!, [1, 2, 3]).degree).toBe(0);
    expect(applyRelaxSuggestion(form, flexibility!, [1, 2, 3]).durationFlexibility).toBe(3);
    expect(applyRelaxSuggestion(form, radius!, [1, 2, 3]).contracts).toEqual([1]);
  });

  it('format day and month per locale', () => {
    expect(formatDayMonth('2026-12-31', 'fr')).toBe('31/12');
    expect(formatDayMonth('2026-12-31', 'en')).toBe('12/31');
  });
});
