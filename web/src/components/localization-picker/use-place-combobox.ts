// The localization picker's state as an ARIA 1.2 combobox: the typed text, the
// open list, the active suggestion, and what the keys do (arrows move through
// the suggestions, Enter picks one, Escape closes the list, or clears the text
// when it is already closed). A value set from outside (e.g. going back to a
// step of a form) is followed.
import { type KeyboardEvent, useState } from 'react';
import type { Localization, LocalizationType } from '@/api/localizations/get-localizations';
import { toLocalizationValue, type LocalizationValue } from './localization-value';
import { usePlaceSearch } from './use-place-search';

type PlaceComboboxInput = {
  value: LocalizationValue | null;
  onChange: (value: LocalizationValue | null) => void;
  onTextChange?: (text: string) => void;
  types?: readonly LocalizationType[];
};

export function usePlaceCombobox({ value, onChange, onTextChange, types }: PlaceComboboxInput) {
  const [text, setText] = useState(value?.value ?? '');
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);

  const [lastValue, setLastValue] = useState(value);
  if (lastValue !== value) {
    setLastValue(value);
    if (value) setText(value.value);
  }

  const search = usePlaceSearch({ text, value, types, open });
  const { showList, shownResults } = search;

  // A new search starts with no suggestion active.
  const [activeQuery, setActiveQuery] = useState(search.debouncedQuery);
  if (activeQuery !== search.debouncedQuery) {
    setActiveQuery(search.debouncedQuery);
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

  /** The user typed: the list opens, and a chosen place no longer holds. */
  function type(typed: string): void {
    setText(typed);
    onTextChange?.(typed);
    setOpen(true);
    if (value !== null) {
      setLastValue(null);
      onChange(null);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    const count = shownResults.length;
    const place = shownResults[activeIndex];
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (count === 0) return;
      if (event.key === 'ArrowDown') setActiveIndex((index) => (index + 1) % count);
      else setActiveIndex((index) => (index <= 0 ? count - 1 : index - 1));
    } else if (event.key === 'Enter' && showList && place) {
      event.preventDefault();
      choose(place);
    } else if (event.key === 'Escape' && showList) {
      event.preventDefault();
      setOpen(false);
      setActiveIndex(-1);
    } else if (event.key === 'Escape' && text !== '') {
      event.preventDefault();
      setText('');
      onTextChange?.('');
      if (value !== null) onChange(null);
    }
  }

  return { ...search, text, activeIndex, setActiveIndex, setOpen, choose, type, onKeyDown };
}
