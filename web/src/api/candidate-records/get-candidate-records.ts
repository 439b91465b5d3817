// GET /api/api/candidate/{experiences|educations|projects|hobbies}: the
// logged-in candidate's own records. Read by the profile pages (which also
// change them) and by the dashboard (which counts them to say what to fill
// next), so the reading side lives here and the writing side in the
// candidate-profile feature.
//
// A record is kept in the shape the edit calls take (reference items as ids,
// pictures as upload ids): the server may answer a reference as an id or as
// `{id, name}`, a picture as an id or as `{id, url}`, and `normalizeRecord`
// brings both to ids. Names are looked up in the reference lists when shown,
// so they follow the language and an optimistic record needs nothing more.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CandidatePlace } from '@/api/candidates/get-candidate';
import { api } from '@/lib/api-client';

export type CarMethod = { context: string; actions: string; results: string };

/** `YYYY-MM-DD` dates; no end date while the record is current. */
export type RecordPeriod = { start_date: string; end_date: string | null; is_current: boolean };

export type ExperienceRecord = RecordPeriod & {
  id: number;
  company_name: string;
  company: number | null;
  position_name: string;
  contract_type: number | null;
  contract_hourly_scheme: number | null;
  job_category: number | null;
  localization: CandidatePlace | null;
  car_method: CarMethod;
  softskills: number[];
};

export type EducationRecord = RecordPeriod & {
  id: number;
  name: string;
  degree: number | null;
  institution: string;
  specialization: number | null;
  localization: CandidatePlace | null;
  softskills: number[];
  pictures: string[];
};

export type ProjectKind = 'personal' | 'academic';

export type ProjectRecord = RecordPeriod & {
  id: number;
  name: string;
  category: number | null;
  discr: ProjectKind;
  localization: CandidatePlace | null;
  /** Optional on a project: null when none was told. */
  car_method: CarMethod | null;
  softskills: number[];
  pictures: string[];
};

export type HobbyRecord = {
  id: number;
  /** The family of the hobby (read from the server's hobby; not sent back). */
  hobby_category?: number | null;
  hobby: number | null;
  speciality: number | null;
  frequency: number | null;
  purpose: number | null;
  description: string;
  softskills: number[];
  pictures: string[];
};

export type CandidateRecords = {
  experiences: ExperienceRecord;
  educations: EducationRecord;
  projects: ProjectRecord;
  hobbies: HobbyRecord;
};

export type CandidateRecordKind = keyof CandidateRecords;

export const candidateRecordKinds = ['experiences', 'educations', 'projects', 'hobbies'] as const satisfies readonly CandidateRecordKind[];

/** Each kind's path under /api. */
export const candidateRecordPaths: Record<CandidateRecordKind, string> = {
  experiences: '/api/candidate/experiences',
  educations: '/api/candidate/educations',
  projects: '/api/candidate/projects',
  hobbies: '/api/candidate/hobbies',
};

export const candidateRecordKeys = {
  all: ['candidate-records'] as const,
  list: (kind: CandidateRecordKind) => ['candidate-records', kind] as const,
};

/** Fields holding one reference item (an id, or an object carrying it). */
const referenceFields = [
  'company',
  'contract_type',
  'contract_hourly_scheme',
  'job_category',
  'degree',
  'specialization',
  'category',
  'hobby',
  'speciality',
  'frequency',
  'purpose',
];

const emptyCarMethod: CarMethod = { context: '', actions: '', results: '' };

function idOf(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && 'id' in value) return (value as { id: unknown }).id;
  return value ?? null;
}

function referenceId(value: unknown): number | null {
  const id = idOf(value);
  return typeof id === 'number' ? id : typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : null;
}

function referenceIds(value: unknown): number[] {
  return Array.isArray(value) ? value.map(referenceId).filter((id): id is number => id !== null) : [];
}

function pictureIds(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.map((picture) => idOf(picture)).filter((id) => id !== null && id !== undefined).map(String);
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value !== null && typeof value === 'object' && 'name' in value) return String((value as { name: unknown }).name ?? '');
  return '';
}

/** A record as the server sent it, with references as ids and pictures as upload ids. */
export function normalizeRecord<K extends CandidateRecordKind>(kind: K, raw: unknown): CandidateRecords[K] {
  const record: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  if (kind === 'hobbies' && record.hobby !== null && typeof record.hobby === 'object') {
    record.hobby_category = referenceId((record.hobby as { category?: unknown }).category);
  }
  for (const field of referenceFields) if (field in record) record[field] = referenceId(record[field]);
  record.softskills = referenceIds(record.softskills);
  if (kind !== 'experiences') record.pictures = pictureIds(record.pictures);
  if (kind === 'experiences' || kind === 'projects') {
    const car = (record.car_method ?? {}) as Partial<CarMethod>;
    record.car_method = { ...emptyCarMethod, ...car };
  }
  if (kind === 'educations') record.institution = textOf(record.institution);
  if (kind === 'hobbies') record.description = textOf(record.description);
  if ('is_current' in record) record.is_current = record.is_current === true;
  return record as CandidateRecords[K];
}

export async function getCandidateRecords<K extends CandidateRecordKind>(kind: K, signal?: AbortSignal): Promise<CandidateRecords[K][]> {
  const answer = await api.get<unknown>(candidateRecordPaths[kind], { signal });
  // A list may come bare or wrapped as `{items: [...]}`.
  const items = Array.isArray(answer) ? answer : ((answer as { items?: unknown[] } | undefined)?.items ?? []);
  return items.map((item) => normalizeRecord(kind, item));
}

export function getCandidateRecordsQueryOptions<K extends CandidateRecordKind>(kind: K) {
  return queryOptions({
    queryKey: candidateRecordKeys.list(kind),
    queryFn: ({ signal }) => getCandidateRecords(kind, signal),
  });
}

export function useCandidateRecords<K extends CandidateRecordKind>(kind: K) {
  return useQuery(getCandidateRecordsQueryOptions(kind));
}

/** Where an uploaded picture is served. */
export function uploadUrl(id: string): string {
  return `/api/uploads/${encodeURIComponent(id)}`;
}
