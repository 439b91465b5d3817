// Where something stands, as a tag: an offer (draft, live, closed) or an
// application (its step). The tone only colours the word the tag says.
// `ApplicationStepTag` names an application's step in the user's language, the
// same words for the partner and the candidate.
import '@/styles/status-tag.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Schemas } from '@/api/schemas';

export type StatusTone = 'neutral' | 'waiting' | 'active' | 'good' | 'bad';

export function StatusTag({ tone, status, testId, children }: { tone: StatusTone; status: string; testId?: string; children: ReactNode }) {
  return (
    <span className="status-tag" data-tone={tone} data-status={status} data-testid={testId}>
      {children}
    </span>
  );
}

type ApplicationStatus = Schemas['ApplicationStatus'];

const stepTones: Record<ApplicationStatus, StatusTone> = {
  new: 'waiting',
  shortlisted: 'active',
  interview: 'active',
  hired: 'good',
  declined: 'bad',
  withdrawn: 'neutral',
};

/** Whether an application can still move (and be withdrawn): not hired, declined or withdrawn. */
export function isOpenApplication(status: ApplicationStatus): boolean {
  return status === 'new' || status === 'shortlisted' || status === 'interview';
}

export function ApplicationStepTag({ status }: { status: ApplicationStatus }) {
  const { t } = useTranslation('common');
  return (
    <StatusTag tone={stepTones[status]} status={status} testId="application-step">
      {t(`applicationSteps.${status}`)}
    </StatusTag>
  );
}
