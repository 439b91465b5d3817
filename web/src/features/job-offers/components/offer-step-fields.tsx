// The fields of each step of the offer creation, on the one form the steps
// share. The criteria are the sections the sourcing search shows
// (components/job-criteria); the title, the trade within the category and the
// description are the offer's own, and the last step reads everything back.
import type { ComponentType } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useReferenceList } from '@/api/reference-lists/reference-list';
import { namedOptions, SelectField } from '@/components/form/select-field';
import { TextAreaField } from '@/components/form/text-area-field';
import { TextField } from '@/components/form/text-field';
import { ContractTypeField } from '@/components/job-criteria/contract-fields';
import { numberOrNull } from '@/components/job-criteria/criteria-values';
import { JobCategoryField } from '@/components/job-criteria/job-category-field';
import { PeriodFields } from '@/components/job-criteria/period-fields';
import { PlaceFields } from '@/components/job-criteria/place-fields';
import { DegreeField, LanguagesField, SoftskillCategoriesField } from '@/components/job-criteria/profile-fields';
import { usePermanentContracts } from '@/components/job-criteria/use-permanent-contracts';
import { useRuleMessage } from '@/lib/form/use-rule-message';
import {
  durationFlexibilityRangeMonths,
  offerIsOpenEnded,
  type OfferFormValues,
  type OfferStep,
  titleMaxLength,
  todayIsoDate,
} from '../utils/offer-form';
import { OfferReview } from './offer-review';

type StepProps = { form: UseFormReturn<OfferFormValues> };

function JobStep({ form: { control, register, setValue, formState } }: StepProps) {
  const { t } = useTranslation('offers');
  const ruleMessage = useRuleMessage();
  const jobs = useReferenceList('jobs');
  const jobCategory = useWatch({ control, name: 'jobCategory' });
  const categoryJobs = (jobs.data ?? []).filter((job) => jobCategory !== null && job.job_category === jobCategory);
  return (
    <>
      <TextField
        id="offer-title"
        label={t('fields.title')}
        maxLength={titleMaxLength}
        placeholder={t('fields.titlePlaceholder')}
        {...register('title')}
        error={ruleMessage(formState.errors.title)}
      />
      <JobCategoryField control={control} id="offer-job-category" onPicked={() => setValue('job', null)} />
      {categoryJobs.length > 0 && (
        <SelectField
          id="offer-job"
          label={t('fields.job')}
          placeholder={t('fields.anyJob')}
          options={namedOptions(categoryJobs)}
          {...register('job', { setValueAs: (value: string | number | null) => numberOrNull(String(value ?? '')) })}
        />
      )}
    </>
  );
}

/** The contract, its start and, for a fixed-term one, its duration and how flexible it is. */
function ContractStep({ form: { control, register, formState } }: StepProps) {
  const { t } = useTranslation('offers');
  const ruleMessage = useRuleMessage();
  const contractType = useWatch({ control, name: 'contractType' });
  const openEnded = offerIsOpenEnded({ contractType }, usePermanentContracts());
  return (
    <>
      <ContractTypeField control={control} id="offer-contract" />
      <PeriodFields control={control} ids={{ duration: 'offer-duration', startAt: 'offer-start' }} openEnded={openEnded} />
      {!openEnded && (
        <TextField
          id="offer-flexibility"
          label={t('fields.durationFlexibility')}
          hint={t('fields.durationFlexibilityHint')}
          type="number"
          inputMode="numeric"
          min={durationFlexibilityRangeMonths.min}
          max={durationFlexibilityRangeMonths.max}
          {...register('durationFlexibility', { setValueAs: (value: string) => (value === '' ? 0 : Number(value)) })}
          error={ruleMessage(formState.errors.durationFlexibility)}
        />
      )}
    </>
  );
}

function PlaceStep({ form: { control } }: StepProps) {
  return <PlaceFields control={control} ids={{ localization: 'offer-localization', radius: 'offer-radius' }} />;
}

function ProfileStep({ form: { control } }: StepProps) {
  return (
    <>
      <DegreeField control={control} id="offer-degree" />
      <LanguagesField control={control} />
      <SoftskillCategoriesField control={control} />
    </>
  );
}

function ReviewStep({ form: { control, register, formState } }: StepProps) {
  const { t } = useTranslation('offers');
  const ruleMessage = useRuleMessage();
  const values = useWatch({ control }) as OfferFormValues;
  return (
    <>
      <TextAreaField
        id="offer-description"
        label={t('fields.description')}
        rows={7}
        placeholder={t('fields.descriptionPlaceholder')}
        {...register('description')}
        error={ruleMessage(formState.errors.description)}
      />
      <TextField
        id="offer-closes-on"
        label={t('fields.closesOn')}
        hint={t('fields.closesOnHint')}
        type="date"
        min={todayIsoDate()}
        {...register('closesOn')}
        error={ruleMessage(formState.errors.closesOn)}
      />
      <OfferReview values={values} />
    </>
  );
}

const fieldsOfStep: Record<OfferStep, ComponentType<StepProps>> = {
  job: JobStep,
  contract: ContractStep,
  place: PlaceStep,
  profile: ProfileStep,
  review: ReviewStep,
};

export function OfferStepFields({ step, form }: StepProps & { step: OfferStep }) {
  const Fields = fieldsOfStep[step];
  return <Fields form={form} />;
}
