// /personnalisation/candidat: a first-time candidate's onboarding, in the
// five steps that make a profile findable by the partners' sourcing searches,
// in the order a search filters: (1) what they look for: job categories and
// contracts; (2) where: the places they would work in; (3) when and for how
// long: availability and shortest contract (not asked for permanent contracts
// alone); (4) languages, a matching parameter of every search; (5) a first
// experience or education, which makes the profile readable once found. Each step saves through the same calls as
// the dashboard's pages (the job search, the languages), so Back and Next
// never lose anything; Skip leaves for the dashboard. Finishing or skipping
// clears `first_time`.
import '../candidate-profile.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { CandidateProfile } from '@/api/candidates/get-candidate';
import { usePermanentContracts } from '@/components/job-criteria/use-permanent-contracts';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { applyServerErrors } from '@/lib/form/server-errors';
import { showToast } from '@/lib/toasts';
import { completeOnboarding } from '../api/complete-onboarding';
import { useUpdateCandidate, useUpdateLanguages } from '../api/update-candidate';
import { jobSearchFields, jobSearchFormValues, type JobSearchFormValues, jobSearchRequest, jobSearchSchema } from '../utils/job-search-form';
import { languagesFormValues, type LanguagesFormValues, languagesRequest, languagesSchema } from '../utils/languages-form';
import { ChipsField, PlacesField } from './choice-fields';
import { JobSearchTimingField } from './job-search-page';
import { LanguagesField } from './languages-page';
import { ProfileGate } from './profile-gate';

export const onboardingSteps = ['what', 'where', 'when', 'languages', 'first'] as const;
export type OnboardingStep = (typeof onboardingSteps)[number];

function OnboardingFlow({ profile }: { profile: CandidateProfile }) {
  const { t } = useTranslation('account');
  const { t: tProfile } = useTranslation('profile');
  const navigate = useNavigate();
  const updateCandidate = useUpdateCandidate();
  const updateLanguages = useUpdateLanguages();
  const [index, setIndex] = useState(0);
  const [leaving, setLeaving] = useState(false);
  const step = onboardingSteps[index] ?? 'what';
  const permanentContracts = usePermanentContracts();
  const jobSearch = useForm<JobSearchFormValues>({
    resolver: zodResolver(jobSearchSchema(permanentContracts)),
    defaultValues: jobSearchFormValues(profile),
  });
  const languages = useForm<LanguagesFormValues>({ resolver: zodResolver(languagesSchema), defaultValues: languagesFormValues(profile) });
  const saving = updateCandidate.isPending || updateLanguages.isPending || leaving;

  const leave = async () => {
    setLeaving(true);
    try {
      await completeOnboarding();
      void navigate(paths.candidateDashboard, { replace: true });
    } finally {
      setLeaving(false);
    }
  };
  const saveStep = async (): Promise<boolean> => {
    if (step === 'first') return true;
    if (step === 'languages') {
      let saved = false;
      await languages.handleSubmit(async (values) => {
        await updateLanguages.mutateAsync(languagesRequest(values)).then(
          () => (saved = true),
          (error: unknown) => void applyServerErrors(error, languages.setError, ['languages']),
        );
      })();
      return saved;
    }
    let saved = false;
    await jobSearch.handleSubmit(async (values) => {
      await updateCandidate.mutateAsync(jobSearchRequest(values, permanentContracts)).then(
        () => (saved = true),
        (error: unknown) => void applyServerErrors(error, jobSearch.setError, jobSearchFields),
      );
    })();
    return saved;
  };
  const next = async () => {
    if (!(await saveStep())) return;
    if (index === onboardingSteps.length - 1) {
      showToast(t('onboarding.done'), 'success');
      await leave();
    } else {
      setIndex(index + 1);
    }
  };

  return (
    <div className="panel profile-page__card onboarding" data-testid="onboarding" data-step={step}>
      <ol className="onboarding__steps" aria-label={t('onboarding.progress', { step: index + 1, total: onboardingSteps.length })}>
        {onboardingSteps.map((name, position) => (
          <li key={name} aria-current={position === index ? 'step' : undefined} data-done={position < index}>
            {t(`onboarding.steps.${name}`)}
          </li>
        ))}
      </ol>
      <progress className="onboarding__progress" max={onboardingSteps.length} value={index + 1}>
        {t('onboarding.progress', { step: index + 1, total: onboardingSteps.length })}
      </progress>
      <h2 id="onboarding-step-title">
        {t('onboarding.progress', { step: index + 1, total: onboardingSteps.length })} · {t(`onboarding.steps.${step}`)}
      </h2>
      <form
        className="profile-form"
        aria-labelledby="onboarding-step-title"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void next();
        }}
      >
        <FormProvider {...jobSearch}>
          {step === 'what' && (
            <>
              <ChipsField name="jobCategories" list="job/categories" legend={tProfile('jobSearch.jobCategories')} />
              <ChipsField name="contractTypes" list="contract/types" legend={tProfile('jobSearch.contractTypes')} />
            </>
          )}
          {step === 'where' && <PlacesField name="jobLocalizations" legend={tProfile('jobSearch.places')} hint={tProfile('jobSearch.placesHint')} />}
          {step === 'when' && (
            <div className="field-row">
              <JobSearchTimingField name="availability" />
              <JobSearchTimingField name="contractMinDuration" />
            </div>
          )}
        </FormProvider>
        {step === 'languages' && (
          <FormProvider {...languages}>
            <LanguagesField />
          </FormProvider>
        )}
        {step === 'first' && (
          <div className="onboarding__first">
            <p>{t('onboarding.firstHint')}</p>
            <Link className="button button--secondary" to={paths.candidateExperiences} onClick={() => void completeOnboarding()}>
              {t('onboarding.addExperience')}
            </Link>
            <Link className="button button--secondary" to={paths.candidateEducations} onClick={() => void completeOnboarding()}>
              {t('onboarding.addEducation')}
            </Link>
          </div>
        )}
        <div className="onboarding__actions">
          <button type="button" className="button button--secondary" disabled={index === 0 || saving} onClick={() => setIndex(index - 1)}>
            {t('onboarding.back')}
          </button>
          <button type="button" className="button button--ghost" disabled={saving} onClick={() => void leave()} data-testid="onboarding-skip">
            {t('onboarding.skip')}
          </button>
          <button type="submit" className="button button--primary" disabled={saving} data-testid="onboarding-next">
            {t(index === onboardingSteps.length - 1 ? 'onboarding.finish' : 'onboarding.next')}
          </button>
        </div>
      </form>
    </div>
  );
}

export function OnboardingPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('onboarding.title'));
  return (
    <section className="profile-page onboarding-page" aria-labelledby="onboarding-title" data-testid="onboarding-page">
      <header>
        <h1 className="page-title" id="onboarding-title">
          {t('onboarding.title')}
        </h1>
        <p className="record-page__intro">{t('onboarding.intro')}</p>
      </header>
      <ProfileGate>{(profile) => <OnboardingFlow profile={profile} />}</ProfileGate>
    </section>
  );
}
