// One ranked candidate in the result list: rank, name, headline, where they
// live and, apart, the wished place that matched (the one nearest the search's
// centre) with its distance,
// availability, the score with its explanation, the save toggle, and what the
// page adds under it (`action`: the app's "Contact"). Hovering the card
// highlights the candidate's marker; the map does the same back. A candidate
// who chose blind first comes with initials from the server, said to be hidden
// by them.
import '../styles/hit-card.css';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { HiddenNameNote } from '@/components/ui/hidden-name-note';
import { formatDate } from '@/lib/format-date';
import type { SearchHit } from '../api/search-types';
import { formatDistance, shortLabel } from '../utils/labels';
import { SaveCandidateButton } from './save-candidate-button';
import { ScoreExplanation } from './score-explanation';
import { ScoreRing } from './score-ring';

export function candidateName(hit: SearchHit): string {
  return `${hit.candidate.firstname} ${hit.candidate.lastname}`.trim();
}

export function HitCard({
  hit,
  rank,
  highlighted,
  selected,
  savingBusy,
  onHover,
  onOpen,
  onToggleSave,
  action,
}: {
  hit: SearchHit;
  rank: number;
  highlighted: boolean;
  selected: boolean;
  savingBusy: boolean;
  onHover: (candidateId: number | null) => void;
  onOpen: (candidateId: number) => void;
  onToggleSave: (hit: SearchHit) => void;
  /** What the page offers to do with this candidate, under the card. */
  action?: ReactNode;
}) {
  const { t, i18n } = useTranslation('sourcing');
  const locale = i18n.resolvedLanguage ?? 'fr';
  const cardRef = useRef<HTMLElement>(null);
  const { candidate } = hit;
  const name = candidateName(hit);
  const distance = hit.breakdown?.proximity.distance_km;
  const wishedPlace = candidate.commune && communeLabel(candidate.commune);
  const home = candidate.home && communeLabel(candidate.home);

  // A marker hovered on the map brings its card into view.
  useEffect(() => {
    if (highlighted && cardRef.current && !cardRef.current.matches(':hover')) {
      cardRef.current.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    }
  }, [highlighted]);

  return (
    <article
      ref={cardRef}
      className="hit-card"
      data-testid="hit-card"
      data-candidate-id={candidate.id}
      data-highlighted={highlighted}
      data-selected={selected}
      data-saved={hit.saved}
      onMouseEnter={() => onHover(candidate.id)}
      onMouseLeave={() => onHover(null)}
      onFocus={() => onHover(candidate.id)}
    >
      <header className="hit-card__head">
        <ScoreRing
          score={hit.score ?? null}
          label={hit.score == null ? t('hit.noScore') : t('hit.scoreValue', { score: Math.round(hit.score) })}
        />
        <div className="hit-card__identity">
          <p className="hit-card__rank">
            {t('hit.rank', { rank })}
            {hit.new && (
              <span className="new-badge hit-card__new" data-testid="hit-new">
                {t('hit.new')}
              </span>
            )}
          </p>
          <h3 className="hit-card__name">
            <button type="button" className="hit-card__open" onClick={() => onOpen(candidate.id)}>
              {name}
            </button>
          </h3>
          {candidate.name_hidden && <HiddenNameNote />}
          {candidate.headline && <p className="hit-card__headline">{candidate.headline}</p>}
          <p className="hit-card__facts">
            {home && <span data-testid="hit-home">{t('hit.livesIn', { place: home })}</span>}
            {wishedPlace ? (
              <span data-testid="hit-wished-place">
                {typeof distance === 'number'
                  ? t('hit.wantsAt', { place: wishedPlace, distance: formatDistance(distance, locale) })
                  : t('hit.wants', { place: wishedPlace })}
              </span>
            ) : (
              <span>{t('hit.countryWide')}</span>
            )}
            {candidate.availability && <span>{t('hit.available', { date: formatDate(candidate.availability, locale) })}</span>}
          </p>
        </div>
        <SaveCandidateButton saved={hit.saved} name={name} busy={savingBusy} onToggle={() => onToggleSave(hit)} compact />
      </header>
      {hit.breakdown ? (
        <ScoreExplanation breakdown={hit.breakdown} place={candidate.commune?.name ?? ''} />
      ) : (
        <p className="hit-card__no-score">{t('hit.noScore')}</p>
      )}
      {candidate.contracts.length > 0 && (
        <ul className="hit-card__tags">
          {candidate.contracts.map((contract) => (
            <li key={contract.id} className="tag" title={contract.name}>
              {shortLabel(contract.name)}
            </li>
          ))}
          {candidate.degree && (
            <li className="tag tag--muted" title={candidate.degree.name}>
              {shortLabel(candidate.degree.name)}
            </li>
          )}
        </ul>
      )}
      {action && <div className="hit-card__actions">{action}</div>}
    </article>
  );
}

/** "Lyon (69)": a commune with its department, as the card names places. */
function communeLabel(commune: { name: string; department?: string | null }): string {
  return commune.department ? `${commune.name} (${commune.department})` : commune.name;
}
