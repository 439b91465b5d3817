// The progress of a form filled in steps (the sign-up, the offer creation):
// every step in order, each done, current or still to do, the current one
// marked for screen readers. Its look is `.stepper` in styles/controls.css; a
// page may add its own class to change it.
type StepperProps = {
  /** The name of the list for screen readers. */
  label: string;
  steps: readonly { key: string; label: string }[];
  /** The index of the current step. */
  current: number;
  className?: string;
  /** The numbers are only drawn, not read, where the label already says "step 2 of 3". */
  numbersHidden?: boolean;
};

export function Stepper({ label, steps, current, className, numbersHidden }: StepperProps) {
  return (
    <ol className={className ? `stepper ${className}` : 'stepper'} aria-label={label}>
      {steps.map((step, index) => (
        <li
          key={step.key}
          className="stepper__step"
          data-state={index < current ? 'done' : index === current ? 'current' : 'todo'}
          aria-current={index === current ? 'step' : undefined}
        >
          <span className="stepper__number" aria-hidden={numbersHidden || undefined}>
            {index + 1}
          </span>
          <span className="stepper__label">{step.label}</span>
        </li>
      ))}
    </ol>
  );
}
