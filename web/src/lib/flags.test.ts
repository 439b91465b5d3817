// The flags of the reference list's languages, as emoji turned into pictures.
import { describe, expect, it } from 'vitest';
import { countryOfFlag, flagUrl } from './flags';

// the emoji flags of migrations/0002_reference_data.sql's languages
const referenceFlags = '🇫🇷 🇬🇧 🇪🇸 🇩🇪 🇮🇹 🇵🇹 🇳🇱 🇸🇦 🇨🇳 🇯🇵 🇷🇺 🇵🇱 🇷🇴 🇹🇷 🇰🇷 🇮🇳 🇸🇪 🇩🇰 🇳🇴 🇫🇮 🇬🇷 🇮🇱 🇺🇦 🇨🇿 🇭🇺 🇻🇳 🇹🇭 🇮🇩 🇮🇷 🇧🇩 🇧🇬 🇭🇷'.split(' ');

describe('countryOfFlag', () => {
  it('reads the country of an emoji flag or of a two-letter code', () => {
    expect(countryOfFlag('🇬🇧')).toBe('gb');
    expect(countryOfFlag('FR')).toBe('fr');
    expect(countryOfFlag(' it ')).toBe('it');
  });

  it('is null for anything else', () => {
    expect(countryOfFlag(null)).toBeNull();
    expect(countryOfFlag('')).toBeNull();
    expect(countryOfFlag('🏳️')).toBeNull();
    expect(countryOfFlag('FRA')).toBeNull();
  });
});

describe('flagUrl', () => {
  it('has a picture for the flag of every language of the reference list', () => {
    expect(referenceFlags).toHaveLength(32);
    expect(referenceFlags.filter((flag) => flagUrl(flag) === null)).toEqual([]);
    expect(flagUrl('🇫🇷')).toMatch(/fr\.svg/);
  });

  it('has none for a flag outside the set', () => {
    expect(flagUrl('🇧🇷')).toBeNull();
    expect(flagUrl(null)).toBeNull();
  });
});
