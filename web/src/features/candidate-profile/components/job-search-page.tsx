// /dashboard/candidate/ma-recherche: what the candidate looks for (jobs,
// places, contracts, hours, kinds of company, shortest contract, when they
// are free, degree and profile type) and whether they are looking at all. It
// is what makes them show up in the partners' sourcing searches. The shortest
// contract is not asked for permanent contracts alone (the CDI has no end).
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@/components/form/checkbox-field';
import { TextField } from '@/components/form/text-field';
import { usePermanentContracts } from '@/components/job-criteria/use-permanent-contracts';
import { useRuleMessage } from '@/lib/form/use-rule-message';
import { useUpdateCandidate } from '../api/update-candidate';
import {
  asksMinDuration,
  jobSearchFields,
  jobSearchFormValues,
  type JobSearchFormValues,
  jobSearchRequest,
  jobSearchSchema,
  minDurationRangeMonths,
} from '../utils/job-search-form';
import { ChipsField, PlacesField } from './choice-fields';
import { ProfileFormPage } from './profile-form-page';
import { ReferenceSelectField } from './record-fields';

/**
 * When the candidate is free (`availability`) or the shortest contract they
 * would take (`contractMinDuration`): the two fields of the job search that
 * the onboarding's "when" step also asks, in its own order. The shortest
 * contract shows only while the chosen contracts are not all permanent.
 */
export function JobSearchTimingField({ name }: { name: 'availability' | 'contractMinDuration' }) {
  const { t } = useTranslation('profile');
  const ruleMessage = useRuleMessage();
  const { register, formState, control } = useFormContext<JobSearchFormValues>();
  const contractTypes = useWatch({ control, name: 'contractTypes' });
  const permanentContracts = usePermanentContracts();
  const error = ruleMessage(formState.errors[name], { range: name === 'contractMinDuration' ? minDurationRangeMonths : undefined });
  if (name === 'availability') {
    return (
      <TextField
        label={t('jobSearch.availability')}
        hint={t('jobSearch.availabilityHint')}
        type="date"
        {...register('availability')}
        error={error}
      />
    );
  }
  if (!asksMinDuration({ contractTypes }, permanentContracts)) return null;
  return (
    <TextField
      label={t('jobSearch.minDuration')}
      hint={t('jobSearch.minDurationHint')}
      type="number"
      inputMode="numeric"
      min={minDurationRangeMonths.min}
      max={minDurationRangeMonths.max}
      {...register('contractMinDuration', { setValueAs: (text: string) => (text === '' ? null : Number(text)) })}
      error={error}
    />
  );
}

function JobSearchFields() {
  const { t } = useTranslation('profile');
  const { register } = useFormContext<JobSearchFormValues>();
  return (
    <>
      <CheckboxField label={t('jobSearch.inResearch')} hint={t('jobSearch.inResearchHint')} {...register('inResearch')} />
      <ChipsField name="jobCategories" list="job/categories" legend={t('jobSearch.jobCategories')} />
      <PlacesField name="jobLocalizations" legend={t('jobSearch.places')} hint={t('jobSearch.placesHint')} />
      <ChipsField name="contractTypes" list="contract/types" legend={t('jobSearch.contractTypes')} />
      <ChipsField name="contractHourlySchemes" list="contract/hourly-schemes" legend={t('jobSearch.hourlySchemes')} />
      <ChipsField name="companyTypes" list="company/types" legend={t('jobSearch.companyTypes')} />
      <div className="field-row">
        <JobSearchTimingField name="contractMinDuration" />
        <JobSearchTimingField name="availability" />
      </div>
      <div className="field-row">
        <ReferenceSelectField name="degree" list="candidate/degrees" label={t('jobSearch.degree')} />
        <ReferenceSelectField name="type" list="candidate/types" label={t('jobSearch.type')} />
      </div>
    </>
  );
}

export function JobSearchPage() {
  const update = useUpdateCandidate();
  const permanentContracts = usePermanentContracts();
  return (
    <ProfileFormPage<JobSearchFormValues>
      texts="jobSearch"
      testId="job-search"
      leadIsCallout
      schema={jobSearchSchema(permanentContracts)}
      formValues={jobSearchFormValues}
      fields={jobSearchFields}
      save={(values) => update.mutateAsync(jobSearchRequest(values, permanentContracts))}
      Fields={JobSearchFields}
    />
  );
}
