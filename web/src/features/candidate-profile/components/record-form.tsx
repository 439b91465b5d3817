// The frame of every profile form: a react-hook-form form checked by its zod
// schema, shared with the sections inside it (FormProvider). On submit it
// calls `submit`; a 422 puts the server's rule codes beside their fields (the
// API client has already said what went wrong in a toast), anything else
// stays shown in the toast and the form stays open as it was. Until saved,
// its changes hold navigation away from the page (useUnsavedChanges); once
// saved, what is shown becomes what is saved.
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { type DefaultValues, type FieldValues, FormProvider, type Path, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useUnsavedChanges } from '@/components/form/unsaved-changes';
import { applyServerErrors } from '@/lib/form/server-errors';
import { useRecheckShownErrors } from '@/lib/form/use-recheck-shown-errors';
import { withFlatCarErrors } from '../utils/record-rules';

export type RecordFormProps<T extends FieldValues> = {
  schema: z.ZodType<T>;
  defaultValues: T;
  /** The form's fields, for the server's field errors. */
  fields: readonly Path<T>[];
  /** Server field names that are not the snake_case of the form's. */
  serverNames?: Partial<Record<string, Path<T>>>;
  submit: (values: T) => Promise<unknown>;
  /** Told after a successful submit. */
  onDone?: () => void;
  onCancel?: () => void;
  submitLabel?: string;
  className?: string;
  testId?: string;
  children: ReactNode;
};

export function RecordForm<T extends FieldValues>({
  schema,
  defaultValues,
  fields,
  serverNames,
  submit,
  onDone,
  onCancel,
  submitLabel,
  className = 'record-form',
  testId,
  children,
}: RecordFormProps<T>) {
  const { t } = useTranslation('profile');
  const form = useForm<T>({
    resolver: zodResolver(schema as never) as unknown as Resolver<T>,
    defaultValues: defaultValues as DefaultValues<T>,
  });
  useRecheckShownErrors(form);
  const { isSubmitting, isDirty } = form.formState;
  useUnsavedChanges(isDirty);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await submit(values);
      form.reset(form.getValues());
      onDone?.();
    } catch (error) {
      const applied = applyServerErrors(withFlatCarErrors(error), form.setError, fields, serverNames);
      const first = applied?.fields[0];
      if (first) form.setFocus(first);
    }
  });

  return (
    <FormProvider {...form}>
      <form className={className} noValidate onSubmit={(event) => void onSubmit(event)} data-testid={testId}>
        {children}
        <div className="dialog__actions">
          {onCancel && (
            <button type="button" className="button button--secondary" onClick={onCancel}>
              {t('form.cancel')}
            </button>
          )}
          <button type="submit" className="button button--primary" disabled={isSubmitting} data-testid="record-form-submit">
            {isSubmitting ? t('form.saving') : (submitLabel ?? t('form.save'))}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
