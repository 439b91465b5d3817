// A candidate's DISC result as readers of their public profile see it, in the
// third person with the candidate's first name: only when the candidate chose
// to show it (the API answers null otherwise, and nothing is drawn), never
// while it loads or when it cannot be read.
import { useQuery } from '@tanstack/react-query';
import { candidateDiscQueryOptions } from '../api/disc';
import { DiscSummary } from './disc-summary';

export function ShownDisc({ slug, firstName }: { slug: string; firstName: string }) {
  const disc = useQuery(candidateDiscQueryOptions(slug));
  return disc.data ? <DiscSummary result={disc.data} person={firstName} /> : null;
}
