// Spec §9: idempotent requests are retried 0 times, others once, on 408, 409,
// 425, 429, 500, 502, 503 and 504 only (a POST or PATCH carries an
// Idempotency-Key, so the server answers its resend without doing the work twice).
import { describe, expect, it } from 'vitest';
import {
  maxRetries,
  maxRetryDelayMs,
  parseRetryAfter,
  retryableStatuses,
  retryDelayMs,
  shouldRetry,
} from './retry-policy';

const idempotent = ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'];
const nonIdempotent = ['POST', 'PATCH'];
const retryable = [408, 409, 425, 429, 500, 502, 503, 504];
const notRetryable = [400, 401, 403, 404, 405, 410, 413, 418, 422, 426, 431, 451, 501, 505, 511];

describe('shouldRetry', () => {
  it('knows exactly the statuses of the spec', () => {
    expect([...retryableStatuses].sort()).toEqual([...retryable].sort());
  });

  for (const method of idempotent) {
    it(`never retries ${method}`, () => {
      for (const status of [...retryable, ...notRetryable]) {
        for (const failedAttempts of [1, 2, 3]) {
          expect(shouldRetry(method, status, failedAttempts)).toBe(false);
        }
      }
    });
  }

  for (const method of nonIdempotent) {
    it(`retries ${method} once on each status of the spec`, () => {
      for (const status of retryable) {
        expect(shouldRetry(method, status, 1)).toBe(true);
        expect(shouldRetry(method, status, 2)).toBe(false);
        expect(shouldRetry(method, status, 3)).toBe(false);
      }
    });

    it(`does not retry ${method} on other statuses`, () => {
      for (const status of notRetryable) {
        expect(shouldRetry(method, status, 1)).toBe(false);
      }
    });
  }

  it('reads the method case-insensitively', () => {
    expect(shouldRetry('post', 503, 1)).toBe(true);
    expect(shouldRetry('get', 503, 1)).toBe(false);
  });

  it('never retries a spent daily quota, whatever the status and the method', () => {
    for (const method of [...idempotent, ...nonIdempotent]) {
      for (const status of retryable) {
        expect(shouldRetry(method, status, 1, 'daily_quota_reached')).toBe(false);
      }
    }
    expect(shouldRetry('POST', 429, 1, 'too_many_requests')).toBe(true);
  });

  it('gives the retry budget per method', () => {
    expect(idempotent.map(maxRetries)).toEqual([0, 0, 0, 0, 0]);
    expect(nonIdempotent.map(maxRetries)).toEqual([1, 1]);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-03-02T10:00:00Z');

  it('reads seconds, rounding up and never below 0', () => {
    expect(parseRetryAfter('5', now)).toBe(5);
    expect(parseRetryAfter('0.2', now)).toBe(1);
    expect(parseRetryAfter('-3', now)).toBe(0);
  });

  it('turns an HTTP date into seconds from now', () => {
    expect(parseRetryAfter('Mon, 02 Mar 2026 10:00:07 GMT', now)).toBe(7);
    expect(parseRetryAfter('Mon, 02 Mar 2026 09:59:00 GMT', now)).toBe(0);
  });

  it('is null when absent or unreadable', () => {
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('  ', now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
  });
});

describe('retryDelayMs', () => {
  it('waits 300 ms when the server does not say, except after a 429', () => {
    expect(retryDelayMs(503, null)).toBe(300);
    expect(retryDelayMs(409, null)).toBe(300);
    expect(retryDelayMs(429, null)).toBeNull();
  });

  it('waits what Retry-After asks, up to the cap, and gives up beyond it', () => {
    expect(retryDelayMs(503, 0)).toBe(0);
    expect(retryDelayMs(503, 4)).toBe(4000);
    expect(retryDelayMs(503, maxRetryDelayMs / 1000)).toBe(maxRetryDelayMs);
    expect(retryDelayMs(503, maxRetryDelayMs / 1000 + 1)).toBeNull();
    expect(retryDelayMs(429, 900)).toBeNull();
  });

  it('never resends a 429 at once', () => {
    expect(retryDelayMs(429, 0)).toBe(1000);
    expect(retryDelayMs(429, 3)).toBe(3000);
  });
});
