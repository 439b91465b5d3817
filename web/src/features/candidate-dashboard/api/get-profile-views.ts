// GET /api/api/candidates/profile-views: the companies that opened or saved the
// candidate's profile over the last 90 days, one line per company, kind and
// day, newest first. Companies only: never which recruiter.
import { useQuery } from '@tanstack/react-query';
import type { Schemas } from '@/api/schemas';
import { api } from '@/lib/api-client';

export type ProfileView = Schemas['ProfileView'];
export type ProfileViewList = Schemas['ProfileViewList'];

export const profileViewsKey = ['candidates', 'profile-views'] as const;

export function getProfileViews(signal?: AbortSignal): Promise<ProfileViewList> {
  return api.get<ProfileViewList>('/api/candidates/profile-views', { signal });
}

export function useProfileViews() {
  return useQuery({ queryKey: profileViewsKey, queryFn: ({ signal }) => getProfileViews(signal) });
}
