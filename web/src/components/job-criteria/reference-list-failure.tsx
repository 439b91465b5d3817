// Under a criteria field whose reference list could not be loaded: say so and
// offer to ask again, so an empty drop-down or chip group never looks like a
// list with nothing in it.
import { type QueryLike, QueryError } from '@/components/ui/query-state';

export function ReferenceListFailure({ query }: { query: QueryLike<unknown> }) {
  if (!query.isError || query.data !== undefined) return null;
  return <QueryError className="field__list-error" compact retrying={query.isFetching} onRetry={query.refetch} />;
}
