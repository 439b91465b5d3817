// The sourcing criteria, held once: the page's react-hook-form form. The rest
// is derived from it: the values as one snapshot per change (a validation or
// focus event makes none), their errors (the rules run once per change, shared
// with the form's resolver), and the same checked criteria once they have
// stopped changing for the pause the search waits for.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { usePermanentContracts } from '@/components/job-criteria/use-permanent-contracts';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import {
  defaultSearchForm,
  type SearchFormErrors,
  searchFormErrors,
  searchFormSchema,
  type SearchFormValues,
} from '../utils/search-form';

/** Pause after the last change before the search runs. */
export const searchDebounceMs = 400;

/**
 * The criteria as of one change, with their errors, and the contract types
 * that need no duration they were checked with (a request is built with them).
 */
export type CheckedCriteria = {
  values: SearchFormValues;
  errors: SearchFormErrors;
  valid: boolean;
  permanentContracts: readonly number[];
};

const snapshot = (values: SearchFormValues): SearchFormValues => structuredClone(values);

export function useSearchCriteria(initialForm?: SearchFormValues) {
  const permanentContracts = usePermanentContracts();
  const resolver = useMemo(() => zodResolver(searchFormSchema(permanentContracts)), [permanentContracts]);
  const form = useForm<SearchFormValues>({
    resolver,
    defaultValues: initialForm ?? defaultSearchForm(),
    mode: 'onChange',
  });
  // useWatch compares what `compute` gives with the last one and renders only on a difference.
  const values = useWatch({ control: form.control, compute: snapshot });
  const current = useMemo((): CheckedCriteria => {
    const errors = searchFormErrors({ values, permanentContracts });
    return { values, errors, valid: Object.keys(errors).length === 0, permanentContracts };
  }, [values, permanentContracts]);
  const settled = useDebouncedValue(current, searchDebounceMs);
  return { form, current, settled };
}

export type SearchCriteria = ReturnType<typeof useSearchCriteria>;
