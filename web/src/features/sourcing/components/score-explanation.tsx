// Why a hit scored what it did, criterion by criterion: the distance and the
// commune, each required language against the candidate's level, and the
// candidate's share of each requested soft-skill family.
import { useTranslation } from 'react-i18next';
import type { HitBreakdown, HitCandidate } from '../api/search-types';
import { formatDistance } from '../utils/labels';

function Meter({ value }: { value: number }) {
  const width = `${Math.round(Math.max(0, Math.min(1, value)) * 100)}%`;
  return (
    <span className="meter" aria-hidden="true">
      <span className="meter__fill" style={{ width }} />
    </span>
  );
}

export function ScoreExplanation({ breakdown, candidate }: { breakdown: HitBreakdown; candidate: HitCandidate }) {
  const { t, i18n } = useTranslation('sourcing');
  const proximity = breakdown.proximity;
  return (
    <ul className="explanation" data-testid="hit-explanation">
      <li className="explanation__row" data-criterion="proximity">
        <span className="explanation__label">{t('hit.proximity')}</span>
        <span className="explanation__value">
          {proximity.country_wide || proximity.distance_km === null
            ? t('hit.proximityCountry')
            : t('hit.proximityValue', {
                commune: candidate.commune?.name ?? '',
                distance: formatDistance(proximity.distance_km ?? 0, i18n.resolvedLanguage ?? 'fr'),
              })}
        </span>
        <Meter value={breakdown.proximity_score} />
      </li>
      {breakdown.languages.map((language) => (
        <li
          key={language.id}
          className="explanation__row"
          data-criterion="language"
          data-met={(language.actual ?? 0) >= language.required}
        >
          <span className="explanation__label">{language.name}</span>
          <span className="explanation__value">
            {language.actual != null && language.actual > 0
              ? t('hit.languageValue', { actual: language.actual, required: language.required })
              : t('hit.languageMissing', { required: language.required })}
          </span>
          <Meter value={language.credit} />
        </li>
      ))}
      {breakdown.softskills.map((family) => (
        <li key={family.id} className="explanation__row" data-criterion="softskill">
          <span className="explanation__label">{family.name}</span>
          <span className="explanation__value">{t('hit.softskillValue', { percent: Math.round(family.percent) })}</span>
          <Meter value={family.percent / 100} />
        </li>
      ))}
    </ul>
  );
}
