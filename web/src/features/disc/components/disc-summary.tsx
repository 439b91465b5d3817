// A DISC result in short: the four bars, the dominant and secondary styles and
// what the dominant one means. Used by the result page, and meant for the
// public profile when its candidate chose to show the result (the result
// informs the candidate and, only if they choose, the readers of their
// profile; it is never a sourcing criterion nor a ranking input).
import { useTranslation } from 'react-i18next';
import type { DiscResult } from '../api/disc';
import { DiscChart } from './disc-chart';

export function DiscSummary({ result, headingLevel = 2 }: { result: DiscResult; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('disc');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { dominant, secondary } = result;
  return (
    <section className="disc-summary" aria-labelledby="disc-summary-title" data-testid="disc-summary">
      <Heading id="disc-summary-title" className="card-title">
        {t('result.title')}
      </Heading>
      <DiscChart scores={result.scores} />
      {dominant && (
        <div className="disc-summary__styles">
          <p className="disc-summary__dominant" data-testid="disc-dominant">
            {t('result.dominant', { style: `${dominant} · ${t(`styles.${dominant}.name`)}` })}
          </p>
          <p>{t(`styles.${dominant}.description`)}</p>
          {secondary && (
            <>
              <p className="disc-summary__secondary">
                {t('result.secondary', { style: `${secondary} · ${t(`styles.${secondary}.name`)}` })}
              </p>
              <p>{t(`styles.${secondary}.description`)}</p>
            </>
          )}
        </div>
      )}
    </section>
  );
}
