// /metier/offre/creer: the stepped job offer creation (steps and their order
// are decided in utils/offer-form.ts). Each step is checked before the next
// one; the last step reads everything back and publishes. Once published,
// the recruiter can open a sourcing search pre-filled from the offer.
import '../offers.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCandidateDegrees } from '@/api/reference-lists/candidate-degrees';
import { useContractTypes } from '@/api/reference-lists/contract-types';
import { useJobCategories } from '@/api/reference-lists/job-categories';
import { useJobs } from '@/api/reference-lists/jobs';
import { useLanguages } from '@/api/reference-lists/languages';
import { useSoftskillCategories } from '@/api/reference-lists/softskill-categories';
import { ChoiceChips } from '@/components/ui/choice-chips';
import { LanguageLevels } from '@/components/ui/language-levels';
import { LocalizationPicker } from '@/components/localization-picker/localization-picker';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useCreateOffer } from '../api/create-offer';
import {
  buildOfferRequest,
  defaultOfferForm,
  firstInvalidStep,
  type OfferErrors,
  type OfferField,
  type OfferFormValues,
  type OfferStep,
  offerSteps,
  titleMaxLength,
  validateStep,
} from '../utils/offer-form';

function nameOf(list: readonly { id: number; name: string }[] | undefined, id: number | null): string {
  return list?.find((item) => item.id === id)?.name ?? '–';
}

