// A DISC result in short: the four bars, the dominant and secondary styles and
// what they mean. Used by the result page, spoken to the candidate ("your
// dominant style"), and by the public profile when its candidate chose to
// show the result, written for its readers in the third person with the
// candidate's first name ("Léa aime les défis…"), in a card of its own (the
// result informs the candidate and, only if they choose, the readers of their
// profile; it is never a sourcing criterion nor a ranking input).
import '@/styles/dashboard-blocks.css';
import { useTranslation } from 'react-i18next';
import type { DiscLetter, DiscResult } from '../api/disc';
import { DiscChart } from './disc-chart';

type Voice = { prefix: 'result' | 'reader'; name?: string };

function StyleText({ letter, rank, voice }: { letter: DiscLetter; rank: 'dominant' | 'secondary'; voice: Voice }) {
  const { t } = useTranslation('disc');
  const style = `${letter} · ${t(`styles.${letter}.name`)}`;
  const description = voice.prefix === 'reader' ? t(`reader.styles.${letter}`, { name: voice.name }) : t(`styles.${letter}.description`);
  return (
    <>
      <p className={`disc-summary__${rank}`} data-testid={`disc-${rank}`}>
        {t(`${voice.prefix}.${rank}`, { style })}
      </p>
      <p>{description}</p>
    </>
  );
}

/** `person`: the first name of the candidate whose result readers of the public profile see. */
export function DiscSummary({ result, person }: { result: DiscResult; person?: string }) {
  const { t } = useTranslation('disc');
  const { dominant, secondary } = result;
  const voice: Voice = person === undefined ? { prefix: 'result' } : { prefix: 'reader', name: person };
  const labels =
    person === undefined ? undefined : { chart: t('reader.chartLabel', { name: person }), table: t('reader.tableCaption', { name: person }) };
  return (
    <section
      className={person === undefined ? 'disc-summary' : 'disc-summary panel panel__body'}
      aria-labelledby="disc-summary-title"
      data-testid="disc-summary"
    >
      <h2 id="disc-summary-title" className="card-title">
        {person === undefined ? t('result.title') : t('reader.title', { name: person })}
      </h2>
      <DiscChart scores={result.scores} labels={labels} />
      {dominant && (
        <div className="disc-summary__styles">
          <StyleText letter={dominant} rank="dominant" voice={voice} />
          {secondary && <StyleText letter={secondary} rank="secondary" voice={voice} />}
        </div>
      )}
      {person !== undefined && <p className="disc-summary__note">{t('reader.note', { name: person })}</p>}
    </section>
  );
}
