// /metier/offre/creer: the stepped job offer creation (steps and their order
// are decided in utils/offer-form.ts). Each step is checked before the next
// one; the last step reads everything back and publishes. Once published,
// the recruiter can open a sourcing search pre-filled from the offer. The
// criteria sections are the ones the sourcing search shows
// (components/job-criteria), in one react-hook-form form across the steps.
import '../offers.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useReferenceList } from '@/api/reference-lists/reference-list';
import { namedOptions, SelectField } from '@/components/form/select-field';
import { TextAreaField } from '@/components/form/text-area-field';
import { TextField } from '@/components/form/text-field';
import { Stepper } from '@/components/ui/stepper';
import { ContractTypeField } from '@/components/job-criteria/contract-fields';
import { numberOrNull } from '@/components/job-criteria/criteria-values';
import { JobCategoryField } from '@/components/job-criteria/job-category-field';
import { PeriodFields } from '@/components/job-criteria/period-fields';
import { PlaceFields } from '@/components/job-criteria/place-fields';
import { DegreeField, LanguagesField, SoftskillCategoriesField } from '@/components/job-criteria/profile-fields';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { applyServerErrors } from '@/lib/form/server-errors';
import { useRecheckShownErrors } from '@/lib/form/use-recheck-shown-errors';
import { useRuleMessage } from '@/lib/form/use-rule-message';
import { useCreateOffer } from '../api/create-offer';
import {
  buildOfferRequest,
  defaultOfferForm,
  firstInvalidStep,
  type OfferField,
  type OfferFormValues,
  type OfferStep,
  offerFormSchema,
  offerServerFieldNames,
  offerSteps,
  stepFields,
  stepOfField,
  titleMaxLength,
} from '../utils/offer-form';
import { OfferReview } from './offer-review';

const offerFields = offerSteps.flatMap((step) => stepFields[step]);

export function OfferCreatePage() {
  const { t } = useTranslation('offers');
  const ruleMessage = useRuleMessage();
  useDocumentTitle(t('title'));
  const form = useForm<OfferFormValues>({
    resolver: zodResolver(offerFormSchema),
    defaultValues: defaultOfferForm(),
    shouldFocusError: false,
  });
  const { control, register, trigger, setValue, setError, clearErrors, getValues, formState } = form;
  useRecheckShownErrors(form);
  const [stepIndex, setStepIndex] = useState(0);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const createOffer = useCreateOffer();
  const jobs = useReferenceList('jobs');

  const step: OfferStep = offerSteps[stepIndex] ?? 'job';
  const values = useWatch({ control }) as OfferFormValues;

  async function next(): Promise<void> {
    if (await trigger(stepFields[step])) setStepIndex((index) => Math.min(index + 1, offerSteps.length - 1));
  }

  async function publish(): Promise<void> {
    const invalid = firstInvalidStep(getValues());
    if (invalid) {
      setStepIndex(offerSteps.indexOf(invalid));
      await trigger(stepFields[invalid]);
      return;
    }
    try {
      const created = await createOffer.mutateAsync(buildOfferRequest(getValues()));
      setCreatedId(created.id);
    } catch (error) {
      // The API client shows the error; a 422 also goes beside its fields, on their step.
      const applied = applyServerErrors<OfferFormValues, OfferField>(error, setError, offerFields, offerServerFieldNames);
      const first = applied?.fields[0];
      if (first) setStepIndex(offerSteps.indexOf(stepOfField(first)));
    }
  }

  if (createdId !== null) {
    return (
      <section className="offer-flow offer-flow--done" data-testid="offer-created">
        <div className="offer-flow__done-icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" focusable="false">
            <path d="m5 12.5 4.5 4.5L19 7.5" />
          </svg>
        </div>
        <h1 className="page-title">{t('done.title')}</h1>
        <p>{t('done.text', { title: values.title.trim() })}</p>
        <div className="offer-flow__actions">
          <Link
            className="button button--primary button--large"
            data-testid="find-candidates"
            to={`${paths.partnerSourcing}?${new URLSearchParams({ offer: String(createdId) }).toString()}`}
          >
            {t('done.findCandidates')}
          </Link>
          <Link className="button button--secondary" to={paths.partnerDashboard}>
            {t('done.backToDashboard')}
          </Link>
        </div>
      </section>
    );
  }

  const categoryJobs = (jobs.data ?? []).filter((job) => values.jobCategory !== null && job.job_category === values.jobCategory);

  return (
    <section className="offer-flow" aria-labelledby="offer-flow-title">
      <h1 className="page-title" id="offer-flow-title">
        {t('title')}
      </h1>
      <Stepper
        label={t('stepsLabel')}
        steps={offerSteps.map((name) => ({ key: name, label: t(`steps.${name}.title`) }))}
        current={stepIndex}
        className="stepper--offer"
      />
      <form
        className="offer-flow__card"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (step === 'review') void publish();
          else void next();
        }}
      >
        <h2 className="offer-flow__step-title">{t(`steps.${step}.title`)}</h2>
        <p className="offer-flow__step-lead">{t(`steps.${step}.lead`)}</p>

        {step === 'job' && (
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
        )}

        {step === 'contract' && (
          <>
            <ContractTypeField control={control} id="offer-contract" />
            <PeriodFields control={control} ids={{ duration: 'offer-duration', startAt: 'offer-start' }} />
          </>
        )}

        {step === 'place' && <PlaceFields control={control} ids={{ localization: 'offer-localization', radius: 'offer-radius' }} />}

        {step === 'profile' && (
          <>
            <DegreeField control={control} id="offer-degree" />
            <LanguagesField control={control} />
            <SoftskillCategoriesField control={control} />
          </>
        )}

        {step === 'review' && (
          <>
            <TextAreaField
              id="offer-description"
              label={t('fields.description')}
              rows={7}
              placeholder={t('fields.descriptionPlaceholder')}
              {...register('description')}
              error={ruleMessage(formState.errors.description)}
            />
            <OfferReview values={values} />
          </>
        )}

        <div className="offer-flow__actions">
          {stepIndex > 0 && (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                clearErrors();
                setStepIndex((index) => Math.max(0, index - 1));
              }}
            >
              {t('back')}
            </button>
          )}
          <button type="submit" className="button button--primary" disabled={createOffer.isPending}>
            {step === 'review' ? (createOffer.isPending ? t('publishing') : t('publish')) : t('next')}
          </button>
        </div>
      </form>
    </section>
  );
}
