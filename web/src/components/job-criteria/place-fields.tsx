// Where: the place (city, department, region or country) and the radius
// around it, with the radius's value shown live beside its label.
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/form/field';
import { LocalizationPicker } from '@/components/localization-picker/localization-picker';
import { radiusRangeKm } from './criteria-rules';
import { type CriteriaControl, useCriteriaField } from './use-criteria-field';

export function PlaceFields<T extends FieldValues>({
  control,
  ids,
}: {
  control: CriteriaControl<T>;
  ids: { localization: string; radius: string };
}) {
  const { t } = useTranslation('forms');
  const localization = useCriteriaField(control, 'localization');
  const radius = useCriteriaField(control, 'radius');
  const radiusText = t('jobCriteria.radiusValue', { radius: radius.value });
  return (
    <>
      <LocalizationPicker
        id={ids.localization}
        label={t('jobCriteria.localization')}
        placeholder={t('jobCriteria.localizationPlaceholder')}
        value={localization.value}
        onChange={localization.onChange}
        error={localization.errorMessage}
      />
      <Field
        id={ids.radius}
        labelClassName="field__label--split"
        label={
          <>
            <span>{t('jobCriteria.radius')}</span>
            <output htmlFor={ids.radius} className="field__value">
              {radiusText}
            </output>
          </>
        }
        error={radius.errorMessage}
      >
        {(controlProps) => (
          <input
            {...controlProps}
            className="range"
            type="range"
            min={radiusRangeKm.min}
            max={radiusRangeKm.max}
            step={1}
            value={radius.value}
            aria-valuetext={radiusText}
            onChange={(event) => radius.onChange(Number(event.target.value))}
            onBlur={radius.onBlur}
          />
        )}
      </Field>
    </>
  );
}
