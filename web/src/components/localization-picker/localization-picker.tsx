// A place field: the ARIA 1.2 combobox pattern (an input owning a listbox)
// over the server's place search. Typing searches after a 200 ms pause; arrows
// move through the suggestions, Enter picks one, Escape closes the list (or
// clears the text when it is already closed). Each suggestion says what kind of
// place it is and, for a commune, its department: "Lyon — Rhône (69)". The
// state and the keys are use-place-combobox.ts, the search use-place-search.ts,
// the suggestions place-options.tsx; this is the field frame around them.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type LocalizationType, maxLocalizationQueryLength } from '@/api/localizations/get-localizations';
import { FieldMessages, useFieldIds } from '@/components/form/field';
import type { LocalizationValue } from './localization-value';
import { PlaceOptions } from './place-options';
import { usePlaceCombobox } from './use-place-combobox';

export type LocalizationPickerProps = {
  label: string;
  value: LocalizationValue | null;
  onChange: (value: LocalizationValue | null) => void;
  /** Told whenever the typed text changes (a form can tell "nothing typed" from "typed but not chosen"). */
  onTextChange?: (text: string) => void;
  /** Kinds of place offered; all of them by default. */
  types?: readonly LocalizationType[];
  id?: string;
  name?: string;
  placeholder?: string;
  required?: boolean;
  /** A message shown under the field and tied to it (aria-describedby). */
  error?: string;
  hint?: string;
  autoFocus?: boolean;
};

export function LocalizationPicker({ label, value, onChange, onTextChange, types, id, name, placeholder, required, error, hint, autoFocus }: LocalizationPickerProps) {
  const { t } = useTranslation('common');
  const generatedId = useId();
  // The shared field frame's ids: the hint and the error describe the input.
  const { control, hintId, errorId } = useFieldIds({ id: id ?? `localization-${generatedId}`, hint, error });
  const inputId = control.id;
  const listboxId = `${inputId}-listbox`;
  const picker = usePlaceCombobox({ value, onChange, onTextChange, types });
  const { showList, shownResults, activeIndex } = picker;
  const activeId = activeIndex >= 0 && shownResults[activeIndex] ? `${listboxId}-${activeIndex}` : undefined;

  return (
    <div className="field localization-picker" data-open={showList}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="localization-picker__control">
        <svg className="localization-picker__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21Z" />
          <circle cx="12" cy="9.5" r="2.5" />
        </svg>
        <input
          id={inputId}
          name={name}
          className="field__input localization-picker__input"
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- only when the caller asks for it
          autoFocus={autoFocus}
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listboxId}
          aria-activedescendant={activeId}
          aria-invalid={control['aria-invalid']}
          aria-describedby={control['aria-describedby']}
          aria-required={required || undefined}
          placeholder={placeholder ?? t('localization.placeholder')}
          maxLength={maxLocalizationQueryLength}
          value={picker.text}
          onChange={(event) => picker.type(event.target.value)}
          onFocus={() => picker.setOpen(true)}
          onBlur={() => picker.setOpen(false)}
          onKeyDown={picker.onKeyDown}
        />
        {picker.waiting && <span className="localization-picker__spinner" aria-hidden="true" data-testid="localization-loading" />}
        <PlaceOptions
          listboxId={listboxId}
          label={label}
          shown={showList}
          places={shownResults}
          activeIndex={activeIndex}
          status={picker.status}
          onActivate={picker.setActiveIndex}
          onChoose={picker.choose}
        />
      </div>
      <span id={`${inputId}-status`} className="visually-hidden" role="status" aria-live="polite">
        {picker.status}
      </span>
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}
