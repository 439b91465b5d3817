// The buttons of one account's row (approve, refuse, suspend, reinstate, as
// its standing allows) and what each does: approving and reinstating at once,
// refusing and suspending after the reason dialog. Success is told by a toast
// (read out by screen readers); the focus then stays on the row's new first
// button, or, when the row left the list, goes where `onLeft` puts it.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/lib/toasts';
import { useApiErrorMessage } from '@/lib/use-api-error-message';
import type { AdminAccount } from '../api/admin-types';
import { useChangeStanding } from '../api/change-standing';
import { accountActions, actionStanding, actionsWithReason, type StandingAction } from '../utils/standing-rules';
import { ReasonDialog } from './reason-dialog';

/** How an account is named to the operator: its organisation and person, or its email. */
export function accountName(account: Pick<AdminAccount, 'firstname' | 'lastname' | 'email' | 'organisation'>): string {
  const person = `${account.firstname} ${account.lastname}`.trim();
  if (account.organisation && person) return `${person} (${account.organisation})`;
  return account.organisation || person || account.email;
}

const buttonClass: Record<StandingAction, string> = {
  approve: 'button button--primary',
  reinstate: 'button button--primary',
  refuse: 'button button--secondary',
  suspend: 'button button--secondary',
};

export function AccountActions({ account, onLeft }: { account: AdminAccount; onLeft?: () => void }) {
  const { t } = useTranslation('admin');
  const errorMessage = useApiErrorMessage();
  const change = useChangeStanding();
  const [asking, setAsking] = useState<StandingAction | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const name = accountName(account);
  const actions = accountActions(account);

  const apply = async (action: StandingAction, reason?: string) => {
    await change.mutateAsync({
      id: account.id,
      change: reason === undefined ? { standing: actionStanding[action] } : { standing: actionStanding[action], reason },
    });
    setAsking(null);
    showToast(t(`actions.${action}.done`, { name }), 'success');
    // After the list has re-rendered: the row's new first button, or the row is gone.
    setTimeout(() => {
      const next = container.current?.querySelector<HTMLButtonElement>('button:not([disabled])');
      if (next?.isConnected) next.focus();
      else onLeft?.();
    }, 0);
  };

  if (actions.length === 0) return null;
  return (
    <div className="admin-actions" ref={container}>
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          className={buttonClass[action]}
          disabled={change.isPending}
          aria-label={t(`actions.${action}.labelFor`, { name })}
          data-testid={`account-${action}`}
          onClick={() => {
            if (actionsWithReason.has(action)) setAsking(action);
            else apply(action).catch((error: unknown) => showToast(errorMessage(error), 'error'));
          }}
        >
          {t(`actions.${action}.label`)}
        </button>
      ))}
      {asking && (
        <ReasonDialog
          title={t(`actions.${asking}.title`, { name })}
          intro={t(`actions.${asking}.intro`)}
          submitLabel={t(`actions.${asking}.label`)}
          onSubmit={(reason) => apply(asking, reason)}
          onCancel={() => setAsking(null)}
        />
      )}
    </div>
  );
}
