// Rename and delete, for one saved search of the dashboard's list: a small
// dialog with the name (1 to 100 characters, as the server checks; its own
// refusals go beside the field), and a confirmation before deleting that says
// the candidates themselves stay.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextField } from '@/components/form/text-field';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog';
import { applyServerErrors } from '@/lib/form/server-errors';
import { useRuleMessage } from '@/lib/form/use-rule-message';
import { showToast } from '@/lib/toasts';
import { useDeleteSavedSearch, useRenameSavedSearch } from '../api/change-saved-search';

const maxNameLength = 100;
const renameSchema = z.object({
  name: z
    .string()
    .refine((value) => value.trim() !== '', 'required')
    .refine((value) => value.trim().length <= maxNameLength, 'too_long'),
});

export function SavedSearchActions({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation('sourcing');
  const ruleMessage = useRuleMessage();
  const [open, setOpen] = useState<'rename' | 'delete' | null>(null);
  const rename = useRenameSavedSearch();
  const remove = useDeleteSavedSearch();
  const { register, handleSubmit, setError, formState, reset } = useForm({
    resolver: zodResolver(renameSchema),
    defaultValues: { name },
  });
  const submitRename = handleSubmit(({ name: newName }) =>
    rename.mutate(
      { id, name: newName.trim() },
      {
        onSuccess: () => {
          setOpen(null);
          showToast(t('manage.renamed'), 'success');
        },
        onError: (error) => void applyServerErrors(error, setError, ['name']),
      },
    ),
  );

  return (
    <>
      <button
        type="button"
        className="button button--ghost"
        data-testid="rename-search"
        onClick={() => {
          reset({ name });
          setOpen('rename');
        }}
      >
        {t('manage.rename')}
      </button>
      <button type="button" className="button button--ghost" data-testid="delete-search" onClick={() => setOpen('delete')}>
        {t('manage.delete')}
      </button>
      {open === 'rename' && (
        <Dialog title={t('manage.renameTitle')} onClose={() => setOpen(null)} closeLabel={t('manage.cancel')} size="narrow">
          <form noValidate onSubmit={(event) => void submitRename(event)}>
            <TextField
              id={`saved-search-name-${id}`}
              label={t('manage.name')}
              maxLength={maxNameLength}
              {...register('name')}
              error={ruleMessage(formState.errors.name)}
              data-autofocus
            />
            <div className="dialog__actions">
              <button type="button" className="button button--secondary" onClick={() => setOpen(null)}>
                {t('manage.cancel')}
              </button>
              <button type="submit" className="button button--primary" disabled={rename.isPending}>
                {t('manage.save')}
              </button>
            </div>
          </form>
        </Dialog>
      )}
      {open === 'delete' && (
        <ConfirmDialog
          title={t('manage.deleteTitle')}
          message={t('manage.deleteMessage', { name })}
          confirmLabel={t('manage.deleteConfirm')}
          cancelLabel={t('manage.cancel')}
          busy={remove.isPending}
          onCancel={() => setOpen(null)}
          onConfirm={() => {
            remove
              .mutateAsync(id)
              .then(() => {
                setOpen(null);
                showToast(t('manage.deleted'), 'success');
              })
              .catch(() => undefined);
          }}
        />
      )}
    </>
  );
}
