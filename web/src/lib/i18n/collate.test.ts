// Lists in the order a French or English reader expects.
import { describe, expect, it } from 'vitest';
import { sortByName } from './collate';

const categories = ['Transport', 'Énergie', 'Automobile', 'Éducation', 'Aéronautique', 'Banque'].map((name, id) => ({ id, name }));

describe('sortByName', () => {
  it('puts accented words among their letter, in French and in English', () => {
    for (const locale of ['fr', 'en']) {
      expect(sortByName(categories, locale).map((item) => item.name)).toEqual([
        'Aéronautique', 'Automobile', 'Banque', 'Éducation', 'Énergie', 'Transport',
      ]);
    }
  });

  it('orders languages and institutions the same way, numbers as numbers', () => {
    expect(sortByName(['Suédois', 'Allemand', 'Écossais', 'anglais'], 'fr', (name) => name)).toEqual(['Allemand', 'anglais', 'Écossais', 'Suédois']);
    expect(sortByName(['IUT 10', 'IUT 9', 'École 42'], 'fr', (name) => name)).toEqual(['École 42', 'IUT 9', 'IUT 10']);
  });

  it('leaves the list it was given as it was', () => {
    const before = categories.map((item) => item.name);
    sortByName(categories, 'fr');
    expect(categories.map((item) => item.name)).toEqual(before);
  });
});
