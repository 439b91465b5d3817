// A drop-down over a reference list for a criteria field that holds one id
// (the job category, an offer's contract type), with the list's failure
// under it when the list cannot be read.
import type { FieldValues } from 'react-hook-form';
import { type ReferenceListName, useReferenceList } from '@/api/reference-lists/reference-list';
import { namedOptions, SelectField } from '@/components/form/select-field';
import { numberOrNull } from './criteria-values';
import { ReferenceListFailure } from './reference-list-failure';
import { type CriteriaControl, useCriteriaField } from './use-criteria-field';

export type CriteriaSelectFieldProps<T extends FieldValues> = {
  control: CriteriaControl<T>;
  id: string;
  /** Told after the choice changed (e.g. to clear a choice made within the old one). */
  onPicked?: () => void;
};

export function CriteriaSelectField<T extends FieldValues>({
  control,
  id,
  onPicked,
  name,
  list,
  label,
  placeholder,
}: CriteriaSelectFieldProps<T> & { name: 'jobCategory' | 'contractType'; list: ReferenceListName; label: string; placeholder: string }) {
  const items = useReferenceList(list);
  const field = useCriteriaField(control, name);
  return (
    <>
      <SelectField
        id={id}
        label={label}
        placeholder={placeholder}
        options={namedOptions(items.data)}
        value={field.value ?? ''}
        onChange={(event) => {
          field.onChange(numberOrNull(event.target.value));
          onPicked?.();
        }}
        onBlur={field.onBlur}
        error={field.errorMessage}
      />
      <ReferenceListFailure query={items} />
    </>
  );
}
