// The DISC personality test's calls: the questionnaire (GET
// /api/api/test/questions, in the caller's language), the candidate's own test
// (GET, POST and PATCH /api/api/test/forms/discs) and a candidate's result as
// the readers of their profile see it (GET /api/api/candidates/{slug}/discs:
// null when there is none to show, a 404 only for a profile the reader may not
// read).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@/api/schemas';
import { api } from '@/lib/api-client';
import { currentLocale } from '@/lib/i18n';

export type DiscLetter = Schemas['Letter'];
export type TestQuestion = Schemas['TestQuestionView'];
export type DiscForm = Schemas['DiscFormView'];
export type DiscResult = Schemas['DiscResultView'];
export type DiscChoice = Schemas['DiscChoice'];

export const discLetters: readonly DiscLetter[] = ['D', 'I', 'S', 'C'];

export const discKeys = {
  questions: (locale: string) => ['disc', 'questions', locale] as const,
  form: ['disc', 'form'] as const,
  candidate: (slug: string) => ['disc', 'candidate', slug] as const,
};

export function useTestQuestions() {
  const locale = currentLocale();
  return useQuery({
    queryKey: discKeys.questions(locale),
    queryFn: ({ signal }) => api.get<TestQuestion[]>('/api/test/questions', { signal }),
    staleTime: Infinity,
  });
}

export function useDiscForm() {
  return useQuery({
    queryKey: discKeys.form,
    queryFn: ({ signal }) => api.get<DiscForm>('/api/test/forms/discs', { signal }),
  });
}

export function useSubmitDisc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: DiscChoice[]) => api.post<DiscForm>('/api/test/forms/discs', { answers }),
    onSuccess: (form) => {
      queryClient.setQueryData(discKeys.form, form);
      void queryClient.invalidateQueries({ queryKey: ['disc', 'candidate'] });
    },
  });
}

export function useDiscVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (showDisc: boolean) => api.patch<DiscForm>('/api/test/forms/discs', { show_disc: showDisc }),
    onSuccess: (form) => {
      queryClient.setQueryData(discKeys.form, form);
      void queryClient.invalidateQueries({ queryKey: ['disc', 'candidate'] });
    },
  });
}

/** A candidate's result for a reader of their profile; null when there is none to show. */
export function candidateDiscQueryOptions(slug: string) {
  return queryOptions({
    queryKey: discKeys.candidate(slug),
    queryFn: ({ signal }) =>
      api.get<DiscResult | null>(`/api/candidates/${encodeURIComponent(slug)}/discs`, {
        signal,
        silent: true,
        anonymousAllowed: true,
      }),
  });
}
