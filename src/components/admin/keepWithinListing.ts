/**
 * The placeholder of a listing's query whose key is its base key (the listing: an inventory's
 * units, a group's members) followed by what the user chose in it (page, search, sort). While the
 * next answer loads, the last one stays on screen only if it was the same listing: a new page,
 * search or sort keeps the rows (no flash of an empty table); another inventory, group or parent
 * shows the loader instead. The rows of the listing before are never shown under the new one: a
 * click on one would open a unit of the inventory the user just left, under the one now chosen.
 */
import { hashKey, type QueryKey } from '@tanstack/react-query';

/** A placeholderData function: TanStack Query passes the last answer and the query it was for. */
export type ListingPlaceholder = <T>(previousData: T | undefined, previousQuery: { readonly queryKey: QueryKey } | undefined) => T | undefined;

/** True when `key` is `baseKey` followed by anything (compared as TanStack Query hashes keys). */
export function isWithinListing(key: QueryKey, baseKey: QueryKey): boolean {
  return key.length >= baseKey.length && hashKey(key.slice(0, baseKey.length)) === hashKey(baseKey);
}

export function keepWithinListing(baseKey: QueryKey): ListingPlaceholder {
  return (previousData, previousQuery) => (previousQuery !== undefined && isWithinListing(previousQuery.queryKey, baseKey) ? previousData : undefined);
}
