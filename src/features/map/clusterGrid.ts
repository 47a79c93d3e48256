/**
 * Incremental grid clustering (issue 5 item 5; the from-scratch projection is clusterPoints in
 * clusters.ts, and clusterGrid.test.ts proves this one equals it). The grid has square cells of
 * `cellSize` map units anchored at the origin, so a cell's key does not change while the zoom
 * stays (a pan reuses the grid). Each cell keeps its members, the sum of their coordinates (for
 * the mean position) and a count per status index (for the dominant colour). `put` / `remove`
 * cost O(1) and mark the touched cells dirty; the map redraws only the dirty cells. A rebuild
 * (new cell size: the zoom changed) is O(units).
 */

/** Cell indices stay within ±CELL_INDEX_LIMIT so a cell key (two indices in one number) stays exact. */
const CELL_INDEX_LIMIT = 2 ** 20;
const KEY_SPAN = 2 ** 21;

export interface GridCell {
  readonly key: number;
  /** Ids in the cell (insertion order). */
  readonly members: Set<string>;
  /** Sums of the members' coordinates (map units). */
  sx: number;
  sy: number;
  /** Members per status index. */
  readonly statusCounts: number[];
}

type Placed = { x: number; y: number; status: number; cell: GridCell };

export function cellKey(cx: number, cy: number): number {
  return (cx + CELL_INDEX_LIMIT) * KEY_SPAN + (cy + CELL_INDEX_LIMIT);
}

/** The mean position of a cell's members. */
export function cellCentre(cell: GridCell): [number, number] {
  const n = cell.members.size;
  return n === 0 ? [0, 0] : [cell.sx / n, cell.sy / n];
}

/** The status index most members share (ties: the lower index, as dominantStatus with the status order). */
export function cellStatus(cell: GridCell): number {
  let best = -1;
  let bestCount = 0;
  cell.statusCounts.forEach((count, status) => {
    if (count > bestCount) {
      best = status;
      bestCount = count;
    }
  });
  return best;
}

export class ClusterGrid {
  private readonly cells = new Map<number, GridCell>();
  private readonly placed = new Map<string, Placed>();
  /** Keys of the cells changed since the last `takeDirty`. */
  private readonly dirty = new Set<number>();

  /** `cellSize`: map units; a world of ±2^20 cells at most (EPSG:3857 at cluster zooms has about ±600). */
  constructor(readonly cellSize: number) {
    if (!(cellSize > 0)) throw new RangeError(`cell size must be positive, got ${cellSize}`);
  }

  get size(): number {
    return this.placed.size;
  }

  /** Adds a unit or moves / recolours it; marks its old and new cells dirty. */
  put(id: string, x: number, y: number, status: number): void {
    const cx = Math.max(-CELL_INDEX_LIMIT, Math.min(CELL_INDEX_LIMIT - 1, Math.floor(x / this.cellSize)));
    const cy = Math.max(-CELL_INDEX_LIMIT, Math.min(CELL_INDEX_LIMIT - 1, Math.floor(y / this.cellSize)));
    const key = cellKey(cx, cy);
    const before = this.placed.get(id);
    if (before !== undefined) {
      if (before.x === x && before.y === y && before.status === status) return;
      this.leave(id, before);
    }
    let cell = this.cells.get(key);
    if (cell === undefined) this.cells.set(key, (cell = { key, members: new Set(), sx: 0, sy: 0, statusCounts: [] }));
    cell.members.add(id);
    cell.sx += x;
    cell.sy += y;
    cell.statusCounts[status] = (cell.statusCounts[status] ?? 0) + 1;
    this.placed.set(id, { x, y, status, cell });
    this.dirty.add(key);
  }

  remove(id: string): void {
    const before = this.placed.get(id);
    if (before === undefined) return;
    this.leave(id, before);
    this.placed.delete(id);
  }

  private leave(id: string, placed: Placed): void {
    const cell = placed.cell;
    cell.members.delete(id);
    cell.statusCounts[placed.status] = (cell.statusCounts[placed.status] ?? 1) - 1;
    if (cell.members.size === 0) this.cells.delete(cell.key);
    else {
      cell.sx -= placed.x;
      cell.sy -= placed.y;
    }
    this.dirty.add(cell.key);
  }

  cell(key: number): GridCell | undefined {
    return this.cells.get(key);
  }

  cellOf(id: string): GridCell | undefined {
    return this.placed.get(id)?.cell;
  }

  allCells(): IterableIterator<GridCell> {
    return this.cells.values();
  }

  /** The dirty cell keys (a cell emptied since is among them, and `cell(key)` is then undefined); clears the set. */
  takeDirty(): number[] {
    const keys = [...this.dirty];
    this.dirty.clear();
    return keys;
  }
}
