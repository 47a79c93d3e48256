/** Polls the tile facts (on-air, delay, links) of the visible tiles only, every TILE_FACTS_POLL_MS. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiRequest } from '../../api/http.ts';
import { decodeTileFacts, TILE_FACTS_POLL_MS, type TileFacts } from './tileFacts.ts';

export function useTileFacts(visibleIds: readonly string[]): ReadonlyMap<string, TileFacts> {
  const ids = visibleIds.join(',');
  const query = useQuery({
    queryKey: ['session', 'multiview', 'tiles', ids],
    queryFn: async ({ signal }) => decodeTileFacts(await apiRequest('v2/multiview/tiles', { query: { ids }, signal })),
    enabled: ids !== '',
    refetchInterval: TILE_FACTS_POLL_MS,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  return useMemo(() => new Map((query.data ?? []).map((facts) => [facts.uid, facts])), [query.data]);
}
