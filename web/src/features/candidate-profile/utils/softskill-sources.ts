// Which of the candidate's records gave each soft skill of a family: every
// experience, education, project and hobby lists the soft skills it shows, so
// a soft skill's sources are the records naming it.
import type { CandidateRecordKind } from '@/api/candidate-records/get-candidate-records';

export type SoftskillSource = { kind: CandidateRecordKind; id: number; label: string; path: string };

export type RecordWithSoftskills = { id: number; softskills: readonly number[] };

/** Soft skill id -> the records naming it, in the order of `groups`. */
export function softskillSources(
  groups: readonly {
    kind: CandidateRecordKind;
    records: readonly RecordWithSoftskills[];
    label: (record: RecordWithSoftskills) => string;
    path: (record: RecordWithSoftskills) => string;
  }[],
): Map<number, SoftskillSource[]> {
  const sources = new Map<number, SoftskillSource[]>();
  for (const group of groups) {
    for (const record of group.records) {
      for (const softskill of new Set(record.softskills)) {
        const list = sources.get(softskill) ?? [];
        list.push({ kind: group.kind, id: record.id, label: group.label(record), path: group.path(record) });
        sources.set(softskill, list);
      }
    }
  }
  return sources;
}
