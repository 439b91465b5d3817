// The candidate's dashboard (/dashboard/candidate): who they are as partners
// see them (name, headline, where they live, whether the profile is shared and
// whether they are looking) and what they look for (places, job categories,
// contracts, availability), how visible they are to partners and which
// companies looked at their profile. It shows the session's candidate profile, loaded
// right after login, with how complete it is and what to fill next; while it loads, or if it could not be, it says so under
// the page's title.
import '@/styles/dashboard-blocks.css';
import '../candidate-dashboard.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CandidateProfile } from '@/api/candidates/get-candidate';
import { Panel } from '@/components/ui/panel';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatDate } from '@/lib/format-date';
import { reloadSessionCandidate, useSession } from '@/lib/session';
import { CompletionCard } from './completion-card';
import { ProfileViewsPanel } from './profile-views-panel';
import { SoftSkillsPanel } from './soft-skills-panel';
import { VisibilityPanel } from './visibility-panel';

function Criterion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="job-search__criterion">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function JobSearch({ profile }: { profile: CandidateProfile }) {
  const { t, i18n } = useTranslation('candidate');
  const notSet = <span className="job-search__not-set">{t('jobSearch.notSet')}</span>;
  const names = (items: { name: string }[]) => (items.length === 0 ? notSet : items.map((item) => item.name).join(', '));
  return (
    <Panel
      titleId="job-search-title"
      title={t('jobSearch.title')}
      actions={<Link className="button button--secondary" to={paths.candidateJobSearch}>{t('jobSearch.edit')}</Link>}
      testId="job-search"
    >
      <dl className="job-search">
        <Criterion label={t('jobSearch.places')}>
          {profile.job_localizations.length === 0 ? (
            notSet
          ) : (
            <ul className="job-search__places">
              {profile.job_localizations.map((place) => (
                <li key={`${place.type}-${place.id}`}>{place.value}</li>
              ))}
            </ul>
          )}
        </Criterion>
        <Criterion label={t('jobSearch.categories')}>{names(profile.job_categories)}</Criterion>
        <Criterion label={t('jobSearch.contracts')}>{names(profile.contract_types)}</Criterion>
        <Criterion label={t('jobSearch.minimumDuration')}>
          {profile.contract_min_duration === 0
            ? t('jobSearch.anyDuration')
            : t('jobSearch.months', { count: profile.contract_min_duration })}
        </Criterion>
        <Criterion label={t('jobSearch.availability')}>
          {profile.availability ? formatDate(profile.availability, i18n.resolvedLanguage ?? i18n.language) : notSet}
        </Criterion>
      </dl>
    </Panel>
  );
}

function ProfileHead({ profile }: { profile: CandidateProfile }) {
  const { t } = useTranslation('candidate');
  return (
    <header className="page-head" data-testid="candidate-head">
      <div className="candidate-head__identity">
        <h1 className="page-title" data-testid="candidate-name">
          {`${profile.firstname} ${profile.lastname}`}
        </h1>
        <p className={profile.headline ? 'candidate-head__headline' : 'candidate-head__headline candidate-head__headline--missing'}>
          {profile.headline ?? t('dashboard.noHeadline')}
        </p>
        {profile.localization && (
          <p className="candidate-head__place">{t('dashboard.livesIn', { place: profile.localization.value })}</p>
        )}
      </div>
      <div className="candidate-head__status">
        <span className="tag">{t(profile.in_research ? 'dashboard.inResearch' : 'dashboard.notInResearch')}</span>
        <span className="tag">{t(profile.is_public ? 'dashboard.shared' : 'dashboard.notShared')}</span>
        <Link className="button button--secondary" to={paths.candidateProfile}>
          {t('dashboard.editProfile')}
        </Link>
      </div>
    </header>
  );
}

/**
 * `banner`: what the app shows right under the profile's head (the school invitations, the contact requests);
 * `aside`: what it adds below the dashboard's own panels (the DISC test's card).
 */
export function CandidateDashboard({ banner, aside }: { banner?: ReactNode; aside?: ReactNode }) {
  const { t } = useTranslation(['candidate', 'pages']);
  const title = t('pages:candidateDashboard.title');
  useDocumentTitle(title);
  const { candidate } = useSession();

  if (candidate?.status !== 'ready') {
    return (
      <div className="candidate-dashboard">
        <h1 className="page-title">{title}</h1>
        {candidate?.status === 'failed' ? (
          <section className="panel candidate-dashboard__message" role="alert">
            <p>{t('dashboard.failed')}</p>
            <button type="button" className="button button--secondary" onClick={() => void reloadSessionCandidate()}>
              {t('dashboard.retry')}
            </button>
          </section>
        ) : (
          <p className="candidate-dashboard__message" role="status">
            {t('dashboard.loading')}
          </p>
        )}
      </div>
    );
  }
  return (
    <div className="candidate-dashboard" data-testid="candidate-dashboard">
      <ProfileHead profile={candidate.profile} />
      {banner}
      <CompletionCard profile={candidate.profile} />
      <JobSearch profile={candidate.profile} />
      <VisibilityPanel />
      <ProfileViewsPanel />
      <SoftSkillsPanel profile={candidate.profile} />
      {aside}
    </div>
  );
}
