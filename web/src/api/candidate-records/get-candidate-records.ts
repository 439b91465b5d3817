// GET /api/api/candidate/{experiences|educations|projects|hobbies}: the
// logged-in candidate's own records. Read by the profile pages (which also
// change them) and by the dashboard (which counts them to say what to fill
// next), so the reading side lives here and the writing side in the
// candidate-profile feature.
//
// A record is kept in the shape the edit calls take (reference items as ids,
// pictures as upload ids), so an optimistic record needs nothing more: the
// server's views (`Schemas['*View']`) are brought to it by the small mappers
// below. Names are looked up in the reference lists when shown, so they follow
// the language.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Schemas } from '@/api/schemas';
import { api } from '@/lib/api-client';

export type CarMethod = Schemas['CarMethod'];

/** `YYYY-MM-DD` dates; no end date while the record is current. */
export type RecordPeriod = Pick<Schemas['EducationView'], 'start_date' | 'end_date' | 'is_current'>;

/**
 * A view whose `Field`s hold their reference items (or pictures) as ids: one
 * item becomes its id or null, a list of them a list of ids.
 */
type WithIds<View, Field extends keyof View> = Omit<View, Field> & {
  [Name in Field]-?: NonNullable<View[Name]> extends readonly { id: infer Id }[]
    ? Id[]
    : NonNullable<View[Name]> extends { id: infer Id }
      ? Id | null
      : never;
};

export type ExperienceRecord = WithIds<
  Schemas['ExperienceView'],
  'company' | 'contract_type' | 'contract_hourly_scheme' | 'job_category' | 'softskills'
>;

export type EducationRecord = WithIds<Schemas['EducationView'], 'degree' | 'specialization' | 'softskills' | 'pictures'>;

export type ProjectKind = 'personal' | 'academic';

export type ProjectRecord = WithIds<Schemas['ProjectView'], 'category' | 'softskills' | 'pictures'> & {
  discr: ProjectKind;
  /** Optional on a project: null when none was told. */
  car_method: CarMethod | null;
};

export type HobbyRecord = WithIds<Schemas['HobbyView'], 'hobby' | 'speciality' | 'frequency' | 'purpose' | 'softskills' | 'pictures'> & {
  /** The family of the hobby (read from the server's hobby; not sent back). */
  hobby_category?: number | null;
  description: string;
};

export type CandidateRecords = {
  experiences: ExperienceRecord;
  educations: EducationRecord;
  projects: ProjectRecord;
  hobbies: HobbyRecord;
};

export type CandidateRecordKind = keyof CandidateRecords;

/** What the server answers for each kind. */
type CandidateRecordViews = {
  experiences: Schemas['ExperienceView'];
  educations: Schemas['EducationView'];
  projects: Schemas['ProjectView'];
  hobbies: Schemas['HobbyView'];
};

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

const idOf = <Id>(item: { id: Id } | null | undefined): Id | null => item?.id ?? null;
const idsOf = <Id>(items: readonly { id: Id }[]): Id[] => items.map((item) => item.id);

/** Each kind's record from the server's view of it. */
const recordOfView: { [K in CandidateRecordKind]: (view: CandidateRecordViews[K]) => CandidateRecords[K] } = {
  experiences: (view) => ({
    ...view,
    company: idOf(view.company),
    contract_type: idOf(view.contract_type),
    contract_hourly_scheme: idOf(view.contract_hourly_scheme),
    job_category: idOf(view.job_category),
    softskills: idsOf(view.softskills),
  }),
  educations: (view) => ({
    ...view,
    degree: idOf(view.degree),
    specialization: idOf(view.specialization),
    softskills: idsOf(view.softskills),
    pictures: idsOf(view.pictures),
  }),
  projects: (view) => ({
    ...view,
    discr: view.discr === 'academic' ? 'academic' : 'personal',
    car_method: view.car_method ?? null,
    category: idOf(view.category),
    softskills: idsOf(view.softskills),
    pictures: idsOf(view.pictures),
  }),
  hobbies: (view) => ({
    ...view,
    hobby_category: view.hobby.category.id,
    hobby: view.hobby.id,
    speciality: idOf(view.speciality),
    frequency: idOf(view.frequency),
    purpose: idOf(view.purpose),
    description: view.description ?? '',
    softskills: idsOf(view.softskills),
    pictures: idsOf(view.pictures),
  }),
};

/** A record as the server sent it, with references as ids and pictures as upload ids. */
export function recordFromView<K extends CandidateRecordKind>(kind: K, view: CandidateRecordViews[K]): CandidateRecords[K] {
  return recordOfView[kind](view);
}

export async function getCandidateRecords<K extends CandidateRecordKind>(kind: K, signal?: AbortSignal): Promise<CandidateRecords[K][]> {
  const views = await api.get<CandidateRecordViews[K][]>(candidateRecordPaths[kind], { signal });
  return views.map((view) => recordFromView(kind, view));
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
