/**
 * A cluster's pop-up follows its cluster (issue 17 item 6): after the map panned, zoomed or the
 * members moved, where is "the cluster the user opened" now? Pure: the map asks it with the grid
 * cell of each unit (createUnitMap, UnitDisplay.cellOfUnit).
 *
 * - The members the pop-up lists are tracked; units that lost their place (gone, no location, the
 *   selected unit drawn on its own layer) are left out of the count.
 * - While the zoom level stays (the same grid), the cluster is the cell holding more than half of
 *   the tracked members: a few units driving off do not close the pop-up, and it lists the cell's
 *   members as they are now (newcomers included).
 * - After the zoom level changed (a new grid), the cluster must have stayed whole: every tracked
 *   member in one cell (zooming out merges clusters: it follows the merged one). Otherwise the
 *   cluster split, and the pop-up closes saying so rather than listing a part as the whole.
 * - A cell with one member left is a lone unit, not a cluster: split too.
 */

export interface CellLike {
  readonly key: number;
  readonly members: ReadonlySet<string>;
}

export type Follow =
  | { readonly kind: 'follow'; /** The cluster's cell now. */ readonly key: number; /** Its members now. */ readonly members: readonly string[] }
  | { readonly kind: 'split' };

export const SPLIT: Follow = { kind: 'split' };

/**
 * Where the tracked cluster is now. `cellOf` gives a unit's cell (undefined: it has no place on
 * the grid); `regridded` is true when the grid was rebuilt since the members were tracked (zoom).
 */
export function followCluster(tracked: Iterable<string>, cellOf: (unitId: string) => CellLike | undefined, regridded: boolean): Follow {
  const counts = new Map<number, { cell: CellLike; count: number }>();
  let placed = 0;
  for (const id of tracked) {
    const cell = cellOf(id);
    if (cell === undefined) continue;
    placed += 1;
    const entry = counts.get(cell.key);
    if (entry === undefined) counts.set(cell.key, { cell, count: 1 });
    else entry.count += 1;
  }
  let best: { cell: CellLike; count: number } | undefined;
  for (const entry of counts.values()) if (best === undefined || entry.count > best.count) best = entry;
  if (best === undefined || best.cell.members.size < 2) return SPLIT;
  const whole = regridded ? best.count === placed : best.count * 2 > placed;
  return whole ? { kind: 'follow', key: best.cell.key, members: [...best.cell.members] } : SPLIT;
}
