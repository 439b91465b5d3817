// GET /api/config: the tile-server style to use, if the deployment has one.
// Without it (null, or the call failing) the map uses the offline style.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Schemas } from '@/api/schemas';
import { api } from '@/lib/api-client';
import { sourcingKeys } from './query-keys';

export type MapConfig = Required<Schemas['ClientConfig']>;

export async function getMapConfig(signal?: AbortSignal): Promise<MapConfig> {
  try {
    const config = await api.get<Schemas['ClientConfig'] | undefined>('/config', { signal, silent: true });
    return { map_style_url: typeof config?.map_style_url === 'string' ? config.map_style_url : null };
  } catch {
    return { map_style_url: null };
  }
}

export function getMapConfigQueryOptions() {
  return queryOptions({
    queryKey: sourcingKeys.mapConfig(),
    queryFn: ({ signal }) => getMapConfig(signal),
    staleTime: Infinity,
  });
}

export function useMapConfig() {
  return useQuery(getMapConfigQueryOptions());
}
