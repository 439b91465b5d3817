// The component tests' stand-in for the server behind fetch: JSON answers (the
// API client reads bodies by their content type, as the server sends them)
// and a server of reference lists by path.
import { vi } from 'vitest';

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Stubs fetch as a server of lists: `answer` first (undefined to pass on),
 * then the list `lists` holds for the path (the query string left aside), and
 * an empty list for any other path.
 */
export function stubListServer(
  lists: Readonly<Record<string, unknown>>,
  answer?: (path: string, init?: RequestInit) => Response | undefined,
) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const path = String(url).split('?')[0] ?? '';
    return answer?.(path, init) ?? jsonResponse(200, lists[path] ?? []);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** A request the stubbed server received: its method, URL and JSON body (null without one). */
export type RecordedCall = { method: string; url: string; body: unknown };

/**
 * Stubs fetch with `answer` and records every call in the returned array, for
 * tests that check what a component sent.
 */
export function stubRecordingServer(answer: (call: RecordedCall) => Response): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { method: init?.method ?? 'GET', url: String(url), body: init?.body ? JSON.parse(String(init.body)) : null };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}
