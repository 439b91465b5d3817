// The server's place search behind the localization picker: what the typed
// text asks for once typing has paused for 200 ms, whether an answer is still
// awaited, the suggestions to show, and the sentence that tells screen readers
// about them. Nothing is asked while the text is the chosen place's name.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getLocalizationsQueryOptions, type LocalizationType } from '@/api/localizations/get-localizations';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import type { LocalizationValue } from './localization-value';

const searchDelayMs = 200;

type PlaceSearchInput = {
  text: string;
  value: LocalizationValue | null;
  types?: readonly LocalizationType[];
  /** Whether the user has the list open (focus in the input, not closed with Escape). */
  open: boolean;
};

export function usePlaceSearch({ text, value, types, open }: PlaceSearchInput) {
  const { t, i18n } = useTranslation('common');
  const query = text.trim();
  const debouncedQuery = useDebouncedValue(query, searchDelayMs);
  const selectedText = value !== null && query === value.value;
  const search = useQuery({
    ...getLocalizationsQueryOptions({ q: debouncedQuery, types, locale: i18n.resolvedLanguage ?? i18n.language }),
    enabled: debouncedQuery !== '' && !selectedText,
    placeholderData: keepPreviousData,
  });

  const waiting = query !== '' && !selectedText && (query !== debouncedQuery || search.isFetching);
  const showList = open && query !== '' && !selectedText;
  const shownResults = showList ? (search.data ?? []) : [];

  let status = '';
  if (showList) {
    if (waiting && shownResults.length === 0) status = t('localization.searching');
    else if (search.isError) status = t('localization.error');
    else if (!waiting && shownResults.length === 0) status = t('localization.empty', { query });
    else status = t('localization.results', { count: shownResults.length });
  }

  return { debouncedQuery, waiting, showList, shownResults, status };
}
