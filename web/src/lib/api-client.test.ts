// The API client's error handling (spec §8) and retries (spec §9), with fetch
// and the app's surroundings replaced by recording stubs.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  type ApiClientEnvironment,
  browserApiEnvironment,
  createApiClient,
  isDailyQuotaReached,
  randomUuid,
  standingErrorOf,
} from './api-client';
import { i18n, namespaces, resources } from './i18n';

function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

let keys = 0;

function setup({ path = '/', responses }: { path?: string; responses: Response[] }) {
  const fetch = vi.fn<typeof globalThis.fetch>();
  for (const response of responses) fetch.mockResolvedValueOnce(response);
  const environment = {
    fetch,
    currentPath: () => path,
    navigate: vi.fn<(to: string) => void>(),
    logout: vi.fn<() => void>(),
    toast: vi.fn<ApiClientEnvironment['toast']>(),
    translateCode: (code: string) =>
      ({ validation_failed: 'Certains champs sont invalides.' })[code],
    fallbackMessage: () => 'Une erreur est survenue',
    wait: vi.fn(async (_milliseconds: number) => {}),
    newIdempotencyKey: vi.fn(() => `key-${++keys}`),
  } satisfies ApiClientEnvironment;
  return { client: createApiClient(environment), environment, fetch };
}

function withRetryAfter(status: number, retryAfter: string): Response {
  return new Response('{}', { status, headers: { 'content-type': 'application/json', 'retry-after': retryAfter } });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('requests', () => {
  it('sends JSON under /api with the session cookie', async () => {
    const { client, fetch } = setup({ responses: [jsonResponse(200, { id: 3 })] });

    const result = await client.post<{ id: number }>('/api/companies', { name: 'Acme' });

    expect(result).toEqual({ id: 3 });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/api/companies');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"name":"Acme"}' });
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('encodes query parameters and skips empty ones', async () => {
    const { client, fetch } = setup({ responses: [jsonResponse(200, [])] });

    await client.get('/api/companies', { query: { name: 'Café & Co', page: 2, missing: undefined } });

    expect(fetch.mock.calls[0]?.[0]).toBe('/api/api/companies?name=Caf%C3%A9+%26+Co&page=2');
  });

  it('returns undefined for an empty 204 answer', async () => {
    const { client } = setup({ responses: [new Response(null, { status: 204 })] });
    await expect(client.delete('/api/candidate/hobbies/4')).resolves.toBeUndefined();
  });
});

describe('a 401 answer', () => {
  it('logs out and sends the user to login on a route needing auth', async () => {
    const { client, environment } = setup({
      path: '/dashboard/candidate/profil?tab=2',
      responses: [jsonResponse(401, { code: 'unauthorized', message: 'session expired' })],
    });

    const error = await failure(client.get('/api/auth/whoami'));

    expect(error.status).toBe(401);
    expect(environment.logout).toHaveBeenCalledOnce();
    expect(environment.navigate).toHaveBeenCalledWith(
      '/login?redirect=%2Fdashboard%2Fcandidate%2Fprofil%3Ftab%3D2',
    );
    expect(environment.toast).not.toHaveBeenCalled();
  });

  it('also redirects from the dashboard routes the spec leaves unflagged', async () => {
    const { client, environment } = setup({
      path: '/dashboard/partenaire/sourcing',
      responses: [jsonResponse(401, {})],
    });

    await failure(client.get('/api/sourcing/searchs'));

    expect(environment.navigate).toHaveBeenCalledWith('/login?redirect=%2Fdashboard%2Fpartenaire%2Fsourcing');
  });

  it('logs out but stays put on a public route', async () => {
    for (const path of ['/', '/candidat/camille', '/login']) {
      const { client, environment } = setup({ path, responses: [jsonResponse(401, {})] });

      await failure(client.get('/api/auth/whoami'));

      expect(environment.logout).toHaveBeenCalledOnce();
      expect(environment.navigate).not.toHaveBeenCalled();
    }
  });

  it('stays put on a call where being anonymous is an answer (whoami, login)', async () => {
    const { client, environment } = setup({ path: '/dashboard/candidate', responses: [jsonResponse(401, {})] });

    await failure(client.get('/api/auth/whoami', { anonymousAllowed: true }));

    expect(environment.logout).toHaveBeenCalledOnce();
    expect(environment.navigate).not.toHaveBeenCalled();
  });
});

describe('a 429 answer', () => {
  it('carries the Retry-After delay in seconds', async () => {
    const limited = new Response(JSON.stringify({ code: 'too_many_requests', message: 'slow down' }), {
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': '42' },
    });
    const { client } = setup({ responses: [limited] });

    const error = await failure(client.get('/api/auth/whoami', { silent: true }));

    expect(error.code).toBe('too_many_requests');
    expect(error.retryAfter).toBe(42);
  });

  it('has no delay when the header is missing', async () => {
    const { client } = setup({ responses: [jsonResponse(400, { code: 'bad_request' })] });
    expect((await failure(client.get('/x', { silent: true }))).retryAfter).toBeNull();
  });
});

describe('error toasts', () => {
  it('translates the code of an error carrying a message', async () => {
    const { client, environment } = setup({
      responses: [
        jsonResponse(422, {
          code: 'validation_failed',
          message: 'validation failed',
          errors: { email: ['required'], phone: ['invalid', 'too_short'] },
        }),
      ],
    });

    const error = await failure(client.post('/api/candidates', {}));

    expect(environment.toast).toHaveBeenCalledWith('Certains champs sont invalides.', 'error');
    expect(error).toMatchObject({
      status: 422,
      code: 'validation_failed',
      message: 'validation failed',
      errors: { email: ['required'], phone: ['invalid', 'too_short'] },
    });
  });

  it('shows the message itself when its code has no translation', async () => {
    const { client, environment } = setup({
      responses: [jsonResponse(404, { code: 'campus_not_found', message: 'Campus introuvable' })],
    });

    await failure(client.get('/api/school/campuses/9'));

    expect(environment.toast).toHaveBeenCalledWith('Campus introuvable', 'error');
  });

  it('shows the fallback when the error carries no message', async () => {
    const { client, environment } = setup({ responses: [jsonResponse(500, {})] });

    const error = await failure(client.get('/api/ping'));

    expect(environment.toast).toHaveBeenCalledWith('Une erreur est survenue', 'error');
    expect(error).toMatchObject({ status: 500, code: '', message: '', errors: {} });
  });

  it('shows the fallback when the body is not JSON', async () => {
    const { client, environment } = setup({
      responses: [new Response('<html>Bad gateway</html>', { status: 404 })],
    });

    await failure(client.get('/api/ping'));

    expect(environment.toast).toHaveBeenCalledWith('Une erreur est survenue', 'error');
  });

  it('lets the caller handle the error itself when silent', async () => {
    const { client, environment } = setup({
      responses: [jsonResponse(422, { code: 'validation_failed', message: 'invalid' })],
    });

    await failure(client.post('/api/candidates', {}, { silent: true }));

    expect(environment.toast).not.toHaveBeenCalled();
  });

  it('turns a network failure into an ApiError with status 0 and a toast', async () => {
    const { client, environment, fetch } = setup({ responses: [] });
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));

    const error = await failure(client.get('/api/ping'));

    expect(error).toMatchObject({ status: 0, code: 'network_error' });
    expect(environment.toast).toHaveBeenCalledOnce();
  });
});

