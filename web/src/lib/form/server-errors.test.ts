// A server 422 lands beside the form's fields: snake_case and nested names
// find their field, the first rule of a field wins, unknown rules read as
// "invalid", and fields the form does not show are reported aside.
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { ruleMessageKeysFor } from './rule-messages';
import { applyServerErrors } from './server-errors';

type Values = { email: string; startAt: string; localization: null; softskillCategories: number[] };
const fields = ['email', 'startAt', 'localization', 'softskillCategories'] as const;

const validation = (errors: Record<string, string[]>) => new ApiError(422, 'validation_failed', 'invalid', errors);

describe('applyServerErrors', () => {
  it('sets each field error with its rule code as the message', () => {
    const setError = vi.fn();
    const result = applyServerErrors<Values, (typeof fields)[number]>(
      validation({ email: ['invalid_email', 'too_long'], start_at: ['invalid_date'], 'localization.lat': ['invalid_localization'] }),
      setError,
      fields,
    );
    expect(result).toEqual({ fields: ['email', 'startAt', 'localization'], unmatched: [] });
    expect(setError.mock.calls).toEqual([
      ['email', { type: 'server', message: 'invalid_email' }],
      ['startAt', { type: 'server', message: 'invalid_date' }],
      ['localization', { type: 'server', message: 'invalid_localization' }],
    ]);
  });

  it('follows a rename where the server name is not the snake_case of the field', () => {
    const setError = vi.fn();
    const result = applyServerErrors<Values, (typeof fields)[number]>(
      validation({ softskills_categories: ['matching_parameter_required'] }),
      setError,
      fields,
      { softskills_categories: 'softskillCategories' },
    );
    expect(result?.fields).toEqual(['softskillCategories']);
  });

  it('shows an unknown rule as "invalid" and keeps unknown fields aside', () => {
    const setError = vi.fn();
    const result = applyServerErrors<Values, (typeof fields)[number]>(
      validation({ email: ['weird_rule'], school: ['required'] }),
      setError,
      fields,
    );
    expect(setError).toHaveBeenCalledWith('email', { type: 'server', message: 'invalid' });
    expect(result?.unmatched).toEqual(['school']);
  });

  it('leaves other failures alone', () => {
    const setError = vi.fn();
    expect(applyServerErrors(new ApiError(500, 'internal_error', ''), setError, fields)).toBeNull();
    expect(applyServerErrors(new Error('boom'), setError, fields)).toBeNull();
    expect(setError).not.toHaveBeenCalled();
  });
});

describe('rule messages', () => {
  it('look for a field-specific wording first, then the rule, then "invalid"', () => {
    expect(ruleMessageKeysFor('invalid_date', 'birthdate')).toEqual(['errors.fields.birthdate.invalid_date', 'errors.rules.invalid_date']);
    expect(ruleMessageKeysFor('required')).toEqual(['errors.rules.required']);
    expect(ruleMessageKeysFor('not_a_rule')).toEqual(['errors.rules.invalid']);
  });
});
