/**
 * The unit search (spec 000 §9 "Unit search page size 50; default search key name"). A name
 * search filters the live list as the user types; any other key asks the server
 * (GET v2/admin/units?searchKey&searchValue&limit=50&offset), page by page, and the list shows
 * the matching units of the current group, live from the fleet stream.
 */
import { DEFAULT_SEARCH_KEY, UNIT_SEARCH_PAGE_SIZE } from '../../domain/constants.ts';
import { apiRequest } from '../../api/http.ts';
import type { Roles } from '../../domain/roles/roleSets.ts';
import { inRoleSet } from '../../domain/roles/roleSets.ts';

/** Keys the server searches on (its v2/admin/units searchKey values that a user would type). */
export const SEARCH_KEYS = ['name', 'serial', 'type', 'swVersion', 'uid', 'comment'] as const;
export type SearchKey = (typeof SEARCH_KEYS)[number];

export const DEFAULT_KEY: SearchKey = DEFAULT_SEARCH_KEY;

export interface UnitSearch {
  readonly key: SearchKey;
  readonly value: string;
}

/**
 * The keys a user may search by: the server's unit listing is for the broad management role set
 * (spec 002 §6, the /devices listings); everyone else searches names in the live list.
 */
export function searchKeysFor(roles: Roles): readonly SearchKey[] {
  return inRoleSet(roles, 'management') ? SEARCH_KEYS : [DEFAULT_KEY];
}

/** Whether a search goes to the server (a key other than name, with something typed). */
export function isServerSearch(search: UnitSearch): boolean {
  return search.key !== 'name' && search.value.trim() !== '';
}

export interface SearchPage {
  readonly total: number;
  readonly offset: number;
  /** Matching units: uid and the group they belong to. */
  readonly units: readonly { readonly uid: string; readonly groupId: string | null }[];
}

/** Reads a v2/admin/units answer; an entry without a uid is skipped. */
export function decodeSearchPage(body: unknown): SearchPage {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const units = Array.isArray(record['units']) ? (record['units'] as unknown[]) : [];
  return {
    total: typeof record['total'] === 'number' ? record['total'] : 0,
    offset: typeof record['offset'] === 'number' ? record['offset'] : 0,
    units: units.flatMap((item) => {
      const unit = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
      const uid = unit['uid'];
      if (typeof uid !== 'string' || uid === '') return [];
      return [{ uid, groupId: typeof unit['groupId'] === 'string' ? unit['groupId'] : null }];
    }),
  };
}

/** One page (50 units) of a server search. */
export async function fetchSearchPage(search: UnitSearch, offset: number, signal?: AbortSignal): Promise<SearchPage> {
  const body = await apiRequest('v2/admin/units', {
    query: { searchKey: search.key, searchValue: search.value.trim(), limit: UNIT_SEARCH_PAGE_SIZE, offset },
    ...(signal ? { signal } : {}),
  });
  return decodeSearchPage(body);
}
