// The query keys of the school's recruiters panel, in one place so that each
// change refetches what it changes: a link asked for, withdrawn or ended moves
// a partner in the list, whatever text the list was searched with; an
// invitation sent or withdrawn changes the open ones (and, sent to a partner
// who has an account, asks them for a link).
export const schoolRecruiterKeys = {
  all: ['school-recruiters'] as const,
  partners: (company?: string) =>
    company === undefined
      ? ([...schoolRecruiterKeys.all, 'partners'] as const)
      : ([...schoolRecruiterKeys.all, 'partners', company] as const),
  invitations: () => [...schoolRecruiterKeys.all, 'invitations'] as const,
};
