// The query keys of the candidate's offers and applications, in one tree:
// applying or withdrawing changes the offer's page and the applications list
// at once, and a mutation invalidates the whole branch.
export type BrowseFilters = {
  lat: number | null;
  lng: number | null;
  radius: number;
  jobCategory: number | null;
  contractType: number | null;
};

export const candidateOfferKeys = {
  all: ['candidate-offers'] as const,
  forMe: () => ['candidate-offers', 'for-me'] as const,
  browse: (filters: BrowseFilters) => ['candidate-offers', 'browse', filters] as const,
  detail: (id: number) => ['candidate-offers', 'detail', id] as const,
  applications: () => ['candidate-offers', 'applications'] as const,
};