describe("an account's standing", () => {
  const pending = () => jsonResponse(403, { code: 'account_pending', message: 'the account waits for approval' });
  const suspended = () => jsonResponse(403, { code: 'account_suspended', message: 'the account is suspended' });

  it('shows no toast for a read refused while the account waits for approval: the page says it', async () => {
    const { client, environment } = setup({ path: '/dashboard/partenaire/sourcing', responses: [pending()] });

    const error = await failure(client.get('/api/sourcing/searchs'));

    expect(error.code).toBe('account_pending');
    expect(standingErrorOf(error)).toBe('account_pending');
    expect(environment.toast).not.toHaveBeenCalled();
    expect(environment.logout).not.toHaveBeenCalled();
  });

  it('toasts an action refused while the account waits for approval', async () => {
    const { client, environment } = setup({ responses: [pending()] });

    await failure(client.post('/api/sourcing/searchs', {}));

    expect(environment.toast).toHaveBeenCalledWith('the account waits for approval', 'error');
  });

  it('logs a suspended account out, sends it to login and says why once for calls that fail together', async () => {
    const { client, environment } = setup({ path: '/dashboard/ecole', responses: [suspended(), suspended()] });

    await failure(client.get('/api/school/campuses'));
    await failure(client.get('/api/school/statistics'));

    expect(environment.logout).toHaveBeenCalledTimes(2);
    expect(environment.navigate).toHaveBeenCalledWith('/login?redirect=%2Fdashboard%2Fecole');
    expect(environment.toast).toHaveBeenCalledTimes(1);
    expect(environment.toast).toHaveBeenCalledWith('the account is suspended', 'error');
  });

  it('leaves the login form to tell a suspended account', async () => {
    const { client, environment } = setup({ path: '/login', responses: [suspended()] });

    await failure(client.post('/api/auth/login', {}, { silent: true, anonymousAllowed: true }));

    expect(environment.toast).not.toHaveBeenCalled();
    expect(environment.navigate).not.toHaveBeenCalled();
  });

  it('reads other refusals as no standing', () => {
    expect(standingErrorOf(new ApiError(403, 'forbidden', ''))).toBeNull();
    expect(standingErrorOf(new ApiError(409, 'account_pending', ''))).toBeNull();
    expect(standingErrorOf(new Error('account_pending'))).toBeNull();
  });
});

