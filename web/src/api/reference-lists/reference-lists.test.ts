// The reference lists: the right URL, the locale in the query key (so another
// language is another cache entry) and the all-labels switch.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getContractTypesQueryOptions } from './contract-types';
import { getLanguages, getLanguagesQueryOptions } from './languages';
import { getSoftskillCategoriesQueryOptions } from './softskill-categories';

let fetchMock: ReturnType<typeof vi.fn>;

describe('reference lists', () => {
  beforeEach(() => {
    fetchMock = vi.fn(async () => new Response('[{"id":1,"name":"Français","code":"fr"}]', { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('fetch their endpoint under /api/api', async () => {
    expect(await getLanguages()).toEqual([{ id: 1, name: 'Français', code: 'fr' }]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/api/languages');
  });

  it('ask for both labels only when told to', async () => {
    await getLanguages({ allLabels: true });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/api/languages?labels=all');
  });

  it('keep one cache entry per locale, with a long stale time', () => {
    const french = getContractTypesQueryOptions({ locale: 'fr' });
    const english = getContractTypesQueryOptions({ locale: 'en' });
    expect(french.queryKey).toEqual(['reference-lists', 'contract-types', 'fr', 'one']);
    expect(english.queryKey).not.toEqual(french.queryKey);
    expect(getSoftskillCategoriesQueryOptions({ locale: 'en', allLabels: true }).queryKey).toEqual([
      'reference-lists', 'softskill-categories', 'en', 'all',
    ]);
    expect(getLanguagesQueryOptions().staleTime).toBeGreaterThanOrEqual(5 * 60 * 1000);
  });
});
