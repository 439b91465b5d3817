// The operator's rules on accounts, mirroring the server's (notes of the admin
// contract): what can be done to an account from its standing, and the reason
// a refusal or a suspension needs (1 to 1000 characters, the server's bounds,
// spaces around it aside).
import { z } from 'zod';
import { apiBounds } from '@/api/bounds';
import type { AccountStanding, AdminAccount } from '../api/admin-types';

/** What an operator may do to an account; `reinstate` is approving a suspended one. */
export type StandingAction = 'approve' | 'refuse' | 'suspend' | 'reinstate';

/** The standing each action asks the server for. */
export const actionStanding: Record<StandingAction, Exclude<AccountStanding, 'pending'>> = {
  approve: 'approved',
  refuse: 'refused',
  suspend: 'suspended',
  reinstate: 'approved',
};

/** The actions that need a reason, which goes to the account by email. */
export const actionsWithReason: ReadonlySet<StandingAction> = new Set(['refuse', 'suspend']);

const actionsFrom: Record<AccountStanding, StandingAction[]> = {
  pending: ['approve', 'refuse'],
  approved: ['suspend'],
  refused: ['approve'],
  suspended: ['reinstate'],
};

/**
 * The actions an account offers, in the order of its buttons. The server also
 * lets a pending account be suspended; the queue's choice is approve or refuse.
 * Operators are not changed here.
 */
export function accountActions(account: Pick<AdminAccount, 'role' | 'standing'>): StandingAction[] {
  return account.role === 'operator' ? [] : actionsFrom[account.standing];
}

export const reasonBounds = apiBounds.StandingChange.reason;

export const reasonSchema = z.object({
  reason: z
    .string()
    .refine((value) => value.trim().length >= reasonBounds.minLength, 'required')
    .refine((value) => value.trim().length <= reasonBounds.maxLength, 'too_long'),
});

export type ReasonValues = z.infer<typeof reasonSchema>;
