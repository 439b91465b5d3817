// What to tell the user when an account call fails: each server code of the
// accounts contract has its own sentence; a rate limit says how long to wait.
import type { ErrorCode } from '@/api/codes';
import { ApiError, type ClientErrorCode } from '@/lib/api-client';

export type ErrorMessage = { key: string; values?: Record<string, string | number> };

/** Typed by the server's codes: a code the server drops fails `tsc`. */
const codeKeys: Partial<Record<ErrorCode | ClientErrorCode, string>> = {
  invalid_credentials: 'errors.invalidCredentials',
  email_not_validated: 'errors.emailNotValidated',
  account_deactivated: 'errors.accountDeactivated',
  account_suspended: 'errors.accountSuspended',
  invalid_token: 'errors.invalidToken',
  email_taken: 'errors.emailTaken',
  validation_failed: 'errors.validationFailed',
  network_error: 'errors.network',
};

/** The `auth` namespace key (and values) describing `error`. */
export function describeAuthError(error: unknown): ErrorMessage {
  if (!(error instanceof ApiError)) return { key: 'errors.unknown' };
  if (error.status === 429 || error.code === 'too_many_requests') {
    const seconds = error.retryAfter;
    if (seconds === null || seconds <= 0) return { key: 'errors.rateLimited' };
    if (seconds < 60) return { key: 'errors.rateLimitedSeconds', values: { count: seconds } };
    return { key: 'errors.rateLimitedMinutes', values: { count: Math.ceil(seconds / 60) } };
  }
  const key = codeKeys[error.code as ErrorCode];
  if (key) return { key };
  if (error.status === 401) return { key: 'errors.invalidCredentials' };
  if (error.status === 0) return { key: 'errors.network' };
  return { key: 'errors.unknown' };
}
