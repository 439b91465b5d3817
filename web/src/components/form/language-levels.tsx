// Languages with a required level (1 to 6): a picker to add a language, then a
// row per language with its flag, a level slider showing the level as every
// page writes it ("B1 · intermédiaire") and a remove button. The caller owns
// the list (a language is added at the default level) and supplies the
// labels, so the control fits any form.
import { useId } from 'react';
import { addLanguage } from '@/components/job-criteria/criteria-values';
import { CrossButton } from '@/components/ui/cross-button';
import { Flag } from '@/components/ui/flag';
import { useLanguageLevel } from '@/lib/i18n/language-level';
import { FieldsetField } from './field';

export type LanguageChoice = { id: number; name: string; flag?: string | null };
export type LanguageLevel = { id: number; level: number };

export type LanguageLevelsLabels = {
  legend: string;
  add: string;
  level: (language: string) => string;
  remove: (language: string) => string;
};

const setLevel = (languages: LanguageLevel[], id: number, level: number) =>
  languages.map((language) => (language.id === id ? { id, level } : language));

export function LanguageLevels({
  options,
  value,
  onChange,
  labels,
  error,
  hint,
}: {
  options: readonly LanguageChoice[];
  value: LanguageLevel[];
  onChange: (languages: LanguageLevel[]) => void;
  labels: LanguageLevelsLabels;
  error?: string;
  hint?: string;
}) {
  const generated = useId();
  const levelText = useLanguageLevel();
  const byId = new Map(options.map((option) => [option.id, option]));
  const addable = options.filter((option) => !value.some((chosen) => chosen.id === option.id));
  return (
    <FieldsetField className="language-levels" legend={labels.legend} hint={hint} error={error}>
      {value.length > 0 && (
        <ul className="language-levels__list">
          {value.map((language) => {
            const option = byId.get(language.id);
            const name = option?.name ?? String(language.id);
            const sliderId = `${generated}-${language.id}`;
            return (
              <li key={language.id} className="language-levels__row">
                <label className="language-levels__name" htmlFor={sliderId}>
                  <Flag flag={option?.flag} /> {name}
                  <span className="visually-hidden"> — {labels.level(name)}</span>
                </label>
                <input
                  id={sliderId}
                  type="range"
                  min={1}
                  max={6}
                  step={1}
                  value={language.level}
                  onChange={(event) => onChange(setLevel(value, language.id, Number(event.target.value)))}
                  aria-valuetext={levelText(language.level)}
                />
                <output className="language-levels__value" htmlFor={sliderId}>
                  {levelText(language.level)}
                </output>
                <CrossButton
                  className="icon-button language-levels__remove"
                  label={labels.remove(name)}
                  onClick={() => onChange(value.filter((other) => other.id !== language.id))}
                />
              </li>
            );
          })}
        </ul>
      )}
      <select
        className="field__input language-levels__add"
        aria-label={labels.add}
        value=""
        onChange={(event) => {
          if (event.target.value !== '') onChange(addLanguage(value, Number(event.target.value)));
        }}
      >
        <option value="">{labels.add}</option>
        {addable.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </FieldsetField>
  );
}
