// The one retry policy of the app (spec §9). Kept pure so the table of methods,
// statuses, attempts and waits can be tested exhaustively; the API client is
// its only caller and TanStack Query is configured not to retry on top of it.
// How long to wait follows the server: a `Retry-After` header is honoured (up
// to a cap beyond which the call fails rather than keep the person waiting),
// and a 429 is never sent again without one, nor one whose code says that no
// resend can succeed before long (a partner's daily quota).
// A POST or PATCH is not idempotent: after a 500, a 502 or a 504 the work may
// have been done. Each carries an `Idempotency-Key` (the API client adds it),
// which the server keeps with its answer for a day: a resend with the same key
// gets the first answer again (or a 409 while the first still runs) instead
// of creating an offer, an account or an import twice. So every status of the
// spec may be followed by the one resend. A request that got no answer at all
// (the network failed) is reported, not resent.

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
 * Error codes no resend can change before long: a partner's daily quota of
 * searches or profiles starts again at midnight UTC only.
 */
export const finalErrorCodes: ReadonlySet<string> = new Set(['daily_quota_reached']);

/**
 * Whether to send the request again after a failure.
 *
 * @param method HTTP method of the request
 * @param status HTTP status of the failed response
 * @param failedAttempts how many times the request has failed so far, this one included (1 after the first failure)
 * @param code the error body's `code`, when it has one
 */
export function shouldRetry(method: string, status: number, failedAttempts: number, code = ''): boolean {
  return (
    retryableStatuses.has(status) &&
    failedAttempts <= maxRetries(method) &&
    !finalErrorCodes.has(code)
  );
}

/** The pause before a resend when the server does not say how long to wait. */
export const defaultRetryDelayMs = 300;
/** The longest a resend waits; a `Retry-After` asking for more ends the call instead. */
export const maxRetryDelayMs = 10_000;
/** A 429 waits at least this long, even when its `Retry-After` says 0. */
const minimumTooManyRequestsDelayMs = 1_000;

/**
 * `Retry-After` in seconds: a number of seconds, or an HTTP date turned into
 * seconds from `now` (never negative); null when absent or unreadable.
 */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * How long to wait before sending a failed request again, or null not to send
 * it again: the server's `Retry-After` when it gives one within
 * `maxRetryDelayMs`, else `defaultRetryDelayMs`; a 429 without the header is
 * not sent again (the server did not say when it would take it).
 */
export function retryDelayMs(status: number, retryAfterSeconds: number | null): number | null {
  if (retryAfterSeconds === null) return status === 429 ? null : defaultRetryDelayMs;
  const asked = retryAfterSeconds * 1000;
  if (asked > maxRetryDelayMs) return null;
  return status === 429 ? Math.max(asked, minimumTooManyRequestsDelayMs) : asked;
}