describe('retries', () => {
  it('retries a POST once on 503 and returns the second answer', async () => {
    const { client, fetch, environment } = setup({
      responses: [jsonResponse(503, {}), jsonResponse(201, { id: 1 })],
    });

    await expect(client.post('/api/companies', { name: 'Acme' })).resolves.toEqual({ id: 1 });

    expect(fetch).toHaveBeenCalledTimes(2);
    expect(environment.wait).toHaveBeenCalledOnce();
    expect(environment.toast).not.toHaveBeenCalled();
  });

  it('gives up on a POST after one retry', async () => {
    const { client, fetch, environment } = setup({
      responses: [jsonResponse(503, {}), jsonResponse(503, { code: 'service_unavailable', message: 'down' }), jsonResponse(200, {})],
    });

    const error = await failure(client.post('/api/companies', { name: 'Acme' }));

    expect(error.status).toBe(503);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(environment.toast).toHaveBeenCalledOnce();
  });

  it('never retries a GET', async () => {
    const { client, fetch } = setup({ responses: [jsonResponse(503, {}), jsonResponse(200, {})] });

    await failure(client.get('/api/ping'));

    expect(fetch).toHaveBeenCalledOnce();
  });

  it('does not retry a POST on a status outside the list', async () => {
    const { client, fetch } = setup({ responses: [jsonResponse(422, {}), jsonResponse(200, {})] });

    await failure(client.post('/api/companies', {}));

    expect(fetch).toHaveBeenCalledOnce();
  });

  it('sends no Idempotency-Key with a POST that only reads, and still resends it once', async () => {
    const { client, fetch } = setup({ responses: [jsonResponse(503, {}), jsonResponse(200, { hits: [] })] });
    await expect(client.post('/api/sourcing/searchs', {}, { readOnly: true })).resolves.toEqual({ hits: [] });
    expect(fetch).toHaveBeenCalledTimes(2);
    for (const [, init] of fetch.mock.calls) {
      expect((init as RequestInit & { headers: Record<string, string> }).headers['Idempotency-Key']).toBeUndefined();
    }
  });

  it('resends a POST after a 500, 502 or 504 with the same Idempotency-Key, but not when no answer came', async () => {
    for (const status of [500, 502, 504]) {
      const { client, fetch } = setup({ responses: [jsonResponse(status, {}), jsonResponse(201, { id: 1 })] });
      await expect(client.post('/api/companies', { name: 'Acme' })).resolves.toEqual({ id: 1 });
      expect(fetch).toHaveBeenCalledTimes(2);
      const keys = fetch.mock.calls.map(([, init]) => (init as RequestInit & { headers: Record<string, string> }).headers['Idempotency-Key']);
      expect(keys[0]).toBeTruthy();
      expect(keys[1]).toBe(keys[0]);
    }
    const timedOut = setup({ responses: [] });
    timedOut.fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect((await failure(timedOut.client.post('/api/companies', {}))).code).toBe('network_error');
    expect(timedOut.fetch).toHaveBeenCalledOnce();
  });

  it('waits 300 ms before resending when the server says nothing of when', async () => {
    const { client, environment } = setup({ responses: [jsonResponse(503, {}), jsonResponse(200, {})] });

    await client.post('/api/companies', {});

    expect(environment.wait).toHaveBeenCalledWith(300);
  });

  it('waits as long as Retry-After says, in seconds or as an HTTP date', async () => {
    const inSeconds = setup({ responses: [withRetryAfter(503, '2'), jsonResponse(200, {})] });
    await inSeconds.client.post('/api/companies', {});
    expect(inSeconds.environment.wait).toHaveBeenCalledWith(2000);

    const asDate = setup({ responses: [withRetryAfter(503, new Date(Date.now() + 3000).toUTCString()), jsonResponse(200, {})] });
    await asDate.client.post('/api/companies', {});
    const waited = asDate.environment.wait.mock.calls[0]?.[0] ?? 0;
    expect(waited).toBeGreaterThan(1000);
    expect(waited).toBeLessThanOrEqual(4000);
  });

  it('does not resend when Retry-After asks for longer than the cap', async () => {
    const { client, fetch, environment } = setup({ responses: [withRetryAfter(503, '120'), jsonResponse(200, {})] });

    const error = await failure(client.post('/api/companies', {}));

    expect(error.retryAfter).toBe(120);
    expect(fetch).toHaveBeenCalledOnce();
    expect(environment.wait).not.toHaveBeenCalled();
  });

  it('never resends a 429 at once: not without Retry-After, and after a second at least with it', async () => {
    const without = setup({ responses: [jsonResponse(429, {}), jsonResponse(200, {})] });
    await failure(without.client.post('/api/companies', {}));
    expect(without.fetch).toHaveBeenCalledOnce();

    const withZero = setup({ responses: [withRetryAfter(429, '0'), jsonResponse(200, {})] });
    await withZero.client.post('/api/companies', {});
    expect(withZero.environment.wait).toHaveBeenCalledWith(1000);
    expect(withZero.fetch).toHaveBeenCalledTimes(2);
  });

  it('never resends a spent daily quota, with or without Retry-After', async () => {
    const quota = { code: 'daily_quota_reached', message: 'daily quota reached' };
    const without = setup({ responses: [jsonResponse(429, quota), jsonResponse(200, {})] });
    const error = await failure(without.client.post('/api/sourcing/searchs', {}, { query: { save: false } }));
    expect(error).toMatchObject({ status: 429, code: 'daily_quota_reached', retryAfter: null });
    expect(isDailyQuotaReached(error)).toBe(true);
    expect(without.fetch).toHaveBeenCalledOnce();
    expect(without.environment.wait).not.toHaveBeenCalled();

    const withHeader = setup({
      responses: [
        new Response(JSON.stringify(quota), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '1' } }),
        jsonResponse(200, {}),
      ],
    });
    await failure(withHeader.client.post('/api/sourcing/searchs', {}));
    expect(withHeader.fetch).toHaveBeenCalledOnce();
    expect(withHeader.environment.wait).not.toHaveBeenCalled();
  });

  it('tells a spent daily quota from other failures', () => {
    expect(isDailyQuotaReached(new ApiError(429, 'daily_quota_reached', ''))).toBe(true);
    expect(isDailyQuotaReached(new ApiError(429, 'too_many_requests', ''))).toBe(false);
    expect(isDailyQuotaReached(new Error('daily_quota_reached'))).toBe(false);
  });

  it('sends one Idempotency-Key with a POST, the same on its resend', async () => {
    const { client, fetch } = setup({ responses: [jsonResponse(503, {}), jsonResponse(201, {})] });

    await client.post('/api/companies', { name: 'Acme' });

    const sentKeys = fetch.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
    expect(sentKeys).toHaveLength(2);
    expect(sentKeys[0]).toMatch(/^key-\d+$/);
    expect(sentKeys[1]).toBe(sentKeys[0]);
  });

  it('gives each call its own key, and none to a request it never resends', async () => {
    const { client, fetch } = setup({ responses: [jsonResponse(200, {}), jsonResponse(200, {}), jsonResponse(200, {})] });

    await client.post('/api/companies', {});
    await client.post('/api/companies', {});
    await client.get('/api/companies');

    const sentKeys = fetch.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
    expect(sentKeys[0]).not.toBe(sentKeys[1]);
    expect(sentKeys[2]).toBeUndefined();
  });
});

