// One kind of record's page put together from what sets it apart (its form
// fields, schema, card and wording): the list, the dialog with the form that
// creates or edits through the optimistic mutations, and the deletion.
import type { ComponentType } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import type { z } from 'zod';
import type { HelpTourId } from '@/lib/help-tour';
import { type CandidateRecordKind, type CandidateRecords, useCandidateRecords } from '@/api/candidate-records/get-candidate-records';
import { type RecordRequest, useDeleteRecord, useSaveRecord } from '../api/save-record';
import { RecordForm } from './record-form';
import { RecordListPage } from './record-list-page';

export type RecordKind<K extends CandidateRecordKind, V extends FieldValues> = {
  kind: K;
  /** Where the texts sit in the `profile` namespace. */
  texts: string;
  testId: string;
  tour?: { list: string; add: string };
  /** The help tour the form's dialog offers. */
  helpTour?: HelpTourId;
  schema: z.ZodType<V>;
  fields: readonly Path<V>[];
  formValues: (record?: CandidateRecords[K]) => V;
  request: (values: V, record?: CandidateRecords[K]) => RecordRequest<K>;
  /** The form's fields, bound to the form around them. */
  Fields: ComponentType;
  Card: ComponentType<{ record: CandidateRecords[K] }>;
  /** What names a record in a sentence; a hook, as names may come from a reference list. */
  useDescribe: () => (record: CandidateRecords[K]) => string;
  /** Keeps part of the list (the projects of one discriminator). */
  keep?: (record: CandidateRecords[K]) => boolean;
};

export function RecordKindPage<K extends CandidateRecordKind, V extends FieldValues>({ config }: { config: RecordKind<K, V> }) {
  const { kind, keep, Fields, Card } = config;
  const records = useCandidateRecords(kind);
  const save = useSaveRecord(kind);
  const remove = useDeleteRecord(kind);
  const describe = config.useDescribe();
  const query = keep ? { ...records, data: records.data?.filter(keep) } : records;
  return (
    <RecordListPage<CandidateRecords[K]>
      texts={config.texts}
      testId={config.testId}
      tour={config.tour}
      helpTour={config.helpTour}
      query={query}
      describe={describe}
      renderCard={(record) => <Card record={record} />}
      renderForm={({ record, onDone, onCancel }) => (
        <RecordForm<V>
          schema={config.schema}
          defaultValues={config.formValues(record)}
          fields={config.fields}
          submit={(values) => save.mutateAsync({ id: record?.id ?? null, body: config.request(values, record) })}
          onDone={onDone}
          onCancel={onCancel}
          testId={`${config.testId}-form`}
        >
          <Fields />
        </RecordForm>
      )}
      onDelete={(record) => remove.mutateAsync(record.id)}
    />
  );
}
