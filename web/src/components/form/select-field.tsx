// A labelled drop-down in the shared field frame, with an optional first
// "nothing chosen" option. Forwards its ref for `register(...)`.
import { forwardRef, type SelectHTMLAttributes } from 'react';
import { Field, type FieldFrameProps } from './field';

export type SelectOption = { value: string | number; label: string };

/** The options of a list of named items (a reference list, a campus's programs), by id; none while it loads. */
export function namedOptions(items: readonly { id: number; name: string }[] | undefined): SelectOption[] {
  return (items ?? []).map((item) => ({ value: item.id, label: item.name }));
}

export type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> &
  Omit<FieldFrameProps, 'label'> & {
    label: string;
    options: readonly SelectOption[];
    /** The text of an empty first option (value ""), when the field may be left unchosen. */
    placeholder?: string;
  };

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, id, hint, error, describedBy, className, options, placeholder, ...select },
  ref,
) {
  return (
    <Field label={label} id={id} hint={hint} error={error} describedBy={describedBy} className={className}>
      {(control) => (
        <select ref={ref} className="field__input" {...control} {...select}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
});
