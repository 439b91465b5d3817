// A labelled multi-line text in the shared field frame. Forwards its ref for `register(...)`.
import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { Field, type FieldFrameProps } from './field';

export type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> &
  Omit<FieldFrameProps, 'label'> & { label: string };

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, id, hint, error, describedBy, className, ...textarea },
  ref,
) {
  return (
    <Field label={label} id={id} hint={hint} error={error} describedBy={describedBy} className={className}>
      {(control) => <textarea ref={ref} className="field__input field__input--area" {...control} {...textarea} />}
    </Field>
  );
});
