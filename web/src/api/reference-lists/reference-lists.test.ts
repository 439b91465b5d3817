// The reference-list factory: the right URL, the locale in the query key (so
// another language is another cache entry) and the all-labels switch.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getReferenceList, referenceListQuery, referenceListStaleTime } from './reference-list';

let fetchMock: ReturnType<typeof vi.fn>;

describe('reference lists', () => {
  beforeEach(() => {
    fetchMock = vi.fn(async () => new Response('[{"id":1,"name":"Français","code":"fr"}]', { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('fetch their endpoint under /api/api', async () => {
    expect(await getReferenceList('languages')).toEqual([{ id: 1, name: 'Français', code: 'fr' }]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/api/languages');
    await getReferenceList('job/categories');
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/api/job/categories');
  });

  it('ask for both labels only when told to', async () => {
    await getReferenceList('languages', { allLabels: true });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/api/languages?labels=all');
  });

  it('keep one cache entry per list and locale, with a long stale time', () => {
    const french = referenceListQuery('contract/types', { locale: 'fr' });
    const english = referenceListQuery('contract/types', { locale: 'en' });
    expect(french.queryKey).toEqual(['reference-lists', 'contract/types', 'fr', 'one']);
    expect(english.queryKey).not.toEqual(french.queryKey);
    expect(referenceListQuery('softskill/categories', { locale: 'en', allLabels: true }).queryKey).toEqual([
      'reference-lists', 'softskill/categories', 'en', 'all',
    ]);
    expect(referenceListQuery('languages').staleTime).toBeGreaterThanOrEqual(5 * 60 * 1000);
    expect(referenceListStaleTime).toBeGreaterThanOrEqual(5 * 60 * 1000);
  });

  it('put the alphabetical lists in the order of the language, and leave the others as the server sent them', async () => {
    const items = ['Transport', 'Éducation', 'Automobile', 'Aéronautique'].map((name, index) => ({ id: index + 1, name }));
    fetchMock.mockImplementation(async () => new Response(JSON.stringify(items), { status: 200, headers: { 'content-type': 'application/json' } }));
    const names = async (list: 'job/categories' | 'contract/types') => (await getReferenceList(list, { locale: 'fr' })).map((item) => item.name);
    expect(await names('job/categories')).toEqual(['Aéronautique', 'Automobile', 'Éducation', 'Transport']);
    expect(await names('contract/types')).toEqual(['Transport', 'Éducation', 'Automobile', 'Aéronautique']);
  });

  it('run the query function of the list they name', async () => {
    const query = referenceListQuery('jobs', { locale: 'fr' });
    await query.queryFn?.({ signal: new AbortController().signal } as never);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/api/jobs');
  });
});
