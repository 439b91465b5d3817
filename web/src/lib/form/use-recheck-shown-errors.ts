// An error shown beside a field follows the field: while the user edits a
// field that shows an error, the field (and the fields whose rule depends on
// it, e.g. a confirmation on its password) is checked again, so the message
// changes or goes away as they type. Fields without a shown error are left
// alone until the form is checked as a whole.
import { useEffect } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

export function useRecheckShownErrors<T extends FieldValues>(
  form: UseFormReturn<T>,
  dependents: Partial<Record<Path<T>, readonly Path<T>[]>> = {},
): void {
  const { watch, getFieldState, trigger } = form;
  useEffect(() => {
    const subscription = watch((_, { name }) => {
      if (name === undefined) return;
      const changed = name as Path<T>;
      const names = [changed, ...(dependents[changed] ?? [])].filter((field) => getFieldState(field).error !== undefined);
      if (names.length > 0) void trigger(names);
    });
    return () => subscription.unsubscribe();
    // `dependents` is a constant table of each form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [watch, getFieldState, trigger]);
}
