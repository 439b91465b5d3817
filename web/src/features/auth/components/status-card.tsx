// The pages that act on a link from an email show one of three states: working
// (spinner), done (a success message) or failed (why), each with a way on.
import type { ReactNode } from 'react';
import { AuthCard } from './auth-card';
import { FormAlert } from '@/components/ui/form-alert';

export type LinkState = 'working' | 'done' | 'failed';

export function StatusCard({
  title,
  state,
  message,
  actions,
  testId,
}: {
  title: string;
  state: LinkState;
  message: string;
  actions?: ReactNode;
  testId?: string;
}) {
  return (
    <AuthCard title={title} testId={testId}>
      {state === 'working' ? (
        <div className="auth-working" role="status">
          <span className="page-loader__spinner" aria-hidden="true" />
          <span>{message}</span>
        </div>
      ) : (
        <FormAlert tone={state === 'done' ? 'success' : 'error'} testId={`${testId ?? 'status'}-${state}`}>
          {message}
        </FormAlert>
      )}
      {state !== 'working' && actions && <div className="auth-card__actions">{actions}</div>}
    </AuthCard>
  );
}
