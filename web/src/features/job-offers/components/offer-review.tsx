// The last step of the offer creation reads the offer back before it is
// published: every criterion with its name from the reference lists, the
// minimum degree included ("no minimum" when none is asked), the languages
// with their levels as every page writes them ("Anglais B2 · avancé"). A
// permanent contract has no end, so it is read back without a duration.
import { useTranslation } from 'react-i18next';
import { useReferenceList } from '@/api/reference-lists/reference-list';
import { degreeLevels } from '@/components/job-criteria/criteria-values';
import { usePermanentContracts } from '@/components/job-criteria/use-permanent-contracts';
import { formatDate } from '@/lib/format-date';
import { useLanguagesWithLevels } from '@/lib/i18n/language-level';
import { offerIsOpenEnded, type OfferFormValues } from '../utils/offer-form';

function nameOf(list: readonly { id: number; name: string }[] | undefined, id: number | null): string {
  return list?.find((item) => item.id === id)?.name ?? '–';
}

/** The contract line: its type, then its duration (fixed-term only) and its start. */
function ContractSummary({ values }: { values: OfferFormValues }) {
  const { t, i18n } = useTranslation('offers');
  const contractTypes = useReferenceList('contract/types');
  const openEnded = offerIsOpenEnded(values, usePermanentContracts());
  const parts = [nameOf(contractTypes.data, values.contractType)];
  if (!openEnded && values.duration !== null) {
    const flexibility = values.durationFlexibility > 0 ? ` ${t('review.flexibility', { count: values.durationFlexibility })}` : '';
    parts.push(t('review.months', { count: values.duration }) + flexibility);
  }
  if (values.startAt) parts.push(t('review.from', { date: formatDate(values.startAt, i18n.resolvedLanguage ?? 'fr') }));
  return <dd>{parts.join(' · ')}</dd>;
}

function DegreeSummary({ degree }: { degree: number }) {
  const { t } = useTranslation('forms');
  const degrees = useReferenceList('candidate/degrees');
  const name = degreeLevels(degrees.data ?? []).find((choice) => choice.level === degree)?.name;
  return <dd>{degree === 0 ? t('jobCriteria.anyDegree') : (name ?? '–')}</dd>;
}

export function OfferReview({ values }: { values: OfferFormValues }) {
  const { t, i18n } = useTranslation(['offers', 'forms']);
  const jobCategories = useReferenceList('job/categories');
  const jobs = useReferenceList('jobs');
  const languages = useReferenceList('languages');
  const languagesWithLevels = useLanguagesWithLevels();
  const softskillCategories = useReferenceList('softskill/categories');
  return (
    <dl className="offer-review" data-testid="offer-review">
      <dt>{t('fields.title')}</dt>
      <dd>{values.title.trim() || '–'}</dd>
      <dt>{t('forms:jobCriteria.jobCategory')}</dt>
      <dd>{nameOf(jobCategories.data, values.jobCategory)}</dd>
      <dt>{t('review.job')}</dt>
      <dd>{values.job === null ? t('fields.anyJob') : nameOf(jobs.data, values.job)}</dd>
      <dt>{t('forms:jobCriteria.contractType')}</dt>
      <ContractSummary values={values} />
      <dt>{t('forms:jobCriteria.localization')}</dt>
      <dd>{values.localization ? t('review.around', { place: values.localization.value, radius: values.radius }) : '–'}</dd>
      <dt>{t('forms:jobCriteria.degree')}</dt>
      <DegreeSummary degree={values.degree} />
      <dt>{t('forms:jobCriteria.languages')}</dt>
      <dd>
        {values.languages.length > 0
          ? languagesWithLevels(values.languages.map(({ id, level }) => ({ name: nameOf(languages.data, id), level })))
          : '–'}
      </dd>
      <dt>{t('forms:jobCriteria.softskillCategories')}</dt>
      <dd>
        {values.softskillCategories.length > 0
          ? values.softskillCategories.map((id) => nameOf(softskillCategories.data, id)).join(', ')
          : '–'}
      </dd>
      <dt>{t('fields.closesOn')}</dt>
      <dd>
        {values.closesOn
          ? formatDate(values.closesOn, i18n.resolvedLanguage ?? 'fr')
          : t('review.noClosingDate')}
      </dd>
    </dl>
  );
}
