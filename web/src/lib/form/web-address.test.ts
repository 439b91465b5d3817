// What a school types in its web site field, and what is checked and sent.
import { describe, expect, it } from 'vitest';
import { withWebScheme } from './web-address';

describe('withWebScheme', () => {
  it('puts https:// before an address typed without a scheme', () => {
    expect(withWebScheme('ecole-rhone.fr')).toBe('https://ecole-rhone.fr');
    expect(withWebScheme('  www.ecole-rhone.fr/admissions ')).toBe('https://www.ecole-rhone.fr/admissions');
    expect(withWebScheme('//ecole-rhone.fr')).toBe('https://ecole-rhone.fr');
    expect(withWebScheme('ecole-rhone.fr:8443/site')).toBe('https://ecole-rhone.fr:8443/site');
  });

  it('keeps an address that has its web scheme, whatever its case', () => {
    expect(withWebScheme('http://ecole-rhone.fr')).toBe('http://ecole-rhone.fr');
    expect(withWebScheme('HTTPS://ecole-rhone.fr')).toBe('HTTPS://ecole-rhone.fr');
  });

  it('leaves an empty field and other schemes as typed', () => {
    expect(withWebScheme('   ')).toBe('');
    expect(withWebScheme('mailto:contact@ecole.fr')).toBe('mailto:contact@ecole.fr');
    expect(withWebScheme('ftp://ecole.fr')).toBe('ftp://ecole.fr');
  });
});
