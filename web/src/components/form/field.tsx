// The frame every form control of the app sits in: a label (or a legend for a
// group), an optional hint and an optional error, tied to the control for
// screen readers. The hint and the error describe the control through
// `aria-describedby`, and an error marks it `aria-invalid`. The control itself
// is rendered by the caller from the ids and attributes given here, so the
// same frame serves inputs, selects, text areas, sliders and groups.
import '@/styles/forms.css';
import { type ReactNode, useId } from 'react';

/** What a control needs from its frame. */
export type FieldControlProps = {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
};

export type FieldFrameProps = {
  label: ReactNode;
  id?: string;
  hint?: ReactNode;
  /** The message, already in the user's language. */
  error?: string;
  /** Another element describing the control (e.g. a password checklist), read after the hint. */
  describedBy?: string;
  className?: string;
};

/** The ids of a field's parts and the attributes its control carries. */
export function useFieldIds({ id, hint, error, describedBy }: Pick<FieldFrameProps, 'id' | 'hint' | 'error' | 'describedBy'>) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const described = [hint ? hintId : null, describedBy ?? null, error ? errorId : null].filter(Boolean).join(' ');
  const control: FieldControlProps = {
    id: controlId,
    'aria-describedby': described === '' ? undefined : described,
    'aria-invalid': error ? true : undefined,
  };
  return { control, hintId, errorId };
}

/** The hint, anything the control adds (`between`), then the error, under a control. */
export function FieldMessages({
  hint,
  error,
  hintId,
  errorId,
  between,
}: {
  hint?: ReactNode;
  error?: string;
  hintId: string;
  errorId: string;
  between?: ReactNode;
}) {
  return (
    <>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {between}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </>
  );
}

/** A labelled control: `children` renders the control from the attributes it is given. */
export function Field({
  label,
  labelClassName,
  hint,
  error,
  className,
  after,
  children,
  ...ids
}: FieldFrameProps & {
  labelClassName?: string;
  /** Shown between the hint and the error (e.g. a password checklist). */
  after?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const { control, hintId, errorId } = useFieldIds({ ...ids, hint, error });
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label className={`field__label${labelClassName ? ` ${labelClassName}` : ''}`} htmlFor={control.id}>
        {label}
      </label>
      {children(control)}
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} between={after} />
    </div>
  );
}

/**
 * A group of controls (checkboxes, chips, language rows) under a legend; the
 * hint and the error describe the whole group.
 */
export function FieldsetField({
  legend,
  hint,
  error,
  className,
  name,
  children,
}: {
  legend: ReactNode;
  hint?: ReactNode;
  error?: string;
  className: string;
  /** Kept as `data-name` so pages and tests can find the group. */
  name?: string;
  children: ReactNode;
}) {
  const { control, hintId, errorId } = useFieldIds({ hint, error });
  return (
    <fieldset
      className={className}
      aria-describedby={control['aria-describedby']}
      aria-invalid={control['aria-invalid']}
      data-invalid={error ? true : undefined}
      data-name={name}
    >
      <legend className="field__label">{legend}</legend>
      {children}
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </fieldset>
  );
}
