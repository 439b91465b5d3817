// A labelled text input (text, email, date, number...) in the shared field
// frame. It forwards its ref, so `register(...)` of react-hook-form spreads
// straight onto it.
import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { Field, type FieldFrameProps } from './field';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> &
  Omit<FieldFrameProps, 'label'> & {
    label: string;
    /** Shown inside the field's frame after the input (e.g. a show-password button). */
    trailing?: ReactNode;
    /** Shown under the hint (e.g. a password checklist). */
    children?: ReactNode;
  };

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, id, hint, error, describedBy, trailing, children, className, ...input },
  ref,
) {
  return (
    <Field label={label} id={id} hint={hint} error={error} describedBy={describedBy} className={className} after={children}>
      {(control) => (
        <div className={trailing ? 'field__control field__control--trailing' : 'field__control'}>
          <input ref={ref} className="field__input" {...control} {...input} />
          {trailing}
        </div>
      )}
    </Field>
  );
});
