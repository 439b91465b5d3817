// The query keys of the school's recruiters panel, in one place so that each
// change refetches what it changes: a link asked for, withdrawn or ended moves
// a partner in the list, whatever text the list was searched with.
export const schoolRecruiterKeys = {
  all: ['school-recruiters'] as const,
  partners: (company?: string) =>
    company === undefined
      ? ([...schoolRecruiterKeys.all, 'partners'] as const)
      : ([...schoolRecruiterKeys.all, 'partners', company] as const),
};
