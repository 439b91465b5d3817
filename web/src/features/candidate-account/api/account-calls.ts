// The candidate's account calls: sharing the profile (GET /api/api/candidates/slug,
// POST and DELETE /api/api/candidates/share), who can find them
// and blind first (GET and PUT /api/api/candidates/findability), the email change (a link to the
// new address), the password change (PATCH /api/api/candidates?password), the
// language of emails (POST /api/api/user/locale), and what ends the account
// here: deactivation, the data export and the erasure.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { candidateKeys } from '@/api/candidates/get-candidate';
import type { Schemas } from '@/api/schemas';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { endSession, reloadSessionCandidate } from '@/lib/session';
import { rememberSessionFor, sessionLifetimeMs } from '@/lib/session-hint';

export type Sharing = Schemas['SharingResponse'];

const sharingKey = ['candidate-account', 'sharing'] as const;

export function useSharing() {
  return useQuery({ queryKey: sharingKey, queryFn: ({ signal }) => api.get<Sharing>('/api/candidates/slug', { signal }) });
}

export function useSetSharing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (share: boolean) => api.request<Sharing>('/api/candidates/share', { method: share ? 'POST' : 'DELETE' }),
    onSuccess: (sharing) => {
      queryClient.setQueryData(sharingKey, sharing);
      void queryClient.invalidateQueries({ queryKey: candidateKeys.all });
      void reloadSessionCandidate();
    },
  });
}

export type FindableBy = Schemas['FindableBy'];

const findabilityKey = ['candidate-account', 'findability'] as const;

export function useFindability() {
  return useQuery({
    queryKey: findabilityKey,
    queryFn: ({ signal }) => api.get<Schemas['Findability']>('/api/candidates/findability', { signal }),
  });
}

export function useSetFindability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: Schemas['FindabilityUpdate']) =>
      api.request<Schemas['Findability']>('/api/candidates/findability', { method: 'PUT', body: update }),
    onSuccess: (findability) => queryClient.setQueryData(findabilityKey, findability),
  });
}

export type EmailChange = { email: string; current_password: string };

export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (body: EmailChange) => api.post<void>('/api/user/renewal-email-tokens', body, { silent: true }),
  });
}

export type PasswordChange = { current_password: string; password: string };

/** A new password ends every session; this browser gets a new one, of a day. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: PasswordChange) =>
      api.request<void>('/api/candidates', { method: 'PATCH', query: { password: true }, body, silent: true }),
    onSuccess: () => rememberSessionFor(sessionLifetimeMs.short),
  });
}

export function useSetEmailLocale() {
  return useMutation({ mutationFn: (locale: 'fr' | 'en') => api.post<void>('/api/user/locale', { locale }) });
}

/** After the account is deactivated or erased: this browser forgets the user and goes home. */
function useLeave() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    endSession();
    queryClient.clear();
    void navigate(paths.home, { replace: true });
  };
}

export function useDeactivate(candidateId: number) {
  const leave = useLeave();
  return useMutation({ mutationFn: () => api.post<void>(`/api/candidates/${candidateId}/desactivate`), onSuccess: leave });
}

export function useErase(candidateId: number) {
  const leave = useLeave();
  return useMutation({
    mutationFn: (password: string) => api.post<void>(`/api/candidates/${candidateId}/erase`, { password }, { silent: true }),
    onSuccess: leave,
  });
}

/** Downloads the candidate's data as one JSON file (pictures inside, as base64). */
export async function downloadExport(candidateId: number): Promise<void> {
  const data = await api.get<unknown>(`/api/candidates/${candidateId}/export`);
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `vivier-data-${candidateId}.json`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
