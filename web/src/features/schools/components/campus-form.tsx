// The campus form, for a new campus and for editing one: its name, its place
// and its programs (added, renamed, removed in place). The rules are checked
// before sending (utils/campus-form) and the server's 422 lands on the same
// fields, a duplicate program on the program it names.
import { useFieldArray, useForm, Controller, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '@/components/form/unsaved-changes';
import { TextField } from '@/components/form/text-field';
import { LocalizationPicker } from '@/components/localization-picker/localization-picker';
import { isLocated } from '@/components/localization-picker/localization-value';
import { serverFieldErrors } from '@/lib/form/server-errors';
import { useRuleMessage } from '@/lib/form/use-rule-message';
import { useSaveCampus } from '../api/save-campus';
import type { Campus } from '../api/school-types';
import {
  type CampusFormErrors,
  type CampusFormValues,
  campusRequest,
  campusServerErrors,
  campusToForm,
  checkCampus,
  hasCampusErrors,
} from '../utils/campus-form';
import { FormAlert } from '@/components/ui/form-alert';
import { SchoolFormSubmit } from './school-form-submit';

function toFieldErrors(errors: CampusFormErrors): FieldErrors<CampusFormValues> {
  const rule = (message: string) => ({ type: 'rule', message });
  const programs: ({ name: ReturnType<typeof rule> } | undefined)[] = [];
  for (const [index, code] of Object.entries(errors.programs)) programs[Number(index)] = { name: rule(code) };
  // the place is one value for the form, though its type is an object
  return {
    ...(errors.name ? { name: rule(errors.name) } : {}),
    ...(errors.localization ? { localization: rule(errors.localization) } : {}),
    ...(programs.length > 0 ? { programs } : {}),
  } as FieldErrors<CampusFormValues>;
}

const resolver: Resolver<CampusFormValues> = (values) => {
  const errors = checkCampus(values);
  return hasCampusErrors(errors) ? { values: {}, errors: toFieldErrors(errors) } : { values, errors: {} };
};

export function CampusForm({ campus, onDone }: { campus?: Campus; onDone: (saved: Campus) => void }) {
  const { t } = useTranslation('school');
  const ruleMessage = useRuleMessage();
  const save = useSaveCampus(campus?.id);
  const { control, register, handleSubmit, setError, getValues, reset, formState } = useForm<CampusFormValues>({
    resolver,
    defaultValues: campusToForm(campus),
  });
  const programs = useFieldArray({ control, name: 'programs' });
  useUnsavedChanges(formState.isDirty);
  const { errors } = formState;
  const idPrefix = campus ? `campus-${campus.id}` : 'campus-new';

  const onSubmit = handleSubmit((values) =>
    // the form's checks require the place: a submitted form has one
    isLocated(values) && save.mutate(campusRequest(values), {
      onSuccess: (saved) => {
        reset(getValues());
        onDone(saved);
      },
      onError: (error) => {
        const fields = serverFieldErrors(error);
        if (!fields) return;
        const mapped = campusServerErrors(fields);
        if (mapped.name) setError('name', { type: 'server', message: mapped.name });
        if (mapped.localization) setError('localization', { type: 'server', message: mapped.localization });
        for (const [index, code] of Object.entries(mapped.programs)) {
          setError(`programs.${Number(index)}.name`, { type: 'server', message: code });
        }
      },
    }),
  );

  return (
    <form className="school-form" noValidate onSubmit={(event) => void onSubmit(event)} data-testid="campus-form">
      <TextField id={`${idPrefix}-name`} label={t('campus.fields.name')} required maxLength={200} {...register('name')} error={ruleMessage(errors.name)} />
      <Controller
        control={control}
        name="localization"
        render={({ field }) => (
          <LocalizationPicker
            id={`${idPrefix}-localization`}
            label={t('campus.fields.localization')}
            name="localization"
            required
            value={field.value}
            onChange={field.onChange}
            error={ruleMessage(errors.localization)}
          />
        )}
      />
      <fieldset className="school-form__programs">
        <legend>{t('campus.fields.programs')}</legend>
        <p className="school-form__hint">{t('campus.programsHint')}</p>
        {programs.fields.map((program, index) => (
          <div key={program.id} className="school-form__program">
            <TextField
              id={`${idPrefix}-program-${index}`}
              label={t('campus.fields.program', { number: index + 1 })}
              maxLength={200}
              {...register(`programs.${index}.name`)}
              error={ruleMessage(errors.programs?.[index]?.name, 'program')}
            />
            <button type="button" className="button button--ghost" onClick={() => programs.remove(index)}>
              {t('campus.removeProgram', { number: index + 1 })}
            </button>
          </div>
        ))}
        <button type="button" className="button button--secondary" onClick={() => programs.append({ id: null, name: '' })}>
          {t('campus.addProgram')}
        </button>
      </fieldset>
      {save.isError && serverFieldErrors(save.error) === null && (
        <FormAlert>{t('errors.saveFailed')}</FormAlert>
      )}
      <SchoolFormSubmit pending={save.isPending}>{campus ? t('campus.save') : t('campus.create')}</SchoolFormSubmit>
    </form>
  );
}
