// The small sections the profile forms share, bound to the form around them
// (react-hook-form's FormProvider): a drop-down over a reference list, a place,
// the period (start, end, "I still do this", which turns the end date off) and
// the CAR method (context, actions, results, each with what to write there).
import { type Path, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ReferenceListName, useReferenceList } from '@/api/reference-lists/reference-list';
import { CheckboxField } from '@/components/form/checkbox-field';
import { namedOptions, SelectField } from '@/components/form/select-field';
import { TextAreaField } from '@/components/form/text-area-field';
import { TextField } from '@/components/form/text-field';
import { ReferenceListFailure } from '@/components/job-criteria/reference-list-failure';
import { LocalizationPicker } from '@/components/localization-picker/localization-picker';
import { useContextField } from '@/lib/form/use-context-field';
import { useRuleMessage } from '@/lib/form/use-rule-message';
import { type CarValues, longTextMaxLength, type PeriodValues } from '../utils/record-rules';

type ChoiceFieldProps = { name: string; label: string; hint?: string };

/** One of `options`, as an id (null while none is chosen). */
export function ChoiceSelectField({
  name,
  label,
  hint,
  options,
  onPicked,
}: ChoiceFieldProps & {
  options: readonly { id: number; name: string }[];
  /** Told after the choice changed (e.g. to clear a choice made within the old one). */
  onPicked?: () => void;
}) {
  const { t } = useTranslation('profile');
  const { field, error } = useContextField(name);
  return (
    <SelectField
      label={label}
      hint={hint}
      name={name}
      placeholder={t('form.choose')}
      options={namedOptions(options)}
      value={(field.value as number | null) ?? ''}
      onChange={(event) => {
        field.onChange(event.target.value === '' ? null : Number(event.target.value));
        onPicked?.();
      }}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

/** One item of a reference list. */
/** `tour`: the field's `data-tour` name, for the guided tutorial. */
export function ReferenceSelectField({ list, tour, ...props }: ChoiceFieldProps & { list: ReferenceListName; tour?: string }) {
  const items = useReferenceList(list);
  return (
    <div data-tour={tour}>
      <ChoiceSelectField {...props} options={items.data ?? []} />
      <ReferenceListFailure query={items} />
    </div>
  );
}

/** Where the record took place (any commune, department, region or country). */
export function PlaceField({ name = 'localization', label, tour }: { name?: string; label: string; tour?: string }) {
  const { t } = useTranslation('profile');
  const { field, error } = useContextField(name);
  const picker = (
    <LocalizationPicker
      name={name}
      label={label}
      placeholder={t('form.placePlaceholder')}
      value={field.value}
      onChange={field.onChange}
      error={error}
    />
  );
  return tour ? <div data-tour={tour}>{picker}</div> : picker;
}

export function PeriodFields({ currentLabel }: { currentLabel: string }) {
  const { t } = useTranslation('profile');
  const ruleMessage = useRuleMessage();
  const { register, control, formState, setValue } = useFormContext<PeriodValues>();
  const isCurrent = useWatch({ control, name: 'isCurrent' });
  const currentField = register('isCurrent', {
    onChange: (event: { target: { checked: boolean } }) => {
      if (event.target.checked) setValue('endDate', '', { shouldValidate: formState.isSubmitted });
    },
  });
  return (
    <fieldset className="record-form__period">
      <legend className="field__label">{t('form.period')}</legend>
      <div className="field-row">
        <TextField
          label={t('form.startDate')}
          type="date"
          {...register('startDate', { deps: ['endDate'] })}
          error={ruleMessage(formState.errors.startDate, 'startDate')}
        />
        <TextField
          label={t('form.endDate')}
          type="date"
          disabled={isCurrent}
          hint={isCurrent ? t('form.endDateCurrent') : undefined}
          {...register('endDate')}
          error={ruleMessage(formState.errors.endDate, 'endDate')}
        />
      </div>
      <CheckboxField label={currentLabel} {...currentField} />
    </fieldset>
  );
}

const carParts = [
  { name: 'carContext', key: 'context', tour: 'car-context' },
  { name: 'carActions', key: 'actions', tour: 'car-actions' },
  { name: 'carResults', key: 'results', tour: 'car-results' },
] as const satisfies readonly { name: keyof CarValues; key: string; tour: string }[];

/** The CAR method: three texts, each with its guidance. */
export function CarMethodFields({ optional = false }: { optional?: boolean }) {
  const { t } = useTranslation('profile');
  const ruleMessage = useRuleMessage();
  const { register, formState } = useFormContext<CarValues>();
  return (
    <fieldset className="record-form__car" data-testid="car-method">
      <legend className="field__label">{t(optional ? 'car.legendOptional' : 'car.legend')}</legend>
      <p className="record-form__lead">{t('car.lead')}</p>
      {carParts.map((part) => (
        <TextAreaField
          key={part.name}
          label={t(`car.${part.key}.label`)}
          hint={t(`car.${part.key}.hint`)}
          rows={3}
          maxLength={longTextMaxLength}
          data-tour={part.tour}
          {...register(part.name as Path<CarValues>)}
          error={ruleMessage(formState.errors[part.name], part.name)}
        />
      ))}
    </fieldset>
  );
}
