// A single checkbox whose text is its label (consent, "remember me"), with an
// error under it tied to the box. Forwards its ref for `register(...)`.
import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldMessages, useFieldIds } from './field';

export type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  /** Text, or text with a link (the consent's terms of use). */
  label: ReactNode;
  id?: string;
  hint?: string;
  error?: string;
};

export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(function CheckboxField(
  { label, id, hint, error, className, ...input },
  ref,
) {
  const { control, hintId, errorId } = useFieldIds({ id, hint, error });
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label className="checkbox">
        <input ref={ref} type="checkbox" {...control} {...input} />
        <span>{label}</span>
      </label>
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
});
