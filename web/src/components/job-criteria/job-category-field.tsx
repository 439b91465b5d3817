// The job category of a search or an offer: a drop-down over the reference list.
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CriteriaSelectField, type CriteriaSelectFieldProps } from './criteria-select-field';

export function JobCategoryField<T extends FieldValues>(props: CriteriaSelectFieldProps<T>) {
  const { t } = useTranslation('forms');
  return (
    <CriteriaSelectField
      {...props}
      name="jobCategory"
      list="job/categories"
      label={t('jobCriteria.jobCategory')}
      placeholder={t('jobCriteria.chooseJobCategory')}
    />
  );
}
