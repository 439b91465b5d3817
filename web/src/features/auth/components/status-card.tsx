// The pages that act on a link from an email show one of three states: working
// (spinner), done (a success message) or failed (why), each with a way on.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form-alert';
import { describeAuthError } from '../utils/auth-errors';
import { AuthCard } from './auth-card';

export type LinkState = 'working' | 'done' | 'failed';

/**
 * Where the call of a link stands and what to say: failed without a token or
 * when the call failed (saying why), done once it succeeded, working until
 * then. `texts` are `auth` keys; without `done`, a success stays "working"
 * (the page moves on by itself).
 */
export function useLinkStatus(
  token: string | null,
  call: { error: unknown; isSuccess: boolean },
  texts: { working: string; missing: string; done?: string },
): { state: LinkState; message: string } {
  const { t } = useTranslation('auth');
  if (!token) return { state: 'failed', message: t(texts.missing) };
  if (call.error) {
    const failure = describeAuthError(call.error);
    return { state: 'failed', message: t(failure.key, failure.values) };
  }
  if (call.isSuccess && texts.done) return { state: 'done', message: t(texts.done) };
  return { state: 'working', message: t(texts.working) };
}

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
