// How a candidate matches an offer, drawn the way sourcing draws a hit: the
// score as a ring and, under "Why this score", the explanation criterion by
// criterion. The offers pages (partner's applicants, candidate's offers) get
// it from here, so the two features share sourcing's drawing without
// importing each other.
import './match-fit.css';
import { useTranslation } from 'react-i18next';
import { ScoreExplanation } from '@/features/sourcing/components/score-explanation';
import { ScoreRing } from '@/features/sourcing/components/score-ring';
import type { Schemas } from '@/api/schemas';

export type MatchFitProps = {
  score: number | null;
  breakdown: Schemas['Explanation'] | null;
  /** The place distances are measured to. */
  place: string;
};

export function MatchFit({ score, breakdown, place }: MatchFitProps) {
  const { t } = useTranslation('sourcing');
  return (
    <div className="match-fit" data-testid="match-fit">
      <ScoreRing
        score={score}
        label={score === null ? t('hit.noScore') : t('hit.scoreValue', { score: Math.round(score) })}
      />
      {breakdown ? (
        <details className="match-fit__why" open>
          <summary>{t('hit.why')}</summary>
          <ScoreExplanation breakdown={breakdown} place={place} />
        </details>
      ) : (
        <p className="match-fit__none">{t('hit.noScore')}</p>
      )}
    </div>
  );
}

/** The slot form the offers pages take. */
export const matchFit = (fit: MatchFitProps) => <MatchFit score={fit.score} breakdown={fit.breakdown} place={fit.place} />;
