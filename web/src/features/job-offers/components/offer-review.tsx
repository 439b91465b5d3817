// The last step of the offer creation reads the offer back before it is
// published: every criterion with its name from the reference lists.
import { useTranslation } from 'react-i18next';
import { useReferenceList } from '@/api/reference-lists/reference-list';
import { formatDate } from '@/lib/format-date';
import type { OfferFormValues } from '../utils/offer-form';

function nameOf(list: readonly { id: number; name: string }[] | undefined, id: number | null): string {
  return list?.find((item) => item.id === id)?.name ?? '–';
}

export function OfferReview({ values }: { values: OfferFormValues }) {
  const { t, i18n } = useTranslation(['offers', 'forms']);
  const jobCategories = useReferenceList('job/categories');
  const contractTypes = useReferenceList('contract/types');
  const languages = useReferenceList('languages');
  const softskillCategories = useReferenceList('softskill/categories');
  return (
    <dl className="offer-review" data-testid="offer-review">
      <dt>{t('fields.title')}</dt>
      <dd>{values.title.trim() || '–'}</dd>
      <dt>{t('forms:jobCriteria.jobCategory')}</dt>
      <dd>{nameOf(jobCategories.data, values.jobCategory)}</dd>
      <dt>{t('forms:jobCriteria.contractType')}</dt>
      <dd>
        {nameOf(contractTypes.data, values.contractType)} · {t('review.months', { count: values.duration ?? 0 })}
        {values.durationFlexibility > 0 && ` ${t('review.flexibility', { count: values.durationFlexibility })}`}
        {values.startAt && ` · ${t('review.from', { date: formatDate(values.startAt, i18n.resolvedLanguage ?? 'fr') })}`}
      </dd>
      <dt>{t('forms:jobCriteria.localization')}</dt>
      <dd>{values.localization ? t('review.around', { place: values.localization.value, radius: values.radius }) : '–'}</dd>
      <dt>{t('forms:jobCriteria.languages')}</dt>
      <dd>
        {values.languages.length > 0
          ? values.languages.map((language) => `${nameOf(languages.data, language.id)} ${language.level}/6`).join(', ')
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
