// Spec §9: idempotent requests are retried 0 times, others once, on 408, 409,
// 425, 429, 500, 502, 503 and 504 only.
import { describe, expect, it } from 'vitest';
import { maxRetries, retryableStatuses, shouldRetry } from './retry-policy';

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
    it(`retries ${method} once on each retryable status`, () => {
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

  it('gives the retry budget per method', () => {
    expect(idempotent.map(maxRetries)).toEqual([0, 0, 0, 0, 0]);
    expect(nonIdempotent.map(maxRetries)).toEqual([1, 1]);
  });
});
