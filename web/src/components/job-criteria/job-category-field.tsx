// The job category of a search or an offer: a drop-down over the reference list.
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useReferenceList } from '@/api/reference-lists/reference-list';
import { namedOptions, SelectField } from '@/components/form/select-field';
import { useRuleMessage } from '@/lib/form/use-rule-message';
import { numberOrNull } from './criteria-values';
import { ReferenceListFailure } from './reference-list-failure';
import { type CriteriaControl, useCriteriaField } from './use-criteria-field';

export function JobCategoryField<T extends FieldValues>({
  control,
  id,
  onPicked,
}: {
  control: CriteriaControl<T>;
  id: string;
  /** Told after the category changed (e.g. to clear a trade chosen within the old one). */
  onPicked?: () => void;
}) {
  const { t } = useTranslation('forms');
  const ruleMessage = useRuleMessage();
  const categories = useReferenceList('job/categories');
  const field = useCriteriaField(control, 'jobCategory');
  return (
    <>
      <SelectField
        id={id}
        label={t('jobCriteria.jobCategory')}
        placeholder={t('jobCriteria.chooseJobCategory')}
        options={namedOptions(categories.data)}
        value={field.value ?? ''}
        onChange={(event) => {
          field.onChange(numberOrNull(event.target.value));
          onPicked?.();
        }}
        onBlur={field.onBlur}
        error={ruleMessage(field.error)}
      />
      <ReferenceListFailure query={categories} />
    </>
  );
}
