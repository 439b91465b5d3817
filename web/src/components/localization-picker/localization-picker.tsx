// A place field: the ARIA 1.2 combobox pattern (an input owning a listbox)
// over the server's place search. Typing searches after a 200 ms pause; arrows
// move through the suggestions, Enter picks one, Escape closes the list (or
// clears the text when it is already closed). Each suggestion says what kind of
// place it is and, for a commune, its department: "Lyon — Rhône (69)".
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  getLocalizationsQueryOptions,
  type Localization,
  type LocalizationType,
  maxLocalizationQueryLength,
} from '@/api/localizations/get-localizations';
import { FieldMessages, useFieldIds } from '@/components/form/field';
import type { Schemas } from '@/api/schemas';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

/** The chosen place, in the shape the server expects and answers (`Place`). */
export type LocalizationValue = Schemas['Place'];

export const localizationSearchDelayMs = 200;

export function toLocalizationValue(place: Localization): LocalizationValue {
  return { value: place.name, type: place.type, lat: place.lat, lng: place.lng, id: place.id, country_code: place.country_code };
}

/** "Lyon — Rhône (69)" for a commune, "Rhône (69)" for a department, the name otherwise. */
export function describePlace(place: Localization): string {
  if (place.type === 'department' && place.department) return `${place.name} (${place.department})`;
  if (place.type === 'city' && place.department_name) {
    const code = place.department ? ` (${place.department})` : '';
    return `${place.name} — ${place.department_name}${code}`;
  }
  return place.name;
}

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

export function LocalizationPicker({
  label,
  value,
  onChange,
  onTextChange,
  types,
  id,
  name,
  placeholder,
  required,
  error,
  hint,
  autoFocus,
}: LocalizationPickerProps) {
  const { t, i18n } = useTranslation('common');
  const generatedId = useId();
  // The shared field frame's ids: the hint and the error describe the input.
  const { control, hintId, errorId } = useFieldIds({ id: id ?? `localization-${generatedId}`, hint, error });
  const inputId = control.id;
  const listboxId = `${inputId}-listbox`;
  const statusId = `${inputId}-status`;

  const [text, setText] = useState(value?.value ?? '');
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);

  // Follow a value set from outside (e.g. going back to a step of a form).
  const [lastValue, setLastValue] = useState(value);
  if (lastValue !== value) {
    setLastValue(value);
    if (value) setText(value.value);
  }

  const query = text.trim();
  const debouncedQuery = useDebouncedValue(query, localizationSearchDelayMs);
  const selectedText = value !== null && query === value.value;
  const search = useQuery({
    ...getLocalizationsQueryOptions({ q: debouncedQuery, types, locale: i18n.resolvedLanguage ?? i18n.language }),
    enabled: debouncedQuery !== '' && !selectedText,
    placeholderData: keepPreviousData,
  });

  const waiting = query !== '' && !selectedText && (query !== debouncedQuery || search.isFetching);
  const results = query === '' ? [] : (search.data ?? []);
  const showList = open && query !== '' && !selectedText;
  const shownResults = showList ? results : [];

  // A new search starts with no suggestion active.
  const [activeQuery, setActiveQuery] = useState(debouncedQuery);
  if (activeQuery !== debouncedQuery) {
    setActiveQuery(debouncedQuery);
    setActiveIndex(-1);
  }

  function choose(place: Localization): void {
    const next = toLocalizationValue(place);
    setLastValue(next);
    setText(next.value);
    setOpen(false);
    setActiveIndex(-1);
    onChange(next);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        if (shownResults.length > 0) setActiveIndex((index) => (index + 1) % shownResults.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        if (shownResults.length > 0) {
          setActiveIndex((index) => (index <= 0 ? shownResults.length - 1 : index - 1));
        }
        break;
      case 'Enter': {
        const place = shownResults[activeIndex];
        if (showList && place) {
          event.preventDefault();
          choose(place);
        }
        break;
      }
      case 'Escape':
        if (showList) {
          event.preventDefault();
          setOpen(false);
          setActiveIndex(-1);
        } else if (text !== '') {
          event.preventDefault();
          setText('');
          onTextChange?.('');
          if (value !== null) onChange(null);
        }
        break;
      default:
        break;
    }
  }

  const activeId = activeIndex >= 0 && shownResults[activeIndex] ? `${listboxId}-${activeIndex}` : undefined;

  let status = '';
  if (showList) {
    if (waiting && shownResults.length === 0) status = t('localization.searching');
    else if (search.isError) status = t('localization.error');
    else if (!waiting && shownResults.length === 0) status = t('localization.empty', { query });
    else status = t('localization.results', { count: shownResults.length });
  }

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
          ref={inputRef}
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
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            onTextChange?.(event.target.value);
            setOpen(true);
            if (value !== null) {
              setLastValue(null);
              onChange(null);
            }
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        {waiting && <span className="localization-picker__spinner" aria-hidden="true" data-testid="localization-loading" />}
        <ul className="localization-picker__list" id={listboxId} role="listbox" aria-label={label} hidden={!showList}>
          {shownResults.map((place, index) => (
            // The keyboard stays in the input (arrows and Enter, the combobox pattern): no key handler here.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={`${place.type}-${place.id}`}
              id={`${listboxId}-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              className="localization-picker__option"
              // Keep the focus in the input: choosing must not blur it first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(place)}
              onMouseMove={() => setActiveIndex(index)}
            >
              <span className="localization-picker__name">{describePlace(place)}</span>
              <span className="localization-picker__type">{t(`localization.types.${place.type}`)}</span>
            </li>
          ))}
        </ul>
        {showList && shownResults.length === 0 && status !== '' && (
          <p className="localization-picker__empty" aria-hidden="true">
            {status}
          </p>
        )}
      </div>
      <span id={statusId} className="visually-hidden" role="status" aria-live="polite">
        {status}
      </span>
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </div>
  );
}
