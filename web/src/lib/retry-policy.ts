// The one retry policy of the app (spec §9). Kept pure so the table of methods,
// statuses and attempts can be tested exhaustively; the API client is its only
// caller and TanStack Query is configured not to retry on top of it.

/** Statuses worth a second try: the server may answer differently a moment later. */
export const retryableStatuses: ReadonlySet<number> = new Set([
  408, 409, 425, 429, 500, 502, 503, 504,
]);

/**
 * Methods the spec calls idempotent. Following the spec literally, they are
 * retried 0 times; every other method (POST, PATCH) is retried once.
 */
const idempotentMethods: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** How many retries a request made with `method` may get. */
export function maxRetries(method: string): number {
  return idempotentMethods.has(method.toUpperCase()) ? 0 : 1;
}

/**
 * Whether to send the request again after a failure.
 *
 * @param method HTTP method of the request
 * @param status HTTP status of the failed response
 * @param failedAttempts how many times the request has failed so far, this one included (1 after the first failure)
 */
export function shouldRetry(method: string, status: number, failedAttempts: number): boolean {
  return retryableStatuses.has(status) && failedAttempts <= maxRetries(method);
}
