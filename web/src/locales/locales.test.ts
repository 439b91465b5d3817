// Both languages must be complete: same keys in every namespace, no empty text,
// and the same interpolation variables on both sides.
import { describe, expect, it } from 'vitest';
import { resources } from '@/lib/i18n';

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

  it('has the 404 message of the spec in both languages', () => {
    expect(resources.en.common.notFound.message).toBe('Page not found: {{path}}');
    expect(resources.fr.common.notFound.message).toBe('Page introuvable : {{path}}');
  });
});
