// The soft skills a record shows (1 to 4, spec §9), grouped by family. It
// says how many can still be chosen (politely announced as it changes); once
// four are chosen the others are turned off until one is let go.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useReferenceList } from '@/api/reference-lists/reference-list';
import { FieldsetField } from '@/components/form/field';
import { toggleId } from '@/components/job-criteria/criteria-values';
import { ReferenceListFailure } from '@/components/job-criteria/reference-list-failure';
import { useContextField } from '@/lib/form/use-context-field';
import { softskillRange } from '../utils/record-rules';

/** `min` 0 for a hobby, whose soft skills are optional. */
export function SoftskillPicker({ name = 'softskills', min = softskillRange.min }: { name?: string; min?: number }) {
  const { t } = useTranslation('profile');
  const groupId = useId();
  const families = useReferenceList('softskill/categories');
  const { field, error } = useContextField(name, 'softskills');
  const chosen = (field.value as number[] | undefined) ?? [];
  const left = Math.max(0, softskillRange.max - chosen.length);
  const full = left === 0;
  return (
    <div data-tour="softskill-picker">
    <FieldsetField
      className="softskill-picker"
      name={name}
      legend={t('softskills.legend')}
      hint={t(min === 0 ? 'softskills.hintOptional' : 'softskills.hint', { min, max: softskillRange.max })}
      error={error}
    >
      <p className="softskill-picker__left" aria-live="polite" data-testid="softskills-left">
        {full ? t('softskills.full', { max: softskillRange.max }) : t('softskills.left', { count: left })}
      </p>
      <ReferenceListFailure query={families} />
      {(families.data ?? []).map((family, index) => (
        <div
          key={family.id}
          className="softskill-picker__family"
          role="group"
          aria-labelledby={`${groupId}-${family.id}`}
          data-tour={index === 0 ? 'softskill-families' : undefined}
        >
          <h3 className="softskill-picker__family-name" id={`${groupId}-${family.id}`}>
            {family.name}
          </h3>
          <div className="choice-chips__options" data-tour={index === 0 ? 'softskill-skills' : undefined}>
            {(family.softskills ?? []).map((softskill) => {
              const checked = chosen.includes(softskill.id);
              const disabled = full && !checked;
              return (
                <label key={softskill.id} className="choice-chip" data-checked={checked} data-disabled={disabled} title={softskill.description ?? undefined}>
                  <input
                    type="checkbox"
                    className="visually-hidden"
                    checked={checked}
                    disabled={disabled}
                    onChange={() => field.onChange(toggleId(chosen, softskill.id))}
                    onBlur={field.onBlur}
                  />
                  <span>{softskill.name}</span>
                </label>
              );
            })}
          </div>
        </div>
      ))}
    </FieldsetField>
    </div>
  );
}
