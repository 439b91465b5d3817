// The side panel of one hit: what a partner may see of the candidate (never an
// email, phone or address), the match explanation, the save toggle, the
// public profile when the candidate shares it, and what the page adds
// (`action`: the app's "Contact").
import '../styles/candidate-panel.css';
import '../styles/score.css';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CrossButton } from '@/components/ui/cross-button';
import { buildPath, paths } from '@/config/paths';
import { formatDate } from '@/lib/format-date';
import { useLanguagesWithLevels } from '@/lib/i18n/language-level';
import type { SearchHit } from '../api/search-types';
import { HiddenNameNote } from '@/components/ui/hidden-name-note';
import { candidateName } from './hit-card';
import { SaveCandidateButton } from './save-candidate-button';
import { ScoreExplanation } from './score-explanation';
import { ScoreRing } from './score-ring';

export function CandidatePanel({
  hit,
  busy,
  onClose,
  onToggleSave,
  action,
}: {
  hit: SearchHit;
  busy: boolean;
  onClose: () => void;
  onToggleSave: (hit: SearchHit) => void;
  action?: ReactNode;
}) {
  const { t, i18n } = useTranslation('sourcing');
  const locale = i18n.resolvedLanguage ?? 'fr';
  const languagesWithLevels = useLanguagesWithLevels();
  const closeRef = useRef<HTMLButtonElement>(null);
  const { candidate } = hit;
  const name = candidateName(hit);

  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [candidate.id, onClose]);

  const unknown = t('panel.unknown');
  return (
    <aside className="candidate-panel" aria-labelledby="candidate-panel-name" data-testid="candidate-panel">
      <header className="candidate-panel__head">
        <div className="candidate-panel__avatar" aria-hidden="true" data-name-hidden={candidate.name_hidden}>
          {candidate.name_hidden ? '' : `${candidate.firstname.charAt(0)}${candidate.lastname.charAt(0)}`}
        </div>
        <div className="candidate-panel__identity">
          <h2 id="candidate-panel-name">{name}</h2>
          {candidate.name_hidden && <HiddenNameNote />}
          {candidate.headline && <p>{candidate.headline}</p>}
        </div>
        <CrossButton ref={closeRef} label={t('panel.close')} onClick={onClose} />
      </header>
      <div className="candidate-panel__score">
        <ScoreRing
          score={hit.score ?? null}
          label={hit.score == null ? t('hit.noScore') : t('hit.scoreValue', { score: Math.round(hit.score) })}
        />
        <SaveCandidateButton saved={hit.saved} name={name} busy={busy} onToggle={() => onToggleSave(hit)} />
      </div>
      <section className="candidate-panel__section">
        <h3>{t('panel.match')}</h3>
        {hit.breakdown ? <ScoreExplanation breakdown={hit.breakdown} place={candidate.commune?.name ?? ''} /> : <p>{t('hit.noScore')}</p>}
      </section>
      <dl className="candidate-panel__facts">
        <dt>{t('panel.availability')}</dt>
        <dd>{candidate.availability ? formatDate(candidate.availability, locale) : unknown}</dd>
        <dt>{t('panel.degree')}</dt>
        <dd>{candidate.degree?.name ?? unknown}</dd>
        <dt>{t('panel.contracts')}</dt>
        <dd>{candidate.contracts.length > 0 ? candidate.contracts.map((contract) => contract.name).join(', ') : unknown}</dd>
        <dt>{t('panel.languages')}</dt>
        <dd>
          {candidate.languages.length > 0 ? languagesWithLevels(candidate.languages) : unknown}
        </dd>
      </dl>
      {candidate.softskills_categories.length > 0 && (
        <section className="candidate-panel__section">
          <h3>{t('panel.softskills')}</h3>
          <ul className="explanation">
            {candidate.softskills_categories.map((family) => (
              <li key={family.id} className="explanation__row">
                <span className="explanation__label">{family.name}</span>
                <span className="explanation__value">{t('hit.softskillValue', { percent: Math.round(family.percent) })}</span>
                <span className="meter" aria-hidden="true">
                  <span className="meter__fill" style={{ width: `${Math.min(100, Math.max(0, family.percent))}%` }} />
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <footer className="candidate-panel__foot">
        {action}
        {candidate.slug ? (
          <Link className="button button--secondary" to={buildPath(paths.publicProfile, { slug: candidate.slug })}>
            {t('panel.publicProfile')}
          </Link>
        ) : (
          <p className="candidate-panel__private">{t('panel.privateProfile')}</p>
        )}
      </footer>
    </aside>
  );
}
