// The pieces the record cards share: the period and place line, the facts
// line, the soft skills as tags, the CAR method as three short paragraphs, and
// a strip of picture previews.
import { useTranslation } from 'react-i18next';
import { type CarMethod, type RecordPeriod, uploadUrl } from '@/api/candidate-records/get-candidate-records';
import type { CandidatePlace } from '@/api/candidates/get-candidate';
import { useSoftskillIndex } from '../hooks/use-reference-names';
import { formatPeriod } from '@/lib/format-period';

export function PeriodAndPlace({ period, place }: { period?: RecordPeriod; place?: CandidatePlace | null }) {
  const { t, i18n } = useTranslation('profile');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const parts = [
    period
      ? formatPeriod(period, locale, {
          since: (start) => t('list.since', { start }),
          range: (start, end) => t('list.range', { start, end }),
        })
      : '',
    place?.value ?? '',
  ].filter((part) => part !== '');
  return parts.length > 0 ? <p className="record-card__meta">{parts.join(' · ')}</p> : null;
}

/** The card's facts (reference names, mostly) on one line; those not known (yet) left out. */
export function RecordFacts({ facts }: { facts: readonly string[] }) {
  return <p className="record-card__facts">{facts.filter(Boolean).join(' · ')}</p>;
}

export function SoftskillTags({ ids }: { ids: readonly number[] }) {
  const { t } = useTranslation('profile');
  const index = useSoftskillIndex();
  if (ids.length === 0) return null;
  return (
    <ul className="record-card__tags" aria-label={t('softskills.legend')}>
      {ids.map((id) => (
        <li key={id} className="tag">
          {index.get(id)?.name ?? '…'}
        </li>
      ))}
    </ul>
  );
}

export function CarSummary({ car }: { car: CarMethod | null }) {
  const { t } = useTranslation('profile');
  if (car === null || (car.context === '' && car.actions === '' && car.results === '')) return null;
  return (
    <dl className="record-card__car">
      {(['context', 'actions', 'results'] as const).map((part) => (
        <div key={part}>
          <dt>{t(`car.${part}.label`)}</dt>
          <dd>{car[part]}</dd>
        </div>
      ))}
    </dl>
  );
}

export function PictureStrip({ ids, name }: { ids: readonly string[]; name: string }) {
  const { t } = useTranslation('profile');
  if (ids.length === 0) return null;
  return (
    <ul className="record-card__pictures">
      {ids.map((id, index) => (
        <li key={id}>
          <img src={uploadUrl(id)} alt={t('pictures.ofRecord', { name, number: index + 1 })} loading="lazy" />
        </li>
      ))}
    </ul>
  );
}
