/**
 * The unit search (spec 000 §9 "Unit search page size 50; default search key name"). A name
 * search filters the live list as the user types; any other key asks the server
 * (GET v2/admin/units?searchKey&searchValue&limit=50&offset), page by page, and the list shows
 * the matching units of the current group, live from the fleet stream.
 */
import { DEFAULT_SEARCH_KEY, UNIT_SEARCH_PAGE_SIZE } from '../../domain/constants.ts';
import { call } from '../../api/call.ts';
import { listUnits, type UnitListKey, type UnitPage, type UnitView } from '../../protocol/rest/units.ts';
import type { Roles } from '../../domain/roles/roleSets.ts';
import { inRoleSet } from '../../domain/roles/roleSets.ts';

/** Keys the server searches on (its v2/admin/units searchKey values that a user would type). */
export const SEARCH_KEYS = ['name', 'serial', 'type', 'swVersion', 'uid', 'comment'] as const satisfies readonly UnitListKey[];
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

/** The part of a v2/admin/units page the search keeps: how many match, and each unit's uid and group. */
export function searchPageOf(page: Pick<UnitPage, 'total' | 'offset'> & { readonly units: readonly Pick<UnitView, 'uid' | 'groupId'>[] }): SearchPage {
  return { total: page.total, offset: page.offset, units: page.units.map((u) => ({ uid: u.uid, groupId: u.groupId })) };
}

/** One page (50 units) of a server search (GET v2/admin/units, the answer decoded by its contract). */
export async function fetchSearchPage(search: UnitSearch, offset: number, signal?: AbortSignal): Promise<SearchPage> {
  const page = await call(listUnits, { query: { searchKey: search.key, searchValue: search.value.trim(), limit: UNIT_SEARCH_PAGE_SIZE, offset } }, signal !== undefined ? { signal } : {});
  return searchPageOf(page);
}
