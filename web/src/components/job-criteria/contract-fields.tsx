// The contract of a search or an offer. A search accepts several contract
// types (chips); an offer is for one (a drop-down). Both read the same list.
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CriteriaSelectField, type CriteriaSelectFieldProps } from './criteria-select-field';
import { ReferenceChips } from './reference-chips';
import { type CriteriaControl, useCriteriaField } from './use-criteria-field';

/** Several contract types (the form's `contracts`). */
export function ContractsField<T extends FieldValues>({ control }: { control: CriteriaControl<T> }) {
  const { t } = useTranslation('forms');
  const field = useCriteriaField(control, 'contracts');
  return (
    <ReferenceChips
      list="contract/types"
      legend={t('jobCriteria.contracts')}
      name="contracts"
      selected={field.value}
      onChange={field.onChange}
      error={field.errorMessage}
    />
  );
}

/** One contract type (the form's `contractType`). */
export function ContractTypeField<T extends FieldValues>(props: CriteriaSelectFieldProps<T>) {
  const { t } = useTranslation('forms');
  return (
    <CriteriaSelectField
      {...props}
      name="contractType"
      list="contract/types"
      label={t('jobCriteria.contractType')}
      placeholder={t('jobCriteria.choose')}
    />
  );
}
