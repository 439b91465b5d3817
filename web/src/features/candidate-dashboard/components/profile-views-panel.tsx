// Which companies opened or saved the candidate's profile in the last 90 days,
// one row per company with the last day of each ("a consulté votre profil le
// 26 nov. 2025, l'a sauvegardé le 25 nov. 2025"). Companies only, never which
// recruiter: the card says so, and that it covers 90 days.
import '../profile-views.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Panel } from '@/components/ui/panel';
import { QueryEmpty, QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format-date';
import { useProfileViews } from '../api/get-profile-views';
import { type CompanyLooks, groupProfileViews } from '../utils/profile-views';

export function ProfileViewsPanel() {
  const { t, i18n } = useTranslation('candidate');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const views = useProfileViews();

  const activity = ({ lastViewed, lastSaved }: CompanyLooks) => {
    const viewed = lastViewed && formatDate(lastViewed, locale);
    const saved = lastSaved && formatDate(lastSaved, locale);
    if (viewed && saved) return t('profileViews.viewedAndSaved', { viewed, saved });
    return viewed ? t('profileViews.viewed', { viewed }) : t('profileViews.saved', { saved });
  };

  return (
    <Panel titleId="profile-views-title" title={t('profileViews.title')} testId="profile-views">
      <p className="profile-views__note">{t('profileViews.note')}</p>
      <QueryState
        query={views}
        isEmpty={(data) => data.views.length === 0}
        testId="profile-views"
        loadingText={t('profileViews.loading')}
        errorText={t('profileViews.error')}
        empty={
          <QueryEmpty
            title={t('profileViews.empty')}
            hint={t('profileViews.emptyHint')}
            action={
              <Link className="button button--secondary" to={paths.candidateProfile}>
                {t('profileViews.complete')}
              </Link>
            }
          />
        }
      >
        {(data) => (
          <ul className="row-list profile-views__list" data-testid="profile-views-list">
            {groupProfileViews(data.views, locale).map((looks) => (
              <li key={looks.company} className="row-list__item">
                <div>
                  <p className="row-list__title">{looks.company}</p>
                  <p className="row-list__meta">{activity(looks)}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Panel>
  );
}
