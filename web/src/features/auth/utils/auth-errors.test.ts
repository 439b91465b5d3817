// The message chosen for each failure of an account call.
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { resources } from '@/lib/i18n';
import { describeAuthError } from './auth-errors';

describe('describeAuthError', () => {
  it('has a sentence for each code of the accounts contract', () => {
    expect(describeAuthError(new ApiError(401, 'invalid_credentials', ''))).toEqual({ key: 'errors.invalidCredentials' });
    expect(describeAuthError(new ApiError(403, 'email_not_validated', ''))).toEqual({ key: 'errors.emailNotValidated' });
    expect(describeAuthError(new ApiError(403, 'account_deactivated', ''))).toEqual({ key: 'errors.accountDeactivated' });
    expect(describeAuthError(new ApiError(403, 'account_suspended', ''))).toEqual({ key: 'errors.accountSuspended' });
    expect(describeAuthError(new ApiError(400, 'invalid_token', ''))).toEqual({ key: 'errors.invalidToken' });
    expect(describeAuthError(new ApiError(409, 'email_taken', ''))).toEqual({ key: 'errors.emailTaken' });
  });

  it('says how long to wait after a rate limit', () => {
    expect(describeAuthError(new ApiError(429, 'too_many_requests', '', {}, 30))).toEqual({
      key: 'errors.rateLimitedSeconds',
      values: { count: 30 },
    });
    expect(describeAuthError(new ApiError(429, 'too_many_requests', '', {}, 125))).toEqual({
      key: 'errors.rateLimitedMinutes',
      values: { count: 3 },
    });
    expect(describeAuthError(new ApiError(429, '', ''))).toEqual({ key: 'errors.rateLimited' });
  });

  it('falls back on the status, then on a generic sentence', () => {
    expect(describeAuthError(new ApiError(401, '', ''))).toEqual({ key: 'errors.invalidCredentials' });
    expect(describeAuthError(new ApiError(0, 'network_error', ''))).toEqual({ key: 'errors.network' });
    expect(describeAuthError(new ApiError(500, 'internal_error', ''))).toEqual({ key: 'errors.unknown' });
    expect(describeAuthError(new Error('boom'))).toEqual({ key: 'errors.unknown' });
  });

  it('points at keys that exist in both languages', () => {
    for (const key of ['invalidCredentials', 'emailNotValidated', 'accountDeactivated', 'accountSuspended', 'invalidToken', 'emailTaken', 'rateLimited', 'network', 'unknown']) {
      expect(resources.fr.auth.errors, key).toHaveProperty(key);
      expect(resources.en.auth.errors, key).toHaveProperty(key);
    }
  });
});