export function OfferCreatePage() {
  const { t } = useTranslation('offers');
  useDocumentTitle(t('title'));
  const [values, setValues] = useState<OfferFormValues>(defaultOfferForm);
  const [stepIndex, setStepIndex] = useState(0);
  const [shownErrors, setShownErrors] = useState<OfferErrors>({});
  const [createdId, setCreatedId] = useState<number | null>(null);
  const createOffer = useCreateOffer();
  const jobCategories = useJobCategories();
  const jobs = useJobs();
  const contractTypes = useContractTypes();
  const degrees = useCandidateDegrees();
  const languages = useLanguages();
  const softskillCategories = useSoftskillCategories();

  const step: OfferStep = offerSteps[stepIndex] ?? 'job';
  const set = (patch: Partial<OfferFormValues>) => {
    setValues((previous) => ({ ...previous, ...patch }));
    // A corrected field stops showing its error.
    setShownErrors((previous) => {
      const next = { ...previous };
      for (const key of Object.keys(patch)) delete next[key as OfferField];
      if ('languages' in patch || 'softskillCategories' in patch) {
        delete next.languages;
        delete next.softskillCategories;
      }
      return next;
    });
  };
  const error = (field: OfferField) => (shownErrors[field] ? t(`errors.${shownErrors[field]}`) : undefined);

  function next(): void {
    const errors = validateStep(step, values);
    setShownErrors(errors);
    if (Object.keys(errors).length === 0) setStepIndex((index) => Math.min(index + 1, offerSteps.length - 1));
  }

  async function publish(): Promise<void> {
    const invalid = firstInvalidStep(values);
    if (invalid) {
      setStepIndex(offerSteps.indexOf(invalid));
      setShownErrors(validateStep(invalid, values));
      return;
    }
    try {
      const created = await createOffer.mutateAsync(buildOfferRequest(values));
      setCreatedId(created.id);
    } catch {
      // The API client shows the error.
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
      <ol className="stepper" aria-label={t('stepsLabel')}>
        {offerSteps.map((name, index) => (
          <li
            key={name}
            className="stepper__step"
            data-state={index < stepIndex ? 'done' : index === stepIndex ? 'current' : 'todo'}
            aria-current={index === stepIndex ? 'step' : undefined}
          >
            <span className="stepper__number">{index + 1}</span>
            <span className="stepper__label">{t(`steps.${name}.title`)}</span>
          </li>
        ))}
      </ol>
      <form
        className="offer-flow__card"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (step === 'review') void publish();
          else next();
        }}
      >
        <h2 className="offer-flow__step-title">{t(`steps.${step}.title`)}</h2>
        <p className="offer-flow__step-lead">{t(`steps.${step}.lead`)}</p>

        {step === 'job' && (
          <>
            <div className="field">
              <label className="field__label" htmlFor="offer-title">
                {t('fields.title')}
              </label>
              <input
                id="offer-title"
                className="field__input"
                value={values.title}
                maxLength={titleMaxLength}
                placeholder={t('fields.titlePlaceholder')}
                aria-invalid={error('title') ? true : undefined}
                onChange={(event) => set({ title: event.target.value })}
              />
              {error('title') && <p className="field__error">{error('title')}</p>}
            </div>
            <div className="field">
              <label className="field__label" htmlFor="offer-job-category">
                {t('fields.jobCategory')}
              </label>
              <select
                id="offer-job-category"
                className="field__input"
                value={values.jobCategory ?? ''}
                aria-invalid={error('jobCategory') ? true : undefined}
                onChange={(event) =>
                  set({ jobCategory: event.target.value === '' ? null : Number(event.target.value), job: null })
                }
              >
                <option value="">{t('fields.choose')}</option>
                {(jobCategories.data ?? []).map((category) => (
                  <option key={category.id} value={category.id}>
                    {category.name}
                  </option>
                ))}
              </select>
              {error('jobCategory') && <p className="field__error">{error('jobCategory')}</p>}
            </div>
            {categoryJobs.length > 0 && (
              <div className="field">
                <label className="field__label" htmlFor="offer-job">
                  {t('fields.job')}
                </label>
                <select
                  id="offer-job"
                  className="field__input"
                  value={values.job ?? ''}
                  onChange={(event) => set({ job: event.target.value === '' ? null : Number(event.target.value) })}
                >
                  <option value="">{t('fields.anyJob')}</option>
                  {categoryJobs.map((job) => (
                    <option key={job.id} value={job.id}>
                      {job.name}
                    </option>
                  ))}
                </select>
              </div>
            )}
          </>
        )}

        {step === 'contract' && (
          <>
            <div className="field">
              <label className="field__label" htmlFor="offer-contract">
                {t('fields.contractType')}
              </label>
              <select
                id="offer-contract"
                className="field__input"
                value={values.contractType ?? ''}
                aria-invalid={error('contractType') ? true : undefined}
                onChange={(event) => set({ contractType: event.target.value === '' ? null : Number(event.target.value) })}
              >
                <option value="">{t('fields.choose')}</option>
                {(contractTypes.data ?? []).map((contract) => (
                  <option key={contract.id} value={contract.id}>
                    {contract.name}
                  </option>
                ))}
              </select>
              {error('contractType') && <p className="field__error">{error('contractType')}</p>}
            </div>
            <div className="field-row">
              <div className="field">
                <label className="field__label" htmlFor="offer-duration">
                  {t('fields.duration')}
                </label>
                <input
                  id="offer-duration"
                  className="field__input"
                  type="number"
                  min={0}
                  max={120}
                  value={values.duration ?? ''}
                  aria-invalid={error('duration') ? true : undefined}
                  onChange={(event) => set({ duration: event.target.value === '' ? null : Number(event.target.value) })}
                />
                {error('duration') && <p className="field__error">{error('duration')}</p>}
              </div>
              <div className="field">
                <label className="field__label" htmlFor="offer-start">
                  {t('fields.startAt')}
                </label>
                <input
                  id="offer-start"
                  className="field__input"
                  type="date"
                  value={values.startAt}
                  aria-invalid={error('startAt') ? true : undefined}
                  onChange={(event) => set({ startAt: event.target.value })}
                />
                {error('startAt') && <p className="field__error">{error('startAt')}</p>}
              </div>
            </div>
          </>
        )}

        {step === 'place' && (
          <>
            <LocalizationPicker
              id="offer-localization"
              label={t('fields.localization')}
              placeholder={t('fields.localizationPlaceholder')}
              value={values.localization}
              onChange={(localization) => set({ localization })}
              error={error('localization')}
            />
            <div className="field">
              <label className="field__label field__label--split" htmlFor="offer-radius">
                <span>{t('fields.radius')}</span>
                <output htmlFor="offer-radius" className="field__value">
                  {t('fields.radiusValue', { radius: values.radius })}
                </output>
              </label>
              <input
                id="offer-radius"
                className="range"
                type="range"
                min={1}
                max={200}
                value={values.radius}
                onChange={(event) => set({ radius: Number(event.target.value) })}
              />
            </div>
          </>
        )}

        {step === 'profile' && (
          <>
            <div className="field">
              <label className="field__label" htmlFor="offer-degree">
                {t('fields.degree')}
              </label>
              <select
                id="offer-degree"
                className="field__input"
                value={values.degree}
                onChange={(event) => set({ degree: Number(event.target.value) })}
              >
                <option value={0}>{t('fields.anyDegree')}</option>
                {[...new Map((degrees.data ?? []).map((degree) => [Number(degree.level), degree.name]))]
                  .filter(([level]) => Number.isInteger(level) && level > 0)
                  .sort(([a], [b]) => a - b)
                  .map(([level, name]) => (
                    <option key={level} value={level}>
                      {name}
                    </option>
                  ))}
              </select>
            </div>
            <LanguageLevels
              options={languages.data ?? []}
              value={values.languages}
              onAdd={(id) =>
                set({ languages: values.languages.some((language) => language.id === id) ? values.languages : [...values.languages, { id, level: 3 }] })
              }
              onLevel={(id, level) =>
                set({ languages: values.languages.map((language) => (language.id === id ? { id, level } : language)) })
              }
              onRemove={(id) => set({ languages: values.languages.filter((language) => language.id !== id) })}
              labels={{
                legend: t('fields.languages'),
                add: t('fields.addLanguage'),
                level: (language) => t('fields.languageLevel', { language }),
                levelValue: (level) => t('fields.levelValue', { level }),
                remove: (language) => t('fields.removeLanguage', { language }),
              }}
            />
            <ChoiceChips
              legend={t('fields.softskillCategories')}
              options={softskillCategories.data ?? []}
              selected={values.softskillCategories}
              onToggle={(id) =>
                set({
                  softskillCategories: values.softskillCategories.includes(id)
                    ? values.softskillCategories.filter((other) => other !== id)
                    : [...values.softskillCategories, id],
                })
              }
              hint={t('fields.matchingHint')}
              error={error('softskillCategories')}
            />
          </>
        )}

        {step === 'review' && (
          <>
            <div className="field">
              <label className="field__label" htmlFor="offer-description">
                {t('fields.description')}
              </label>
              <textarea
                id="offer-description"
                className="field__input field__input--area"
                rows={7}
                value={values.description}
                placeholder={t('fields.descriptionPlaceholder')}
                aria-invalid={error('description') ? true : undefined}
                onChange={(event) => set({ description: event.target.value })}
              />
              {error('description') && <p className="field__error">{error('description')}</p>}
            </div>
            <dl className="offer-review" data-testid="offer-review">
              <dt>{t('fields.title')}</dt>
              <dd>{values.title.trim() || '–'}</dd>
              <dt>{t('fields.jobCategory')}</dt>
              <dd>{nameOf(jobCategories.data, values.jobCategory)}</dd>
              <dt>{t('fields.contractType')}</dt>
              <dd>
                {nameOf(contractTypes.data, values.contractType)} · {t('review.months', { count: values.duration ?? 0 })}
                {values.startAt && ` · ${t('review.from', { date: values.startAt })}`}
              </dd>
              <dt>{t('fields.localization')}</dt>
              <dd>{values.localization ? t('review.around', { place: values.localization.value, radius: values.radius }) : '–'}</dd>
              <dt>{t('fields.languages')}</dt>
              <dd>
                {values.languages.length > 0
                  ? values.languages.map((language) => `${nameOf(languages.data, language.id)} ${language.level}/6`).join(', ')
                  : '–'}
              </dd>
              <dt>{t('fields.softskillCategories')}</dt>
              <dd>
                {values.softskillCategories.length > 0
                  ? values.softskillCategories.map((id) => nameOf(softskillCategories.data, id)).join(', ')
                  : '–'}
              </dd>
            </dl>
          </>
        )}

        <div className="offer-flow__actions">
          {stepIndex > 0 && (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                setShownErrors({});
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
