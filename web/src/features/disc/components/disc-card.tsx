// The DISC test on the candidate's dashboard: the result in short once taken
// (bars and dominant style), else an invitation to take it. The guided
// tutorial points at this card.
import '../disc.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Panel } from '@/components/ui/panel';
import { paths } from '@/config/paths';
import { useDiscForm } from '../api/disc';
import { DiscChart } from './disc-chart';

export function DiscCard() {
  const { t } = useTranslation('disc');
  const form = useDiscForm();
  const result = form.data?.result;
  return (
    <Panel
      titleId="disc-card-title"
      title={t('summary.title')}
      actions={<Link className="button button--secondary" to={paths.candidatePersonalityTest}>{t(result ? 'summary.see' : 'summary.link')}</Link>}
      className="disc-card"
      testId="disc-card"
      tour="dashboard-disc"
    >
      <div className="panel__body">
        {result ? (
          <>
            <DiscChart scores={result.scores} testId="disc-card-chart" />
            {result.dominant && <p>{t('result.dominant', { style: `${result.dominant} · ${t(`styles.${result.dominant}.name`)}` })}</p>}
          </>
        ) : (
          <p>{t('summary.none')}</p>
        )}
        <p className="disc-page__fairness">{t('fairness')}</p>
      </div>
    </Panel>
  );
}
