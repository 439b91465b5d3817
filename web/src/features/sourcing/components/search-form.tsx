// The sourcing criteria (spec §3 "Sourcing search"). The form is owned by the
// page (react-hook-form), which runs the search as soon as the values are
// valid; a field shows its error once the user has changed it, so a fresh
// form is not all red. The criteria shared with job offers are the sections
// of components/job-criteria; the duration flexibility and the keywords are
// the search's own.
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form/text-field';
import { ContractsField } from '@/components/job-criteria/contract-fields';
import { JobCategoryField } from '@/components/job-criteria/job-category-field';
import { PeriodFields } from '@/components/job-criteria/period-fields';
import { PlaceFields } from '@/components/job-criteria/place-fields';
import { isOpenEnded } from '@/components/job-criteria/criteria-rules';
import { DegreeField, LanguagesField, SoftskillCategoriesField } from '@/components/job-criteria/profile-fields';
import { usePermanentContracts } from '@/components/job-criteria/use-permanent-contracts';
import { useRuleMessage } from '@/lib/form/use-rule-message';
import { defaultDurationFlexibility, durationFlexibilityRangeMonths, type SearchFormValues } from '../utils/search-form';

export function SearchForm({ form }: { form: UseFormReturn<SearchFormValues> }) {
  const { t } = useTranslation('sourcing');
  const ruleMessage = useRuleMessage();
  const { control, register, formState } = form;
  // permanent contracts only (the CDI): the job has no end, so no duration is asked
  const openEnded = isOpenEnded(useWatch({ control, name: 'contracts' }), usePermanentContracts());

  return (
    <form className="search-form" aria-label={t('form.title')} onSubmit={(event) => event.preventDefault()} noValidate>
      <h2 className="search-form__title">{t('form.title')}</h2>
      <JobCategoryField control={control} id="sourcing-job-category" />
      <ContractsField control={control} />
      <PeriodFields control={control} ids={{ duration: 'sourcing-duration', startAt: 'sourcing-start-at' }} openEnded={openEnded} />
      <PlaceFields control={control} ids={{ localization: 'sourcing-localization', radius: 'sourcing-radius' }} />
      <LanguagesField control={control} />
      <SoftskillCategoriesField control={control} />
      <div className="field-row">
        <DegreeField control={control} id="sourcing-degree" />
        <TextField
          id="sourcing-flexibility"
          label={t('form.durationFlexibility')}
          type="number"
          inputMode="numeric"
          min={durationFlexibilityRangeMonths.min}
          max={durationFlexibilityRangeMonths.max}
          {...register('durationFlexibility', {
            setValueAs: (value: string) => Math.max(durationFlexibilityRangeMonths.min, Number(value) || defaultDurationFlexibility),
          })}
          error={ruleMessage(formState.errors.durationFlexibility, { range: durationFlexibilityRangeMonths })}
        />
      </div>
      <TextField
        id="sourcing-keywords"
        label={t('form.keywords')}
        type="search"
        placeholder={t('form.keywordsPlaceholder')}
        {...register('keywords')}
      />
    </form>
  );
}
