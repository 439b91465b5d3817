// The one way the app talks to the server: JSON over fetch under /api, with the
// session cookie. It turns error bodies into ApiError, applies the retry policy
// (spec §9), logs the user out on a 401 and sends them to login when the page
// needs a session, and shows an error toast for other failures (spec §8).
// A request the policy may send twice carries an `Idempotency-Key`, the same
// on both sends, so that the server can answer a resent POST with the answer
// of the first one instead of doing the work again.
// An account's standing has its own answers: a read refused because the account
// waits for approval (or was refused) shows no toast, as the page says it in
// place of the list (components/ui/account-standing.tsx); a suspended account
// is logged out like a lost session, told once why.
import type { ErrorCode } from '@/api/codes';
import { loginPathWithRedirect, routeNeedsAuth } from '@/config/paths';
import { i18n } from '@/lib/i18n';
import { currentPath, navigateTo } from '@/lib/navigation';
import { maxRetries, parseRetryAfter, retryDelayMs, shouldRetry } from '@/lib/retry-policy';
import { logout } from '@/lib/session';
import { showToast, type ToastType } from '@/lib/toasts';

export const apiBaseUrl = '/api';

/** A failure the client names itself: no answer came. */
export type ClientErrorCode = 'network_error';

/**
 * The toast text (in the `api` namespace) of every code a failure may carry.
 * Typed by the server's union: a code the server drops or adds fails `tsc`.
 */
export const errorCodeKeys = {
  unauthorized: 'codes.unauthorized',
  forbidden: 'codes.forbidden',
  not_found: 'codes.not_found',
  validation_failed: 'codes.validation_failed',
  too_many_requests: 'codes.too_many_requests',
  internal_error: 'codes.internal_error',
  invalid_body: 'codes.invalid_body',
  invalid_query: 'codes.invalid_query',
  invalid_path: 'codes.invalid_path',
  method_not_allowed: 'codes.method_not_allowed',
  payload_too_large: 'codes.payload_too_large',
  email_taken: 'codes.email_taken',
  invalid_credentials: 'codes.invalid_credentials',
  email_not_validated: 'codes.email_not_validated',
  account_deactivated: 'codes.account_deactivated',
  invalid_token: 'codes.invalid_token',
  account_pending: 'codes.account_pending',
  account_refused: 'codes.account_refused',
  account_suspended: 'codes.account_suspended',
  standing_unchanged: 'codes.standing_unchanged',
  standing_transition_not_allowed: 'codes.standing_transition_not_allowed',
  operator_account: 'codes.operator_account',
  request_resolved: 'codes.request_resolved',
  // school invitations
  invitation_closed: 'codes.invitation_closed',
  not_in_a_school: 'codes.not_in_a_school',
  daily_quota_reached: 'codes.daily_quota_reached',
  // contact requests and conversations
  contact_request_open: 'codes.contact_request_open',
  contact_recently_declined: 'codes.contact_recently_declined',
  contact_request_closed: 'codes.contact_request_closed',
  conversation_closed: 'codes.conversation_closed',
  // offers and applications
  offer_not_live: 'codes.offer_not_live',
  already_applied: 'codes.already_applied',
  application_closed: 'codes.application_closed',
  request_in_progress: 'codes.request_in_progress',
  idempotency_key_reused: 'codes.idempotency_key_reused',
  network_error: 'codes.network_error',
} as const satisfies Record<ErrorCode | ClientErrorCode, `codes.${string}`>;

export function isKnownErrorCode(code: string): code is ErrorCode | ClientErrorCode {
  return Object.hasOwn(errorCodeKeys, code);
}

/** The codes of a call refused because of the account's standing, not of the call itself. */
export const standingErrorCodes = ['account_pending', 'account_refused', 'account_suspended'] as const satisfies readonly ErrorCode[];
export type StandingErrorCode = (typeof standingErrorCodes)[number];

/** The standing that made the server refuse `error`, or null when it was refused for another reason. */
export function standingErrorOf(error: unknown): StandingErrorCode | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  return (standingErrorCodes as readonly string[]).includes(error.code) ? (error.code as StandingErrorCode) : null;
}

/** Field name to error codes, as the server sends them for validation failures. */
export type FieldErrors = Record<string, string[]>;

/** The server's error body: `{ code, message, errors }`. */
type ErrorBody = { code?: unknown; message?: unknown; errors?: unknown };

/** A failed call. `status` is 0 when no response arrived (network failure). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: FieldErrors;
  /** Seconds to wait before trying again, from a 429's `Retry-After` header. */
  readonly retryAfter: number | null;

  constructor(status: number, code: string, message: string, errors: FieldErrors = {}, retryAfter: number | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
    this.retryAfter = retryAfter;
  }
}

/**
 * A partner's daily quota of searches or of opened profiles is spent (a 429
 * that is never resent): the page says so where the results would be.
 */
export function isDailyQuotaReached(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'daily_quota_reached';
}

export type RequestOptions = {
  method?: string;
  /** Sent as JSON; FormData is sent as is (uploads). */
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Let the caller show the error itself (e.g. validation errors next to fields). */
  silent?: boolean;
  /**
   * A 401 is an expected answer here (whoami, login): it still logs out, but
   * does not send the user to the login page.
   */
  anonymousAllowed?: boolean;
  /**
   * A POST that only reads (a search run without saving it): a resend does no
   * work twice, so it carries no Idempotency-Key and the server keeps no copy
   * of its answer (searches are the hottest route).
   */
  readOnly?: boolean;
};

