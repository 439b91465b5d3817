// Who: the minimum degree, the languages with their level, and the soft-skill
// families. "At least one language or one family" concerns both of the last
// two; it is said once, under the families, and rechecked when either changes.
import { type FieldError, type FieldValues, type Path, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useReferenceList } from '@/api/reference-lists/reference-list';
import { SelectField } from '@/components/form/select-field';
import { useRuleMessage } from '@/lib/form/use-rule-message';
import { degreeLevels } from './criteria-values';
import { ReferenceChips } from './reference-chips';
import { ReferenceLanguageLevels } from './reference-language-levels';
import { ReferenceListFailure } from './reference-list-failure';
import { type CriteriaControl, useCriteriaField } from './use-criteria-field';

const matchingRule = 'matching_parameter_required';

export function DegreeField<T extends FieldValues>({ control, id }: { control: CriteriaControl<T>; id: string }) {
  const { t } = useTranslation('forms');
  const degrees = useReferenceList('candidate/degrees');
  const field = useCriteriaField(control, 'degree');
  return (
    <>
      <SelectField
        id={id}
        label={t('jobCriteria.degree')}
        options={[
          { value: 0, label: t('jobCriteria.anyDegree') },
          ...degreeLevels(degrees.data ?? []).map((degree) => ({ value: degree.level, label: degree.name })),
        ]}
        value={field.value}
        onChange={(event) => field.onChange(Number(event.target.value))}
        onBlur={field.onBlur}
        error={field.errorMessage}
      />
      <ReferenceListFailure query={degrees} />
    </>
  );
}

export function LanguagesField<T extends FieldValues>({ control }: { control: CriteriaControl<T> }) {
  const { t } = useTranslation('forms');
  const field = useCriteriaField(control, 'languages', ['softskillCategories']);
  const chosen = field.value;
  return (
    <ReferenceLanguageLevels
      value={chosen}
      onChange={field.onChange}
      labels={{
        legend: t('jobCriteria.languages'),
        add: t('jobCriteria.addLanguage'),
        level: (language) => t('jobCriteria.languageLevel', { language }),
        remove: (language) => t('jobCriteria.removeLanguage', { language }),
      }}
      error={field.error?.message === matchingRule ? undefined : field.errorMessage}
    />
  );
}

export function SoftskillCategoriesField<T extends FieldValues>({ control }: { control: CriteriaControl<T> }) {
  const { t } = useTranslation('forms');
  const ruleMessage = useRuleMessage();
  const field = useCriteriaField(control, 'softskillCategories', ['languages']);
  const { errors } = useFormState({ control, name: 'languages' as Path<T> });
  const languagesError = errors.languages as FieldError | undefined;
  const matching = languagesError?.message === matchingRule ? languagesError : undefined;
  return (
    <ReferenceChips
      list="softskill/categories"
      legend={t('jobCriteria.softskillCategories')}
      name="softskill-categories"
      selected={field.value}
      onChange={field.onChange}
      hint={t('jobCriteria.matchingHint')}
      error={ruleMessage(field.error ?? matching)}
    />
  );
}
