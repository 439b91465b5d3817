// The partner dashboard's sourcing block: the saved searches with their saved
// candidates (each renamed or deleted in place), and the totals. The list has its four states (loading, error
// with retry, empty with the next step, data).
import '@/styles/dashboard-blocks.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RowListItem, StatCard } from '@/components/ui/dashboard-blocks';
import { Panel } from '@/components/ui/panel';
import { buildPath, paths } from '@/config/paths';
import { QueryEmpty, QueryState } from '@/components/ui/query-state';
import { formatDate } from '@/lib/format-date';
import { useSavedSearches } from '../api/get-saved-searches';
import { SavedSearchActions } from './saved-search-actions';

export function SavedSearchesOverview() {
  const { t, i18n } = useTranslation('sourcing');
  const locale = i18n.resolvedLanguage ?? 'fr';
  const searches = useSavedSearches();
  const list = searches.data ?? [];
  const known = searches.data !== undefined;
  const savedCandidates = list.reduce((sum, search) => sum + search.saved_candidates, 0);

  return (
    <>
      <div className="stat-grid">
        <StatCard testId="stat-saved-searches" value={known ? list.length : '–'} label={t('dashboard.savedSearches')} />
        <StatCard
          testId="stat-saved-candidates"
          value={known ? savedCandidates : '–'}
          label={t('dashboard.savedCandidates')}
          hint={t('dashboard.totalCandidates', { count: list.length })}
        />
      </div>
      <Panel
        titleId="saved-searches-title"
        title={t('dashboard.savedSearches')}
        actions={<Link className="button button--primary" to={paths.partnerSourcing}>{t('dashboard.newSearch')}</Link>}
      >
        <QueryState
          query={searches}
          testId="saved-searches"
          empty={
            <QueryEmpty
              title={t('dashboard.noSearches')}
              hint={t('dashboard.noSearchesHint')}
              action={
                <Link className="button button--primary" to={paths.partnerSourcing}>
                  {t('dashboard.newSearch')}
                </Link>
              }
            />
          }
        >
          {(list) => (
            <ul className="row-list" data-testid="saved-searches">
              {list.map((search) => (
                <RowListItem
                  key={search.id}
                  title={search.name}
                  meta={
                    <>
                      {t('summary.around', {
                        place: search.localization_value ?? search.search.localization.value,
                        radius: search.search.radius,
                      })}
                      {' · '}
                      {t('saved.createdAt', { date: formatDate(search.created_at, locale) })}
                    </>
                  }
                >
                  <span className="badge">{t('dashboard.candidatesInSearch', { count: search.saved_candidates })}</span>
                  <Link className="button button--secondary" to={buildPath(paths.partnerSavedSearch, { id: search.id })}>
                    {t('dashboard.openSearch')}
                  </Link>
                  <SavedSearchActions id={search.id} name={search.name} />
                </RowListItem>
              ))}
            </ul>
          )}
        </QueryState>
      </Panel>
    </>
  );
}
