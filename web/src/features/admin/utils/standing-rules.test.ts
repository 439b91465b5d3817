// The operator's rules: which actions each standing offers, and the reason's bounds.
import { describe, expect, it } from 'vitest';
import { accountActions, actionStanding, reasonSchema } from './standing-rules';

describe('accountActions', () => {
  it.each([
    ['pending', ['approve', 'refuse']],
    ['approved', ['suspend']],
    ['refused', ['approve']],
    ['suspended', ['reinstate']],
  ] as const)('offers a %s partner %j', (standing, actions) => {
    expect(accountActions({ role: 'partner', standing })).toEqual(actions);
  });

  it('offers nothing for an operator', () => {
    expect(accountActions({ role: 'operator', standing: 'approved' })).toEqual([]);
  });

  it('reinstates by approving again', () => {
    expect(actionStanding.reinstate).toBe('approved');
    expect(actionStanding.suspend).toBe('suspended');
  });
});

describe('reasonSchema', () => {
  const issue = (reason: string) => {
    const result = reasonSchema.safeParse({ reason });
    return result.success ? null : result.error.issues[0]?.message;
  };

  it('needs a reason, spaces aside', () => {
    expect(issue('')).toBe('required');
    expect(issue('   ')).toBe('required');
    expect(issue('x')).toBeNull();
  });

  it('takes 1000 characters at most, as the server', () => {
    expect(issue('a'.repeat(1000))).toBeNull();
    expect(issue('a'.repeat(1001))).toBe('too_long');
    expect(issue(` ${'a'.repeat(1000)} `)).toBeNull();
  });
});
