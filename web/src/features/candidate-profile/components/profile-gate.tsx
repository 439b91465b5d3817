// The pages built on the candidate's own profile (job search, languages,
// identity, soft-skill families) wait for the session's profile: they say it
// is loading, or that it failed with a Retry, and otherwise show it.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CandidateProfile } from '@/api/candidates/get-candidate';
import { QueryError, QueryLoading } from '@/components/ui/query-state';
import { reloadSessionCandidate, useSession } from '@/lib/session';

export function ProfileGate({ children }: { children: (profile: CandidateProfile) => ReactNode }) {
  const { t } = useTranslation('profile');
  const { candidate } = useSession();
  if (candidate?.status === 'ready') return <>{children(candidate.profile)}</>;
  if (candidate?.status === 'failed') {
    return (
      <QueryError className="panel panel__empty record-page__state" text={t('profileGate.failed')} retrying={false} onRetry={reloadSessionCandidate} />
    );
  }
  return <QueryLoading className="panel panel__empty record-page__state" text={t('profileGate.loading')} />;
}
