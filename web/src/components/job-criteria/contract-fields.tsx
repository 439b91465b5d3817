// The contract of a search or an offer. A search accepts several contract
// types (chips); an offer is for one (a drop-down). Both read the same list.
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useReferenceList } from '@/api/reference-lists/reference-list';
import { ChoiceChips } from '@/components/form/choice-chips';
import { namedOptions, SelectField } from '@/components/form/select-field';
import { useRuleMessage } from '@/lib/form/use-rule-message';
import { numberOrNull, toggleId } from './criteria-values';
import { ReferenceListFailure } from './reference-list-failure';
import { type CriteriaControl, useCriteriaField } from './use-criteria-field';

/** Several contract types (the form's `contracts`). */
export function ContractsField<T extends FieldValues>({ control }: { control: CriteriaControl<T> }) {
  const { t } = useTranslation('forms');
  const ruleMessage = useRuleMessage();
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
        error={ruleMessage(field.error)}
      />
      <ReferenceListFailure query={contractTypes} />
    </>
  );
}

/** One contract type (the form's `contractType`). */
export function ContractTypeField<T extends FieldValues>({ control, id }: { control: CriteriaControl<T>; id: string }) {
  const { t } = useTranslation('forms');
  const ruleMessage = useRuleMessage();
  const contractTypes = useReferenceList('contract/types');
  const field = useCriteriaField(control, 'contractType');
  return (
    <>
      <SelectField
        id={id}
        label={t('jobCriteria.contractType')}
        placeholder={t('jobCriteria.choose')}
        options={namedOptions(contractTypes.data)}
        value={field.value ?? ''}
        onChange={(event) => field.onChange(numberOrNull(event.target.value))}
        onBlur={field.onBlur}
        error={ruleMessage(field.error)}
      />
      <ReferenceListFailure query={contractTypes} />
    </>
  );
}
