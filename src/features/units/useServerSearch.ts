/**
 * A server search, 50 units a page (TanStack infinite query): the pages fetched so far and a way
 * to fetch the next; only the units of the current group are kept (the list shows the group's
 * live fleet).
 */
import { useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { UNIT_SEARCH_PAGE_SIZE } from '../../domain/constants.ts';
import type { UnitSearch } from './search.ts';
import { fetchSearchPage, isServerSearch } from './search.ts';

export interface ServerSearchResult {
  /** null: no server search is active. */
  readonly ids: ReadonlySet<string> | null;
  readonly total: number;
  /** Matches outside the current group (not listed). */
  readonly elsewhere: number;
  readonly loading: boolean;
  readonly error: unknown;
  readonly hasMore: boolean;
  readonly loadMore: () => void;
}

export function useServerSearch(search: UnitSearch, groupId: string | null): ServerSearchResult {
  const enabled = isServerSearch(search);
  const query = useInfiniteQuery({
    queryKey: ['session', 'unitSearch', search.key, search.value.trim()],
    queryFn: ({ pageParam, signal }) => fetchSearchPage(search, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.offset + UNIT_SEARCH_PAGE_SIZE < last.total ? last.offset + UNIT_SEARCH_PAGE_SIZE : undefined),
    enabled,
    retry: false,
    staleTime: 30_000,
  });
  const pages = query.data?.pages;
  const { fetchNextPage, hasNextPage, isFetching } = query;
  return useMemo(() => {
    if (!enabled) return { ids: null, total: 0, elsewhere: 0, loading: false, error: null, hasMore: false, loadMore: () => undefined };
    const ids = new Set<string>();
    let elsewhere = 0;
    for (const page of pages ?? []) {
      for (const unit of page.units) {
        if (unit.groupId === groupId) ids.add(unit.uid);
        else elsewhere += 1;
      }
    }
    return {
      ids,
      total: pages?.[0]?.total ?? 0,
      elsewhere,
      loading: isFetching,
      error: query.error,
      hasMore: hasNextPage,
      loadMore: () => {
        if (hasNextPage && !isFetching) void fetchNextPage();
      },
    };
  }, [enabled, pages, groupId, isFetching, query.error, hasNextPage, fetchNextPage]);
}
