// GET /api/api/candidates/visibility: how many partner searches the candidate
// appeared in (7 and 30 days), how many partners keep them, and the criterion
// that kept them out of the most searches. Counts only.
import { useQuery } from '@tanstack/react-query';
import type { Schemas } from '@/api/schemas';
import { api } from '@/lib/api-client';

export type Visibility = Schemas['Visibility'];
export type DemandCriterion = Schemas['Relaxation'];

export function useVisibility() {
  return useQuery({
    queryKey: ['candidates', 'visibility'],
    queryFn: ({ signal }) => api.get<Visibility>('/api/candidates/visibility', { signal }),
  });
}
