// A reader's view of a candidate's DISC result: "none to show" is the API's
// ordinary null (no failed request, no console error on a public profile), and
// only a profile the reader may not read is an error.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { candidateDiscQueryOptions } from './disc';

function answer(status: number, body: string): ReturnType<typeof vi.fn> {
  const fetchMock = vi.fn(async () => new Response(body, { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function run(slug: string) {
  const options = candidateDiscQueryOptions(slug);
  return options.queryFn?.({ signal: new AbortController().signal } as never);
}

describe('a candidate DISC result for a profile reader', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is null when the candidate has none to show', async () => {
    const fetchMock = answer(200, 'null');
    expect(await run('lea-durand-12')).toBeNull();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/api/candidates/lea-durand-12/discs');
  });

  it('is the result when the candidate shows it', async () => {
    answer(200, '{"dominant":"D","secondary":"I","scores":{"d":50,"i":25,"s":15,"c":10}}');
    expect(await run('lea-durand-12')).toMatchObject({ dominant: 'D' });
  });

  it('fails for a profile the reader may not read', async () => {
    answer(404, '{"code":"not_found","message":"not found"}');
    await expect(run('someone-else-3')).rejects.toMatchObject({ status: 404 });
  });
});
