// The page of one kind of record (experiences, educations, projects, hobbies):
// a title and what the records are for, the list in its four states (loading,
// empty with the button to add the first one, error with Retry, the cards),
// a dialog holding the form to add or edit one, and a confirmation before
// deleting one. The texts come from `profile:<texts>.*`.
import '../candidate-profile.css';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog';
import { QueryEmpty, type QueryLike, QueryState } from '@/components/ui/query-state';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { type HelpTourId, requestHelpTour } from '@/lib/help-tour';
import { isTemporaryRecord } from '../api/save-record';

export type RecordFormSlotProps<R> = { record: R | undefined; onDone: () => void; onCancel: () => void };

export type RecordListPageProps<R extends { id: number }> = {
  /** Where the page's texts sit in the `profile` namespace (e.g. `experiences`). */
  texts: string;
  query: QueryLike<R[]>;
  /** What names a record in a sentence ("Delete “Barista at Café Lumière”?"). */
  describe: (record: R) => string;
  renderCard: (record: R) => ReactNode;
  renderForm: (props: RecordFormSlotProps<R>) => ReactNode;
  onDelete: (record: R) => Promise<unknown>;
  testId: string;
  /** The `data-tour` names of the list and of its add button, for the guided tutorial. */
  tour?: { list: string; add: string };
  /** The help tour offered at the top of the form's dialog. */
  helpTour?: HelpTourId;
};

type Editing<R> = { record: R | undefined } | null;

export function RecordListPage<R extends { id: number }>({
  texts,
  query,
  describe,
  renderCard,
  renderForm,
  onDelete,
  testId,
  tour,
  helpTour,
}: RecordListPageProps<R>) {
  const { t } = useTranslation('profile');
  const title = t(`${texts}.title`);
  useDocumentTitle(title);
  const [editing, setEditing] = useState<Editing<R>>(null);
  const [deleting, setDeleting] = useState<R | null>(null);
  const close = () => setEditing(null);
  // After a deletion the button that opened the confirmation is gone: the focus goes to the page's title.
  const titleRef = useRef<HTMLHeadingElement>(null);

  const addButton = (
    <button type="button" className="button button--primary" onClick={() => setEditing({ record: undefined })} data-testid={`${testId}-add`} data-tour={tour?.add}>
      {t(`${texts}.add`)}
    </button>
  );

  return (
    <section className="record-page" aria-labelledby={`${testId}-title`} data-testid={testId} data-tour={tour?.list}>
      <header className="page-head">
        <div>
          <h1 className="page-title" id={`${testId}-title`} ref={titleRef} tabIndex={-1}>
            {title}
          </h1>
          <p className="record-page__intro">{t(`${texts}.intro`)}</p>
        </div>
        {query.data !== undefined && query.data.length > 0 && addButton}
      </header>
      <QueryState
        query={query}
        testId={testId}
        className="panel panel__empty record-page__state"
        empty={<QueryEmpty title={t(`${texts}.empty`)} hint={t(`${texts}.emptyHint`)} action={addButton} />}
      >
        {(records) => (
          <ul className="record-list" aria-label={title}>
            {records.map((record) => {
              const name = describe(record);
              const pending = isTemporaryRecord(record);
              return (
                <li key={record.id} className="record-card" data-testid={`${testId}-card`} aria-busy={pending || undefined}>
                  <div className="record-card__body">{renderCard(record)}</div>
                  <div className="record-card__actions">
                    {pending ? (
                      <span className="record-card__pending" role="status">
                        {t('list.saving')}
                      </span>
                    ) : (
                      <>
                        <button
                          type="button"
                          className="button button--secondary"
                          aria-label={t('list.editNamed', { name })}
                          onClick={() => setEditing({ record })}
                        >
                          {t('list.edit')}
                        </button>
                        <button
                          type="button"
                          className="button button--ghost"
                          aria-label={t('list.deleteNamed', { name })}
                          onClick={() => setDeleting(record)}
                        >
                          {t('list.delete')}
                        </button>
                      </>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
      {editing && (
        <Dialog
          title={t(editing.record ? `${texts}.editTitle` : `${texts}.addTitle`)}
          onClose={close}
          closeLabel={t('form.close')}
          testId={`${testId}-dialog`}
        >
          {helpTour && (
            <button type="button" className="button button--ghost record-form__guide" onClick={() => requestHelpTour(helpTour)} data-testid="form-guide">
              {t('form.guide')}
            </button>
          )}
          {renderForm({ record: editing.record, onDone: close, onCancel: close })}
        </Dialog>
      )}
      {deleting && (
        <ConfirmDialog
          title={t('list.deleteTitle')}
          message={t('list.deleteMessage', { name: describe(deleting) })}
          confirmLabel={t('list.deleteConfirm')}
          cancelLabel={t('form.cancel')}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const record = deleting;
            setDeleting(null);
            setTimeout(() => titleRef.current?.focus(), 0);
            // The card goes at once; it comes back (with an error toast) if the server refuses.
            onDelete(record).catch(() => undefined);
          }}
        />
      )}
    </section>
  );
}
