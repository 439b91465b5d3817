// "de" before a French word: elided before a vowel or a mute h only.
import { describe, expect, it } from 'vitest';
import { elideDe, elides } from './elision';

describe('elideDe', () => {
  it('elides before a vowel, accented or not, and before a mute h', () => {
    expect(elideDe('Élodie')).toBe('d’Élodie');
    expect(elideDe('Anglais', { lowercase: true })).toBe('d’anglais');
    expect(elideDe('Italien', { lowercase: true })).toBe('d’italien');
    expect(elideDe('Hébreu', { lowercase: true })).toBe('d’hébreu');
    expect(elideDe('Hugo')).toBe('d’Hugo');
  });

  it('keeps "de" before a consonant, a y or an aspirated h', () => {
    expect(elideDe('Léa')).toBe('de Léa');
    expect(elideDe('Yann')).toBe('de Yann');
    expect(elideDe('Hongrois', { lowercase: true })).toBe('de hongrois');
    expect(elides('Henri Martin')).toBe(false);
  });
});