/** What the client needs from its surroundings; tests replace each piece. */
export type ApiClientEnvironment = {
  fetch: typeof fetch;
  currentPath: () => string;
  navigate: (to: string) => void;
  logout: () => void;
  toast: (message: string, type: ToastType) => void;
  /** Translation of an error code, or undefined when no translation exists. */
  translateCode: (code: string) => string | undefined;
  fallbackMessage: () => string;
  /** Pause before a retry. */
  wait: (milliseconds: number) => Promise<void>;
  /** A fresh key for the `Idempotency-Key` header of a request that may be resent. */
  newIdempotencyKey: () => string;
};

function toFieldErrors(value: unknown): FieldErrors {
  if (value === null || typeof value !== 'object') return {};
  const errors: FieldErrors = {};
  for (const [field, codes] of Object.entries(value)) {
    if (Array.isArray(codes)) errors[field] = codes.map(String);
  }
  return errors;
}

async function readErrorBody(response: Response): Promise<ErrorBody> {
  try {
    const body: unknown = await response.json();
    return body !== null && typeof body === 'object' ? (body as ErrorBody) : {};
  } catch {
    return {};
  }
}

function readRetryAfter(response: Response): number | null {
  return parseRetryAfter(response.headers.get('retry-after'));
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readErrorBody(response);
  return new ApiError(
    response.status,
    typeof body.code === 'string' ? body.code : '',
    typeof body.message === 'string' ? body.message : '',
    toFieldErrors(body.errors),
    readRetryAfter(response),
  );
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = `${apiBaseUrl}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const encoded = search.toString();
  return encoded ? `${url}?${encoded}` : url;
}

async function parseSuccess<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (text === '') return undefined as T;
  const contentType = response.headers.get('content-type') ?? '';
  return (contentType.includes('json') ? JSON.parse(text) : text) as T;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** A suspended account's calls fail together: its notice is shown once in this many milliseconds. */
const suspendedNoticeMs = 5000;

export function createApiClient(environment: ApiClientEnvironment) {
  let lastSuspendedNotice = Number.NEGATIVE_INFINITY;

  function sendToLogin(): void {
    const here = environment.currentPath();
    const pathname = here.split(/[?#]/)[0] ?? here;
    if (routeNeedsAuth(pathname)) environment.navigate(loginPathWithRedirect(here));
  }

  // Spec §8: a known code is shown in the user's language, else the server's
  // message as sent, else the generic fallback.
  function messageOf(error: ApiError): string {
    const translated = error.code !== '' ? environment.translateCode(error.code) : undefined;
    return translated ?? (error.message !== '' ? error.message : environment.fallbackMessage());
  }

  function report(error: ApiError, method: string, silent: boolean, anonymousAllowed = false): void {
    if (error.status === 401) {
      // A 401 means the session is gone: no toast, the login page says it all.
      environment.logout();
      if (!anonymousAllowed) sendToLogin();
      return;
    }
    const standing = standingErrorOf(error);
    if (standing === 'account_suspended') {
      // The account may no longer use its session: out, as on a 401, saying why once.
      environment.logout();
      if (anonymousAllowed) return;
      const now = Date.now();
      if (!silent && now - lastSuspendedNotice > suspendedNoticeMs) {
        lastSuspendedNotice = now;
        environment.toast(messageOf(error), 'error');
      }
      sendToLogin();
      return;
    }
    // The page shows a read refused for the account's standing in place of what it reads.
    if (standing !== null && method === 'GET') return;
    if (silent) return;
    environment.toast(messageOf(error), 'error');
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = (options.method ?? 'GET').toUpperCase();
    const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    let body: BodyInit | undefined;
    if (options.body !== undefined) {
      if (isForm) body = options.body as FormData;
      else {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(options.body);
      }
    }
    const url = buildUrl(path, options.query);
    if (maxRetries(method) > 0 && !options.readOnly) headers['Idempotency-Key'] = environment.newIdempotencyKey();

    for (let failedAttempts = 0; ; ) {
      let response: Response;
      try {
        response = await environment.fetch(url, {
          method,
          headers,
          body,
          credentials: 'include',
          signal: options.signal,
        });
      } catch (cause) {
        if (options.signal?.aborted) throw cause;
        const error = new ApiError(0, 'network_error', '');
        error.cause = cause;
        report(error, method, options.silent ?? false);
        throw error;
      }
      if (response.ok) return parseSuccess<T>(response);

      failedAttempts += 1;
      // The body is read first: its code may say that a resend cannot help.
      const error = await toApiError(response);
      const delay = shouldRetry(method, response.status, failedAttempts, error.code)
        ? retryDelayMs(response.status, error.retryAfter)
        : null;
      if (delay !== null) {
        await environment.wait(delay);
        continue;
      }
      report(error, method, options.silent ?? false, options.anonymousAllowed);
      throw error;
    }
  }

  return {
    request,
    get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'PUT', body }),
    patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'PATCH', body }),
    delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'DELETE' }),
  };
}

/** A random (version 4) UUID; `crypto.randomUUID` exists only on secure pages (https or localhost). */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The browser environment: real fetch, router navigation, the app's stores and translations. */
export const browserApiEnvironment: ApiClientEnvironment = {
  fetch: (input, init) => fetch(input, init),
  currentPath,
  navigate: (to) => navigateTo(to),
  logout,
  toast: (message, type) => showToast(message, type),
  translateCode: (code) => (isKnownErrorCode(code) ? i18n.t(`api:${errorCodeKeys[code]}`) : undefined),
  fallbackMessage: () => i18n.t('api:fallback'),
  wait: (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds)),
  newIdempotencyKey: randomUuid,
};

/** The app's API client. */
export const api = createApiClient(browserApiEnvironment);

