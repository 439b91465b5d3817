// Rename and delete, for one saved search of the dashboard's list: a small
// dialog with the name (1 to 100 characters, as the server checks), and a
// confirmation before deleting that says the candidates themselves stay.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form/text-field';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog';
import { showToast } from '@/lib/toasts';
import { useDeleteSavedSearch, useRenameSavedSearch } from '../api/change-saved-search';

const maxNameLength = 100;

export function SavedSearchActions({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation('sourcing');
  const [open, setOpen] = useState<'rename' | 'delete' | null>(null);
  const [draft, setDraft] = useState(name);
  const rename = useRenameSavedSearch();
  const remove = useDeleteSavedSearch();
  const trimmed = draft.trim();
  const draftError = trimmed === '' ? t('manage.nameRequired') : undefined;

  async function submitRename(): Promise<void> {
    if (draftError) return;
    await rename.mutateAsync({ id, name: trimmed });
    setOpen(null);
    showToast(t('manage.renamed'), 'success');
  }

  return (
    <>
      <button
        type="button"
        className="button button--ghost"
        data-testid="rename-search"
        onClick={() => {
          setDraft(name);
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
          <form
            onSubmit={(event) => {
              event.preventDefault();
              submitRename().catch(() => undefined);
            }}
          >
            <TextField
              id={`saved-search-name-${id}`}
              label={t('manage.name')}
              value={draft}
              maxLength={maxNameLength}
              error={draftError}
              onChange={(event) => setDraft(event.target.value)}
              data-autofocus
            />
            <div className="dialog__actions">
              <button type="button" className="button button--secondary" onClick={() => setOpen(null)}>
                {t('manage.cancel')}
              </button>
              <button type="submit" className="button button--primary" disabled={rename.isPending || draftError !== undefined}>
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
