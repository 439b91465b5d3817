// GET /api/config: what the deployment tells the app at start-up: the tile-server style of
// the map (null: the offline style) and where the source code is offered (null: not
// configured). A failing call leaves both null: neither is worth an error on screen.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Schemas } from '@/api/schemas';
import { api } from '@/lib/api-client';

export type ClientConfig = { map_style_url: string | null; source_code_url: string | null };

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

export async function getClientConfig(signal?: AbortSignal): Promise<ClientConfig> {
  try {
    const config = await api.get<Schemas['ClientConfig'] | undefined>('/config', { signal, silent: true });
    return { map_style_url: text(config?.map_style_url), source_code_url: text(config?.source_code_url) };
  } catch {
    return { map_style_url: null, source_code_url: null };
  }
}

export function getClientConfigQueryOptions() {
  return queryOptions({
    queryKey: ['client-config'] as const,
    queryFn: ({ signal }) => getClientConfig(signal),
    staleTime: Infinity,
  });
}

export function useClientConfig() {
  return useQuery(getClientConfigQueryOptions());
}
