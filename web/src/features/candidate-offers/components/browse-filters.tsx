// The browse page's filters: a place (the shared place autocomplete) and the
// radius around it, a job category and a contract type. Each change asks the
// server again; without a place, the whole country, newest first.
import { useTranslation } from 'react-i18next';
import { useReferenceList } from '@/api/reference-lists/reference-list';
import { namedOptions, SelectField } from '@/components/form/select-field';
import { LocalizationPicker } from '@/components/localization-picker/localization-picker';
import type { LocalizationValue } from '@/components/localization-picker/localization-value';

export const browseRadiiKm = [10, 30, 50, 100, 200] as const;

export type BrowseFormValues = {
  place: LocalizationValue | null;
  radius: number;
  jobCategory: number | null;
  contractType: number | null;
};

const numberOrNull = (value: string) => (value === '' ? null : Number(value));

export function BrowseFilters({ values, onChange }: { values: BrowseFormValues; onChange: (values: BrowseFormValues) => void }) {
  const { t } = useTranslation('candidateOffers');
  const categories = useReferenceList('job/categories');
  const contracts = useReferenceList('contract/types');
  return (
    <form className="browse-filters" role="search" aria-label={t('browse.filters')} onSubmit={(event) => event.preventDefault()}>
      <LocalizationPicker
        id="browse-place"
        label={t('browse.place')}
        hint={t('browse.placeHint')}
        value={values.place}
        onChange={(place) => onChange({ ...values, place })}
      />
      <SelectField
        id="browse-radius"
        label={t('browse.radius')}
        value={values.radius}
        disabled={values.place === null}
        options={browseRadiiKm.map((radius) => ({ value: radius, label: t('browse.radiusValue', { radius }) }))}
        onChange={(event) => onChange({ ...values, radius: Number(event.target.value) })}
      />
      <SelectField
        id="browse-category"
        label={t('browse.category')}
        placeholder={t('browse.anyCategory')}
        value={values.jobCategory ?? ''}
        options={namedOptions(categories.data)}
        onChange={(event) => onChange({ ...values, jobCategory: numberOrNull(event.target.value) })}
      />
      <SelectField
        id="browse-contract"
        label={t('browse.contract')}
        placeholder={t('browse.anyContract')}
        value={values.contractType ?? ''}
        options={namedOptions(contracts.data)}
        onChange={(event) => onChange({ ...values, contractType: numberOrNull(event.target.value) })}
      />
    </form>
  );
}
