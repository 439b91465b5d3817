// How visible the candidate is to partners: the searches they appeared in
// over the last 7 and 30 days, the partners who keep them in a saved search,
// and, like the partner's "what to relax", the one change to their job search
// that would have put them in more searches. Never which partner or search.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Panel } from '@/components/ui/panel';
import { ValueQueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { useVisibility } from '../api/get-visibility';

export function VisibilityPanel() {
  const { t } = useTranslation('candidate');
  const visibility = useVisibility();
  const figures = (data: NonNullable<typeof visibility.data>) => [
    { key: 'week', value: data.searches_7_days },
    { key: 'month', value: data.searches_30_days },
    { key: 'savedBy', value: data.saved_by },
  ];
  return (
    <Panel titleId="visibility-title" title={t('visibility.title')} testId="visibility">
      <div className="panel__body">
        <ValueQueryState query={visibility} className="visibility__state">
          {(data) => (
            <>
            <dl className="visibility__figures">
              {figures(data).map(({ key, value }) => (
                <div key={key} className="visibility__figure" data-testid={`visibility-${key}`}>
                  <dt>{t(`visibility.${key}`)}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
            {data.suggestion ? (
              <p className="visibility__suggestion" data-testid="visibility-suggestion">
                {t(`visibility.suggestion.${data.suggestion.criterion}`, { count: data.suggestion.appearances })}{' '}
                <Link to={paths.candidateJobSearch}>{t('visibility.change')}</Link>
              </p>
            ) : (
              <p className="visibility__suggestion">{t('visibility.noSuggestion')}</p>
            )}
            <p className="visibility__note">{t('visibility.note')}</p>
            </>
          )}
        </ValueQueryState>
      </div>
    </Panel>
  );
}
