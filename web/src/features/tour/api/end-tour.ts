// PATCH /api/api/user/tour: the user's tutorial flag, turned off when the
// tutorial ends (finished, completed, declined or cancelled).
import type { Schemas } from '@/api/schemas';
import { api } from '@/lib/api-client';

export type TourFlag = Schemas['TourFlag'];

export function endTour(): Promise<TourFlag> {
  return api.patch<TourFlag>('/api/user/tour', { tour: false } satisfies TourFlag);
}
