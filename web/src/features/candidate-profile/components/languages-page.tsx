// /dashboard/candidate/langues: the languages the candidate speaks, each with
// a level from 1 to 6, added at level 3, removable, saved together.
import { useTranslation } from 'react-i18next';
import type { LanguageRequirement } from '@/components/job-criteria/criteria-values';
import { ReferenceLanguageLevels } from '@/components/job-criteria/reference-language-levels';
import { useContextField } from '@/lib/form/use-context-field';
import { useUpdateLanguages } from '../api/update-candidate';
import { languagesFields, languagesFormValues, type LanguagesFormValues, languagesRequest, languagesSchema } from '../utils/languages-form';
import { ProfileFormPage } from './profile-form-page';

export function LanguagesField() {
  const { t } = useTranslation('profile');
  const { field, error } = useContextField('languages');
  const chosen = (field.value as LanguageRequirement[] | undefined) ?? [];
  return (
    <>
      {chosen.length === 0 && (
        <p className="panel__empty-title" data-testid="languages-empty">
          {t('languages.empty')}
        </p>
      )}
      <ReferenceLanguageLevels
        value={chosen}
        onChange={field.onChange}
        labels={{
          legend: t('languages.legend'),
          add: t('languages.add'),
          level: (language) => t('languages.level', { language }),
          remove: (language) => t('languages.remove', { language }),
        }}
        hint={t('languages.hint')}
        error={error}
      />
    </>
  );
}

export function LanguagesPage() {
  const update = useUpdateLanguages();
  return (
    <ProfileFormPage<LanguagesFormValues>
      texts="languages"
      testId="languages"
      schema={languagesSchema}
      formValues={languagesFormValues}
      fields={languagesFields}
      save={(values) => update.mutateAsync(languagesRequest(values))}
      Fields={LanguagesField}
    />
  );
}
