// Short names on the cards keep the meaningful part.
import { describe, expect, it } from 'vitest';
import { formatDistance, shortLabel } from './labels';

describe('short labels', () => {
  it('drop a trailing explanation in parentheses', () => {
    expect(shortLabel('CDI (contrat à durée indéterminée)')).toBe('CDI');
    expect(shortLabel('Bac+2 (BTS, DEUST, 2e année de BUT)')).toBe('Bac+2');
  });

  it('leave other names alone', () => {
    expect(shortLabel('Alternance — contrat de professionnalisation')).toBe('Alternance — contrat de professionnalisation');
    expect(shortLabel('(seulement une parenthèse)')).toBe('(seulement une parenthèse)');
  });
});

describe('distances', () => {
  it('are written with the decimal separator of the language, one decimal at most', () => {
    expect(formatDistance(0.46, 'fr')).toBe('0,5');
    expect(formatDistance(0.46, 'en')).toBe('0.5');
    expect(formatDistance(6.04, 'fr')).toBe('6');
  });
});
