// The contract of a search or an offer. A search accepts several contract
// types (chips); an offer is for one (a drop-down). Both read the same list.
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useReferenceList } from '@/api/reference-lists/reference-list';
import { ChoiceChips } from '@/components/form/choice-chips';
import { CriteriaSelectField, type CriteriaSelectFieldProps } from './criteria-select-field';
import { toggleId } from './criteria-values';
import { ReferenceListFailure } from './reference-list-failure';
import { type CriteriaControl, useCriteriaField } from './use-criteria-field';

/** Several contract types (the form's `contracts`). */
export function ContractsField<T extends FieldValues>({ control }: { control: CriteriaControl<T> }) {
  const { t } = useTranslation('forms');
  const contractTypes = useReferenceList('contract/types');
  const field = useCriteriaField(control, 'contracts');
  return (
    <>
      <ChoiceChips
        legend={t('jobCriteria.contracts')}
        name="contracts"
        options={contractTypes.data ?? []}
        selected={field.value}
        onToggle={(id) => field.onChange(toggleId(field.value, id))}
        error={field.errorMessage}
      />
      <ReferenceListFailure query={contractTypes} />
    </>
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