describe('randomUuid', () => {
  it('gives a version 4 UUID, also where crypto.randomUUID is missing (a page on plain http)', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(randomUuid()).toMatch(uuid);
    const original = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      expect(randomUuid()).toMatch(uuid);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});

describe('the browser environment translations', () => {
  beforeAll(async () => {
    await i18n.init({ resources, ns: namespaces, defaultNS: 'common', lng: 'fr', fallbackLng: 'fr' });
  });

  it('translates known codes and leaves unknown ones to the message', async () => {
    await i18n.changeLanguage('fr');
    expect(browserApiEnvironment.translateCode('validation_failed')).toBe(
      'Certains champs sont invalides. Vérifiez le formulaire.',
    );
    expect(browserApiEnvironment.translateCode('no_such_code')).toBeUndefined();
  });

  it('says when a daily quota starts again, in both languages', async () => {
    await i18n.changeLanguage('fr');
    expect(browserApiEnvironment.translateCode('daily_quota_reached')).toMatch(/quota quotidien.*minuit \(UTC\)/);
    await i18n.changeLanguage('en');
    expect(browserApiEnvironment.translateCode('daily_quota_reached')).toMatch(/daily quota.*midnight \(UTC\)/);
  });

  it('has the French fallback "Une erreur est survenue" and its English version', async () => {
    await i18n.changeLanguage('fr');
    expect(browserApiEnvironment.fallbackMessage()).toBe('Une erreur est survenue');
    await i18n.changeLanguage('en');
    expect(browserApiEnvironment.fallbackMessage()).toBe('An error occurred');
  });
});
