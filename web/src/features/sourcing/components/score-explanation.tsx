// Why a hit scored what it did, criterion by criterion: the distance and the
// place it is measured to (a hit's commune; an offer's place), each required
// language against the candidate's level (CEFR codes, short enough for the row:
// "B2 pour B1 demandé"), the
// candidate's share of each requested soft-skill family, and each keyword with
// how often and where (headline, name, background) the profile holds it.
import '../styles/score.css';
import { useTranslation } from 'react-i18next';
import { cefrCode } from '@/lib/i18n/language-level';
import type { HitBreakdown } from '../api/search-types';
import { formatDistance } from '../utils/labels';

function Meter({ value }: { value: number }) {
  const width = `${Math.round(Math.max(0, Math.min(1, value)) * 100)}%`;
  return (
    <span className="meter" aria-hidden="true">
      <span className="meter__fill" style={{ width }} />
    </span>
  );
}

export function ScoreExplanation({ breakdown, place }: { breakdown: HitBreakdown; place: string }) {
  const { t, i18n } = useTranslation('sourcing');
  const proximity = breakdown.proximity;
  const places = new Intl.ListFormat(i18n.resolvedLanguage ?? 'fr', { type: 'conjunction' });
  return (
    <ul className="explanation" data-testid="hit-explanation">
      <li className="explanation__row" data-criterion="proximity">
        <span className="explanation__label">{t('hit.proximity')}</span>
        <span className="explanation__value">
          {proximity.country_wide || proximity.distance_km === null
            ? t('hit.proximityCountry')
            : t('hit.proximityValue', {
                commune: place,
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
              ? t('hit.languageValue', { actual: cefrCode(language.actual), required: cefrCode(language.required) })
              : t('hit.languageMissing', { required: cefrCode(language.required) })}
          </span>
          <Meter value={language.credit} />
        </li>
      ))}
      {breakdown.keywords.length > 0 && (
        <li className="explanation__row" data-criterion="keywords">
          <span className="explanation__label">{t('hit.keywords')}</span>
          <span className="explanation__value">
            {breakdown.keywords
              .map((keyword) =>
                t('hit.keywordValue', {
                  word: keyword.word,
                  count: keyword.occurrences,
                  places: places.format(keyword.found_in.map((place) => t(`hit.keywordPlace.${place}`))),
                }),
              )
              .join(' · ')}
          </span>
          <Meter value={breakdown.keyword_score ?? 0} />
        </li>
      )}
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
