// Short names on the cards keep the meaningful part.
import { describe, expect, it } from 'vitest';
import { shortLabel } from './labels';

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
