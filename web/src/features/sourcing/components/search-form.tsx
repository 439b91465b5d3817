// The sourcing criteria (spec §3 "Sourcing search"). The form is controlled by
// the page, which runs the search as soon as it is valid; a field shows its
// error once the user has touched it, so a fresh form is not all red.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCandidateDegrees } from '@/api/reference-lists/candidate-degrees';
import { useContractTypes } from '@/api/reference-lists/contract-types';
import { useJobCategories } from '@/api/reference-lists/job-categories';
import { useLanguages } from '@/api/reference-lists/languages';
import { useSoftskillCategories } from '@/api/reference-lists/softskill-categories';
import { ChoiceChips } from '@/components/ui/choice-chips';
import { LanguageLevels } from '@/components/ui/language-levels';
import { LocalizationPicker } from '@/components/localization-picker/localization-picker';
import {
  addLanguage,
  durationRangeMonths,
  radiusRangeKm,
  type SearchFormErrors,
  type SearchFormField,
  type SearchFormValues,
  toggleId,
} from '../utils/search-form';

/** One choice per degree level above 0 (the lowest-named degree of each level), in level order. */
function degreeLevels(degrees: readonly { name: string; level?: number | string | null }[]) {
  const byLevel = new Map<number, string>();
  for (const degree of degrees) {
    const level = Number(degree.level);
    if (Number.isInteger(level) && level > 0 && !byLevel.has(level)) byLevel.set(level, degree.name);
  }
  return [...byLevel].sort(([a], [b]) => a - b).map(([level, name]) => ({ level, name }));
}

