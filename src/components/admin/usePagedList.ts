/**
 * The state of a server-paged listing: page, search (key and text) and sort, and the query that
 * fetches the page for them (TanStack Query). The text is sent 250 ms after the last keystroke, so
 * the list follows typing without a request per key; a new search or sort goes back to page 1.
 * While the next page loads, the last one stays on screen (no flash of an empty table); when the
 * listing itself changes (another inventory, group or parent), the list goes back to page 1 and
 * shows the loader, never the rows of the listing before.
 */
import { useMemo, useState } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import { GRID_PAGE_SIZE } from '../../domain/constants.ts';
import type { PageRequest, SortDirection } from '../../protocol/rest/common.ts';
import type { SearchState } from './TableSearch.tsx';
import { keepWithinListing } from './keepWithinListing.ts';
import { useListingPage } from './useListingPage.ts';

/** Quiet time after the last keystroke before the search goes to the server (ms). */
export const SEARCH_DEBOUNCE_MS = 250;

export interface PageAnswer<T> {
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
  readonly items: readonly T[];
}

export interface SortState<K extends string> {
  readonly by: K;
  readonly dir: SortDirection;
}

/** `A`: the page's answer when it says more than the page (a log's `capped`). */
export interface PagedListOptions<K extends string, S extends string, T, A extends PageAnswer<T> = PageAnswer<T>> {
  /** The query key of this listing; the page request is appended. Invalidate it after a write. */
  readonly queryKey: readonly unknown[];
  /** The default search key (spec: name). */
  readonly defaultKey: K;
  /** The default sort key (name). */
  readonly defaultSort: S;
  readonly fetchPage: (request: PageRequest<K, S>, signal: AbortSignal) => Promise<A>;
  readonly pageSize?: number;
  readonly enabled?: boolean;
  /** The first sort direction (ascending unless a log lists newest first). */
  readonly defaultSortDir?: SortDirection;
  /** Ask for the page again every this many ms (a log that follows the fleet); never by default. */
  readonly refetchIntervalMs?: number;
}

export interface PagedList<K extends string, S extends string, T, A extends PageAnswer<T> = PageAnswer<T>> {
  readonly page: number;
  readonly pageSize: number;
  readonly search: SearchState<K>;
  readonly sort: SortState<S>;
  setPage(page: number): void;
  setSearch(search: SearchState<K>): void;
  setSort(sort: SortState<S>): void;
  readonly query: UseQueryResult<A>;
}

export function usePagedList<K extends string, S extends string, T, A extends PageAnswer<T> = PageAnswer<T>>(options: PagedListOptions<K, S, T, A>): PagedList<K, S, T, A> {
  const pageSize = options.pageSize ?? GRID_PAGE_SIZE;
  const [page, setPage] = useListingPage(options.queryKey);
  const [search, setSearchState] = useState<SearchState<K>>({ key: options.defaultKey, value: '' });
  const [sort, setSortState] = useState<SortState<S>>({ by: options.defaultSort, dir: options.defaultSortDir ?? 'asc' });
  const [sentText] = useDebouncedValue(search.value.trim(), SEARCH_DEBOUNCE_MS);
  const request = useMemo<PageRequest<K, S>>(
    () => ({ limit: pageSize, offset: (page - 1) * pageSize, searchKey: search.key, searchValue: sentText, sortBy: sort.by, sortDir: sort.dir }),
    [pageSize, page, search.key, sentText, sort.by, sort.dir],
  );

  const query = useQuery({
    queryKey: [...options.queryKey, request],
    queryFn: ({ signal }) => options.fetchPage(request, signal),
    placeholderData: keepWithinListing(options.queryKey),
    enabled: options.enabled ?? true,
    ...(options.refetchIntervalMs !== undefined ? { refetchInterval: options.refetchIntervalMs } : {}),
  });

  return {
    page,
    pageSize,
    search,
    sort,
    setPage,
    setSearch: (next) => {
      setSearchState(next);
      setPage(1);
    },
    setSort: (next) => {
      setSortState(next);
      setPage(1);
    },
    query,
  };
}
