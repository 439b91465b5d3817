// /candidat/{slug}: a shared candidate profile as a recruiter reads it, and
// prints it (the print stylesheet turns the page into a clean one- or
// two-page CV). Sets viewer mode while open, the page's title and
// description tags, and asks search engines not to index it (shared or not). A profile nobody may read here shows "not available"; a
// partner whose daily quota of opened profiles is spent is told until when.
// Other features add to its side column through `aside`, given the profile
// (the app passes the DISC result, which its candidate may choose to show).
import '../public-profile.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CandidateProfile } from '@/api/candidates/get-candidate';
import { DailyQuotaAlert } from '@/components/ui/daily-quota-alert';
import { QueryError, QueryLoading } from '@/components/ui/query-state';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isDailyQuotaReached } from '@/lib/api-client';
import { isNotFound, usePublicProfile } from '../api/get-public-profile';
import { useViewerSlug } from '../hooks/use-viewer-slug';
import { useNoIndex, usePageMeta } from '../utils/page-meta';
import { ProfileHeader } from './profile-header';
import { ProfileUnavailable } from './profile-unavailable';
import { EducationsSection, ExperiencesSection, HobbiesSection, ProjectsSection } from './record-sections';
import { LanguagesSection, SoftSkillsSection } from './skills-sections';

export type ProfileAside = (profile: CandidateProfile) => ReactNode;

function SharedProfile({ profile, aside }: { profile: CandidateProfile; aside?: ProfileAside }) {
  const { t } = useTranslation('publicProfile');
  const name = `${profile.firstname} ${profile.lastname}`;
  useDocumentTitle(name);
  usePageMeta({
    title: name,
    description: profile.headline ?? t('meta.description', { name }),
    image: profile.profile_picture ? new URL(profile.profile_picture.url, window.location.origin).href : null,
    url: window.location.href,
  });
  return (
    <article className="public-profile" data-testid="public-profile">
      <div className="public-profile__actions no-print">
        <button type="button" className="button button--secondary" onClick={() => window.print()}>
          {t('print')}
        </button>
      </div>
      <ProfileHeader profile={profile} />
      <div className="public-profile__columns">
        <div className="public-profile__main">
          <ExperiencesSection slug={profile.slug} />
          <ProjectsSection slug={profile.slug} />
          <EducationsSection slug={profile.slug} />
        </div>
        <aside className="public-profile__side" aria-label={t('sideLabel')}>
          <LanguagesSection profile={profile} />
          <SoftSkillsSection profile={profile} />
          {aside?.(profile)}
          <HobbiesSection slug={profile.slug} />
        </aside>
      </div>
    </article>
  );
}

/** Loads the shared profile `slug` and hands it to `children`, or says why not. */
export function SharedProfileGate({ slug, children }: { slug: string; children: (profile: CandidateProfile) => React.ReactNode }) {
  const { t } = useTranslation('publicProfile');
  const query = usePublicProfile(slug);
  useViewerSlug(slug);
  useNoIndex();
  if (query.isPending) return <QueryLoading className="public-profile__state" text={t('loading')} />;
  if (query.isError) {
    if (isNotFound(query.error)) return <ProfileUnavailable />;
    if (isDailyQuotaReached(query.error)) return <DailyQuotaAlert className="public-profile__state" />;
    return (
      <QueryError className="public-profile__state" retrying={query.isFetching} onRetry={() => void query.refetch()} />
    );
  }
  return <>{children(query.data)}</>;
}

export function PublicProfilePage({ slug, aside }: { slug: string; aside?: ProfileAside }) {
  return <SharedProfileGate slug={slug}>{(profile) => <SharedProfile profile={profile} aside={aside} />}</SharedProfileGate>;
}
