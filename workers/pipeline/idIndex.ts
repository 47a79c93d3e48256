/**
 * A snapshot's ids sorted, as indices (issue 15 item 3, docs/performance.md §7d): the worker sorts
 * once (~20–40 ms at 50,000 ids, off the main thread) and transfers the Uint32Array, so the UI store
 * finds a unit of the snapshot by binary search (17 string compares at 50,000) before it has put
 * a single unit in its Map, and builds the Map in small slices after the first paint.
 *
 * The order is JavaScript's string order (UTF-16 code units, `<`), which both sides use.
 */
import type { TextColumn } from './textColumn.ts';
import { textAt } from './textColumn.ts';

/** The indices of `ids` in ascending id order; throws naming the id when an id appears twice. */
export function sortedIdIndex(ids: readonly string[]): Uint32Array {
  const order = new Uint32Array(ids.length);
  for (let index = 0; index < order.length; index += 1) order[index] = index;
  order.sort((a, b) => {
    const left = ids[a] as string;
    const right = ids[b] as string;
    return left < right ? -1 : left > right ? 1 : 0;
  });
  for (let at = 1; at < order.length; at += 1) {
    const id = ids[order[at] as number] as string;
    if (id === ids[order[at - 1] as number]) throw new Error(`snapshot columns: unit id ${JSON.stringify(id)} appears twice`);
  }
  return order;
}

/** The index of `id` in `ids` (a snapshot's id column) by binary search over `order` (sortedIdIndex), or -1. */
export function findIdIndex(ids: TextColumn, order: Uint32Array, id: string): number {
  let low = 0;
  let high = order.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const index = order[middle] as number;
    const at = textAt(ids, index);
    if (at === id) return index;
    if (at < id) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}
