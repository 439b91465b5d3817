// A multiple choice shown as toggle chips (checkboxes underneath), for short
// lists such as contract types or soft-skill families.
import '@/styles/forms.css';
import { useId } from 'react';

export type ChoiceOption = { id: number; name: string };

export function ChoiceChips({
  legend,
  options,
  selected,
  onToggle,
  error,
  hint,
  name,
}: {
  legend: string;
  options: readonly ChoiceOption[];
  selected: readonly number[];
  onToggle: (id: number) => void;
  error?: string;
  hint?: string;
  name?: string;
}) {
  const generated = useId();
  const describedBy = error ? `${generated}-error` : hint ? `${generated}-hint` : undefined;
  return (
    <fieldset className="choice-chips" aria-describedby={describedBy} data-invalid={error ? true : undefined} data-name={name}>
      <legend className="field__label">{legend}</legend>
      <div className="choice-chips__options">
        {options.map((option) => {
          const checked = selected.includes(option.id);
          return (
            <label key={option.id} className="choice-chip" data-checked={checked}>
              <input
                type="checkbox"
                className="visually-hidden"
                checked={checked}
                onChange={() => onToggle(option.id)}
                value={option.id}
              />
              <span>{option.name}</span>
            </label>
          );
        })}
      </div>
      {hint && !error && (
        <p className="field__hint" id={`${generated}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={`${generated}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
