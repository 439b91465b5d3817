// A multiple choice shown as toggle chips (checkboxes underneath), for short
// lists such as contract types or soft-skill families. The legend, hint and
// error come from the shared fieldset frame, which ties them to the group.
import { FieldsetField } from './field';

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
  return (
    <FieldsetField className="choice-chips" legend={legend} hint={hint} error={error} name={name}>
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
    </FieldsetField>
  );
}