export function SearchForm({
  values,
  errors,
  onChange,
}: {
  values: SearchFormValues;
  errors: SearchFormErrors;
  onChange: (next: SearchFormValues) => void;
}) {
  const { t } = useTranslation('sourcing');
  const jobCategories = useJobCategories();
  const contractTypes = useContractTypes();
  const degrees = useCandidateDegrees();
  const languages = useLanguages();
  const softskillCategories = useSoftskillCategories();
  const [touched, setTouched] = useState<ReadonlySet<SearchFormField>>(() => new Set());

  function update(fields: SearchFormField[], patch: Partial<SearchFormValues>): void {
    setTouched((previous) => new Set([...previous, ...fields]));
    onChange({ ...values, ...patch });
  }

  const errorFor = (field: SearchFormField): string | undefined => {
    const rule = errors[field];
    return rule && touched.has(field) ? t(`form.errors.${rule}`) : undefined;
  };
  // The "language or soft skill" rule concerns both fields: say it once, under the second.
  const matchingError =
    errors.softskillCategories === 'matching_parameter_required' &&
    (touched.has('languages') || touched.has('softskillCategories'))
      ? t('form.errors.matching_parameter_required')
      : undefined;

  return (
    <form className="search-form" aria-label={t('form.title')} onSubmit={(event) => event.preventDefault()} noValidate>
      <h2 className="search-form__title">{t('form.title')}</h2>

      <div className="field">
        <label className="field__label" htmlFor="sourcing-job-category">
          {t('form.jobCategory')}
        </label>
        <select
          id="sourcing-job-category"
          className="field__input"
          value={values.jobCategory ?? ''}
          aria-invalid={errorFor('jobCategory') ? true : undefined}
          onChange={(event) =>
            update(['jobCategory'], { jobCategory: event.target.value === '' ? null : Number(event.target.value) })
          }
        >
          <option value="">{t('form.chooseJobCategory')}</option>
          {(jobCategories.data ?? []).map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
        {errorFor('jobCategory') && <p className="field__error">{errorFor('jobCategory')}</p>}
      </div>

      <ChoiceChips
        legend={t('form.contracts')}
        name="contracts"
        options={contractTypes.data ?? []}
        selected={values.contracts}
        onToggle={(id) => update(['contracts'], { contracts: toggleId(values.contracts, id) })}
        error={errorFor('contracts')}
      />

      <div className="field-row">
        <div className="field">
          <label className="field__label" htmlFor="sourcing-duration">
            {t('form.duration')}
          </label>
          <input
            id="sourcing-duration"
            className="field__input"
            type="number"
            inputMode="numeric"
            min={durationRangeMonths.min}
            max={durationRangeMonths.max}
            value={values.duration ?? ''}
            aria-invalid={errorFor('duration') ? true : undefined}
            onChange={(event) =>
              update(['duration'], { duration: event.target.value === '' ? null : Number(event.target.value) })
            }
          />
          {errorFor('duration') && <p className="field__error">{errorFor('duration')}</p>}
        </div>
        <div className="field">
          <label className="field__label" htmlFor="sourcing-start-at">
            {t('form.startAt')}
          </label>
          <input
            id="sourcing-start-at"
            className="field__input"
            type="date"
            value={values.startAt}
            aria-invalid={errorFor('startAt') ? true : undefined}
            onChange={(event) => update(['startAt'], { startAt: event.target.value })}
          />
          {errorFor('startAt') && <p className="field__error">{errorFor('startAt')}</p>}
        </div>
      </div>

      <LocalizationPicker
        id="sourcing-localization"
        label={t('form.localization')}
        placeholder={t('form.localizationPlaceholder')}
        value={values.localization}
        onChange={(localization) => update(['localization'], { localization })}
        error={errorFor('localization')}
      />

      <div className="field">
        <label className="field__label field__label--split" htmlFor="sourcing-radius">
          <span>{t('form.radius')}</span>
          <output htmlFor="sourcing-radius" className="field__value">
            {t('form.radiusValue', { radius: values.radius })}
          </output>
        </label>
        <input
          id="sourcing-radius"
          className="range"
          type="range"
          min={radiusRangeKm.min}
          max={radiusRangeKm.max}
          step={1}
          value={values.radius}
          aria-valuetext={t('form.radiusValue', { radius: values.radius })}
          onChange={(event) => update(['radius'], { radius: Number(event.target.value) })}
        />
      </div>

      <LanguageLevels
        options={languages.data ?? []}
        value={values.languages}
        onAdd={(id) => update(['languages'], { languages: addLanguage(values.languages, id) })}
        onLevel={(id, level) =>
          update(['languages'], {
            languages: values.languages.map((language) => (language.id === id ? { id, level } : language)),
          })
        }
        onRemove={(id) =>
          update(['languages'], { languages: values.languages.filter((language) => language.id !== id) })
        }
        labels={{
          legend: t('form.languages'),
          add: t('form.addLanguage'),
          level: (language) => t('form.languageLevel', { language }),
          levelValue: (level) => t('form.levelValue', { level }),
          remove: (language) => t('form.removeLanguage', { language }),
        }}
        error={errors.languages === 'out_of_range' ? t('form.errors.out_of_range') : undefined}
      />

      <ChoiceChips
        legend={t('form.softskillCategories')}
        name="softskill-categories"
        options={softskillCategories.data ?? []}
        selected={values.softskillCategories}
        onToggle={(id) =>
          update(['softskillCategories'], { softskillCategories: toggleId(values.softskillCategories, id) })
        }
        hint={t('form.matchingHint')}
        error={matchingError}
      />

      <div className="field-row">
        <div className="field">
          <label className="field__label" htmlFor="sourcing-degree">
            {t('form.degree')}
          </label>
          <select
            id="sourcing-degree"
            className="field__input"
            value={values.degree}
            onChange={(event) => update(['degree'], { degree: Number(event.target.value) })}
          >
            <option value={0}>{t('form.anyDegree')}</option>
            {degreeLevels(degrees.data ?? []).map((degree) => (
              <option key={degree.level} value={degree.level}>
                {degree.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="sourcing-flexibility">
            {t('form.durationFlexibility')}
          </label>
          <input
            id="sourcing-flexibility"
            className="field__input"
            type="number"
            inputMode="numeric"
            min={0}
            max={durationRangeMonths.max}
            value={values.durationFlexibility}
            aria-invalid={errorFor('durationFlexibility') ? true : undefined}
            onChange={(event) =>
              update(['durationFlexibility'], { durationFlexibility: Math.max(0, Number(event.target.value) || 0) })
            }
          />
        </div>
      </div>

      <div className="field">
        <label className="field__label" htmlFor="sourcing-keywords">
          {t('form.keywords')}
        </label>
        <input
          id="sourcing-keywords"
          className="field__input"
          type="search"
          placeholder={t('form.keywordsPlaceholder')}
          value={values.keywords}
          onChange={(event) => onChange({ ...values, keywords: event.target.value })}
        />
      </div>
    </form>
  );
}
