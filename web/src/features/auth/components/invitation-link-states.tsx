// What the page of an invitation link shows before its form, for a student's
// invitation as for a recruiter's: the invitation being read, or failing to be
// (with Retry), and the link no longer valid (unknown, answered, withdrawn,
// expired, or without its token), with the ways on.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form-alert';
import { QueryError } from '@/components/ui/query-state';
import { describeAuthError } from '../utils/auth-errors';
import { AuthCard } from './auth-card';

/** The invitation being read, or the failure to read it with Retry. */
export function InvitationReading({
  title,
  loadingText,
  preview,
  testIdPrefix = 'invitation',
}: {
  title: string;
  loadingText: string;
  preview: { isError: boolean; error: unknown; isFetching: boolean; refetch: () => unknown };
  /** `<prefix>-loading` (the card) and `<prefix>-load-error`. */
  testIdPrefix?: string;
}) {
  const { t } = useTranslation('auth');
  if (preview.isError) {
    const failure = describeAuthError(preview.error);
    return (
      <AuthCard title={title} testId={`${testIdPrefix}-loading`}>
        <QueryError
          className="auth-card__state"
          text={t(failure.key, failure.values)}
          compact
          retrying={preview.isFetching}
          onRetry={preview.refetch}
          testId={`${testIdPrefix}-load-error`}
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={title} testId={`${testIdPrefix}-loading`}>
      <div className="auth-working" role="status">
        <span className="page-loader__spinner" aria-hidden="true" />
        <span>{loadingText}</span>
      </div>
    </AuthCard>
  );
}

/** The link cannot be used (any more): why, what to do instead, and the links on (`children`). */
export function InvalidInvitationCard({
  title,
  text,
  hint,
  testId,
  children,
}: {
  title: string;
  text: string;
  hint: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <AuthCard title={title} testId={testId}>
      <FormAlert>{text}</FormAlert>
      <p className="auth-card__text">{hint}</p>
      <div className="auth-card__actions">{children}</div>
    </AuthCard>
  );
}
