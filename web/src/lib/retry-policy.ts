// The one retry policy of the app (spec §9). Kept pure so the table of methods,
// statuses, attempts and waits can be tested exhaustively; the API client is
// its only caller and TanStack Query is configured not to retry on top of it.
// How long to wait follows the server: a `Retry-After` header is honoured (up
// to a cap beyond which the call fails rather than keep the person waiting),
// and a 429 is never sent again without one, nor one whose code says that no
// resend can succeed before long (a partner's daily quota).
// Which failures a resend may follow: only those that say the server did not
// act on the request. A POST or PATCH is not idempotent: after a 500, a 502 or
// a 504 (or no answer at all, a timeout) the work may have been done, and a
// blind resend could create an offer, an account or an import twice. Until
// the server replays a request by its `Idempotency-Key`, those failures are
// reported, not resent; a resend follows a refusal that comes before any work
// (408, 409, 425, 429, 503).

/** Statuses worth a second try: the server may answer differently a moment later. */
export const retryableStatuses: ReadonlySet<number> = new Set([
  408, 409, 425, 429, 500, 502, 503, 504,
]);

/**
 * The retryable statuses that say the server did not act on the request (it
 * timed the request out, refused it for a conflict, too early or too many, or
 * was not there to take it): a resend cannot do the work twice. 500, 502 and
 * 504 say nothing of the sort.
 */
export const notActedOnStatuses: ReadonlySet<number> = new Set([408, 409, 425, 429, 503]);

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
    notActedOnStatuses.has(status) &&
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
