// POST /api/api/candidate/{kind} (create), POST .../{id} (edit) and
// DELETE .../{id}, for experiences, educations, projects and hobbies. The list
// changes at once (optimistic update) and goes back as it was if the server
// refuses; either way the list and the profile (its completion) are fetched
// again. A refusal is still thrown, so a form can put a 422's field errors
// beside its fields.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  candidateRecordKeys,
  candidateRecordPaths,
  type CandidateRecordKind,
  type CandidateRecords,
} from '@/api/candidate-records/get-candidate-records';
import { candidateKeys } from '@/api/candidates/get-candidate';
import type { Schemas } from '@/api/schemas';
import { api } from '@/lib/api-client';
import { reloadSessionCandidate } from '@/lib/session';

/** What a create or an edit sends (the server's request schema of each kind). */
type RecordRequests = {
  experiences: Schemas['ExperienceRequest'];
  educations: Schemas['EducationRequest'];
  projects: Schemas['ProjectRequest'];
  hobbies: Schemas['HobbyRequest'];
};
export type RecordRequest<K extends CandidateRecordKind> = RecordRequests[K];

export type SaveRecordVariables<K extends CandidateRecordKind> = { id: number | null; body: RecordRequest<K> };

let temporaryIds = 0;
/** Negative ids mark records the server has not answered for yet. */
const nextTemporaryId = () => -++temporaryIds;

export function isTemporaryRecord(record: { id: number }): boolean {
  return record.id < 0;
}

/** The server answers `{item, completion}`; both are read again with the list and the profile. */
export async function saveRecord<K extends CandidateRecordKind>(kind: K, { id, body }: SaveRecordVariables<K>): Promise<void> {
  const path = id === null ? candidateRecordPaths[kind] : `${candidateRecordPaths[kind]}/${id}`;
  await api.post<unknown>(path, body);
}

export function deleteRecord(kind: CandidateRecordKind, id: number): Promise<void> {
  return api.delete<void>(`${candidateRecordPaths[kind]}/${id}`);
}

/** Changes a cached list optimistically; returns what to put back on failure. */
function useOptimisticList<K extends CandidateRecordKind>(kind: K) {
  const queryClient = useQueryClient();
  const queryKey = candidateRecordKeys.list(kind);
  return {
    async change(update: (records: CandidateRecords[K][]) => CandidateRecords[K][]) {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<CandidateRecords[K][]>(queryKey);
      if (previous) queryClient.setQueryData<CandidateRecords[K][]>(queryKey, update(previous));
      return { previous };
    },
    rollBack(context: { previous?: CandidateRecords[K][] } | undefined) {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    settle() {
      void queryClient.invalidateQueries({ queryKey });
      void queryClient.invalidateQueries({ queryKey: candidateKeys.all });
      void reloadSessionCandidate();
    },
  };
}

export function useSaveRecord<K extends CandidateRecordKind>(kind: K) {
  const list = useOptimisticList(kind);
  return useMutation({
    mutationFn: (variables: SaveRecordVariables<K>) => saveRecord(kind, variables),
    onMutate: ({ id, body }) =>
      list.change((records) =>
        id === null
          ? [...records, { ...body, id: nextTemporaryId() } as CandidateRecords[K]]
          : records.map((record) => (record.id === id ? ({ ...record, ...body } as CandidateRecords[K]) : record)),
      ),
    onError: (_error, _variables, context) => list.rollBack(context),
    onSettled: () => list.settle(),
  });
}

export function useDeleteRecord<K extends CandidateRecordKind>(kind: K) {
  const list = useOptimisticList(kind);
  return useMutation({
    mutationFn: (id: number) => deleteRecord(kind, id),
    onMutate: (id) => list.change((records) => records.filter((record) => record.id !== id)),
    onError: (_error, _id, context) => list.rollBack(context),
    onSettled: () => list.settle(),
  });
}
