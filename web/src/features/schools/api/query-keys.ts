// The query keys of the school area, in one place so that mutations
// invalidate exactly what they change.
export type CandidateFilters = {
  name?: string;
  parcours?: number;
  program?: number;
  completion?: number;
  page?: number;
};

export const schoolKeys = {
  all: ['school'] as const,
  campuses: () => [...schoolKeys.all, 'campuses'] as const,
  candidates: (campusId: number, filters?: CandidateFilters) =>
    filters ? ([...schoolKeys.all, 'candidates', campusId, filters] as const) : ([...schoolKeys.all, 'candidates', campusId] as const),
  statistics: (locale: string) => [...schoolKeys.all, 'statistics', locale] as const,
  profile: () => [...schoolKeys.all, 'profile'] as const,
  institutions: () => [...schoolKeys.all, 'institutions'] as const,
};
