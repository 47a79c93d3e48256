/**
 * What the map draws of the units, near the view only (design.md: the map updates its sources in
 * batches; the work of a frame follows the screen, not the fleet):
 *  - `points`: the source of the unit point layer, one feature per unit drawn as a point (a
 *    lone unit in its grid cell at cluster zooms, every unit closer in), with its status index;
 *  - `clusters`: the source of the cluster layer, one feature per grid cell of 2 or more units
 *    (count, dominant status, members' mean position).
 * Only units and cells inside the view grown by VIEW_MARGIN on every side have features, and
 * the selected unit has none (its own layer draws it; it is never clustered).
 * `setView` (after a pan or zoom) reconciles everything: O(units) once per move. `update(ids)`
 * (after units changed) touches only those units and the grid cells they left or entered.
 */
import Feature from 'ol/Feature.js';
import Point from 'ol/geom/Point.js';
import VectorSource from 'ol/source/Vector.js';
import { cellCentre, cellStatus, ClusterGrid, type GridCell } from './clusterGrid.ts';
import { STATUS_PROP } from './mapStyles.ts';
import type { UnitPosition } from './unitPositions.ts';
import { grownExtent, inWrappedExtent, type Extent } from './wrappedExtent.ts';

/** Points and clusters are kept for the view plus this share of its width/height on each side (a short pan shows no gap). */
export const VIEW_MARGIN = 1;
/** A cluster's drawn position follows its members' mean only when that moved at least this far (px): sub-pixel drift redraws nothing. */
const CLUSTER_MOVE_PX = 1;

export type UnitFeature = Feature<Point>;

export interface DisplayView {
  /** The visible extent (map units). */
  extent: Extent;
  /** Map units per pixel. */
  resolution: number;
  /** The clustering grid cell (map units), or null above the cluster zooms. */
  cellSize: number | null;
  /** The width of one world (map units), for a map that repeats east and west. */
  worldWidth: number;
}

export interface PositionLookup {
  get(unitId: string): UnitPosition | undefined;
  entries(): IterableIterator<[string, UnitPosition]>;
  /**
   * Writes a unit's position into `out` (false: not on the map), no object made: UnitPositions has
   * it (its positions live in typed arrays); a plain Map of positions (tests) goes through `get`.
   */
  readInto?(unitId: string, out: UnitPosition): boolean;
}

export class UnitDisplay {
  readonly points = new VectorSource<UnitFeature>({ wrapX: true });
  readonly clusters = new VectorSource<UnitFeature>({ wrapX: true });
  private readonly shownPoints = new Map<string, UnitFeature>();
  private readonly shownClusters = new Map<number, UnitFeature>();
  /** The unit drawn as a point for a lone-unit cell (cluster zooms). */
  private readonly loneOfCell = new Map<number, string>();
  private grid: ClusterGrid | null = null;
  private view: DisplayView | null = null;
  private near: Extent = [0, 0, 0, 0];
  private selected: string | null = null;
  /** Features created, changed or removed so far (for counting work in tests). */
  touched = 0;
  /** The position `place` reads each unit into (one object for every refresh, see PositionLookup.readInto). */
  private readonly scratch: UnitPosition = { x: 0, y: 0, status: 0 };

  constructor(private readonly positions: PositionLookup) {}

  get clustering(): boolean {
    return this.grid !== null;
  }

  /** The grid cells drawn as clusters (near the view). */
  clusterCells(): GridCell[] {
    const cells: GridCell[] = [];
    for (const key of this.shownClusters.keys()) {
      const cell = this.grid?.cell(key);
      if (cell !== undefined) cells.push(cell);
    }
    return cells;
  }

  /** Bumped whenever the grid is rebuilt (a new zoom level), so a followed cluster knows (clusterFollow.ts). */
  gridVersion = 0;

  /** The grid cell a unit is in: undefined without a grid (zoomed in), or for the selected unit. */
  cellOfUnit(unitId: string): GridCell | undefined {
    return this.grid?.cellOf(unitId);
  }

  /** A grid cell by its key. */
  cellAt(cellKey: number): GridCell | undefined {
    return this.grid?.cell(cellKey);
  }

  /** The members of a drawn cluster (by the `cell` property of its feature). */
  membersOf(cellKey: number): string[] {
    return [...(this.grid?.cell(cellKey)?.members ?? [])];
  }

  /** A new view: rebuilds the grid when the cell size changed, then reconciles every feature. */
  setView(view: DisplayView): void {
    const cellChanged = this.view?.cellSize !== view.cellSize || this.grid === null !== (view.cellSize === null);
    this.view = view;
    this.near = grownExtent(view.extent, VIEW_MARGIN);
    if (cellChanged) {
      this.gridVersion += 1;
      this.grid = view.cellSize === null ? null : new ClusterGrid(view.cellSize);
      if (this.grid !== null) for (const [id, p] of this.positions.entries()) if (id !== this.selected) this.grid.put(id, p.x, p.y, p.status);
    }
    const points = new Set<string>();
    const clusters = new Map<number, GridCell>();
    this.loneOfCell.clear();
    if (this.grid !== null) {
      this.grid.takeDirty();
      for (const cell of this.grid.allCells()) {
        if (!this.isNear(cellCentre(cell))) continue;
        if (cell.members.size >= 2) clusters.set(cell.key, cell);
        else {
          const [id] = cell.members;
          if (id === undefined) continue;
          points.add(id);
          this.loneOfCell.set(cell.key, id);
        }
      }
    } else {
      for (const [id, p] of this.positions.entries()) if (id !== this.selected && this.isNear([p.x, p.y])) points.add(id);
    }
    for (const id of [...this.shownPoints.keys()]) if (!points.has(id)) this.removePoint(id);
    for (const id of points) this.upsertPoint(id);
    for (const key of [...this.shownClusters.keys()]) if (!clusters.has(key)) this.removeCluster(key);
    for (const cell of clusters.values()) this.upsertCluster(cell);
  }

  /** Units whose position or status changed (or that came or went): only they and their cells are redrawn. */
  update(changed: readonly string[]): void {
    this.place(changed);
    this.draw(changed);
  }

  /**
   * The first half of `update`, without features: puts `changed[from..to)` on the grid at their
   * positions now (O(units given), nothing drawn). A refresh of tens of thousands of units can so
   * be spread over frames (flushSlices.ts) and drawn once with `draw`. Zoomed in (no grid): nothing.
   */
  place(changed: readonly string[], from = 0, to = changed.length): void {
    const grid = this.grid;
    if (this.view === null || grid === null) return;
    const p = this.scratch;
    for (let i = from; i < to; i += 1) {
      const id = changed[i] as string;
      if (this.read(id, p) && id !== this.selected) grid.put(id, p.x, p.y, p.status);
      else grid.remove(id);
    }
  }

  /** A unit's position into `out` (readInto when the lookup has it; else its object's numbers). */
  private read(unitId: string, out: UnitPosition): boolean {
    const positions = this.positions;
    if (positions.readInto !== undefined) return positions.readInto(unitId, out);
    const p = positions.get(unitId);
    if (p === undefined) return false;
    out.x = p.x;
    out.y = p.y;
    out.status = p.status;
    return true;
  }

  /**
   * The second half of `update`: redraws the grid cells changed since the last draw or view (every
   * `place` since), and the points of `changed` (all the units placed since, for their lone points).
   */
  draw(changed: readonly string[]): void {
    if (this.view === null) return;
    const grid = this.grid;
    if (grid === null) {
      for (const id of changed) {
        const p = this.positions.get(id);
        if (p !== undefined && id !== this.selected && this.isNear([p.x, p.y])) this.upsertPoint(id);
        else this.removePoint(id);
      }
      return;
    }
    const dirty = grid.takeDirty();
    // Removals first, then additions: a unit that left one lone cell for another is drawn once.
    const lone = new Map<number, string>();
    for (const key of dirty) {
      const cell = grid.cell(key);
      const near = cell !== undefined && this.isNear(cellCentre(cell));
      const [only] = cell?.members ?? [];
      if (near && cell.members.size === 1 && only !== undefined) lone.set(key, only);
      const before = this.loneOfCell.get(key);
      if (before !== undefined && before !== lone.get(key)) {
        this.removePoint(before);
        this.loneOfCell.delete(key);
      }
      if (near && cell.members.size >= 2) this.upsertCluster(cell);
      else this.removeCluster(key);
    }
    for (const [key, id] of lone) {
      this.upsertPoint(id);
      this.loneOfCell.set(key, id);
    }
    // The selected unit, or one that lost its place, may still have a point from before.
    for (const id of changed) if (this.shownPoints.has(id) && grid.cellOf(id)?.members.size !== 1) this.removePoint(id);
  }

  /** The selected unit leaves the points and the grid (its own layer draws it); the one before comes back. */
  setSelected(unitId: string | null): void {
    if (unitId === this.selected) return;
    const before = this.selected;
    this.selected = unitId;
    this.update([before, unitId].filter((id): id is string => id !== null));
  }

  private isNear([x, y]: readonly [number, number]): boolean {
    return inWrappedExtent(x, y, this.near, this.view?.worldWidth ?? Infinity);
  }

  private upsertPoint(id: string): void {
    const p = this.positions.get(id);
    if (p === undefined) return this.removePoint(id);
    const existing = this.shownPoints.get(id);
    if (existing === undefined) {
      const feature = new Feature({ geometry: new Point([p.x, p.y]), [STATUS_PROP]: p.status });
      feature.setId(id);
      this.shownPoints.set(id, feature);
      this.points.addFeature(feature);
      this.touched += 1;
      return;
    }
    const point = existing.getGeometry();
    const [x, y] = point?.getCoordinates() ?? [];
    if (x !== p.x || y !== p.y) {
      point?.setCoordinates([p.x, p.y]);
      this.touched += 1;
    }
    if (existing.get(STATUS_PROP) !== p.status) {
      existing.set(STATUS_PROP, p.status);
      this.touched += 1;
    }
  }

  private removePoint(id: string): void {
    const feature = this.shownPoints.get(id);
    if (feature === undefined) return;
    this.shownPoints.delete(id);
    this.points.removeFeature(feature);
    this.touched += 1;
  }

  private upsertCluster(cell: GridCell): void {
    const [x, y] = cellCentre(cell);
    const count = cell.members.size;
    const status = cellStatus(cell);
    const existing = this.shownClusters.get(cell.key);
    if (existing === undefined) {
      const feature = new Feature({ geometry: new Point([x, y]), count, status, cell: cell.key });
      this.shownClusters.set(cell.key, feature);
      this.clusters.addFeature(feature);
      this.touched += 1;
      return;
    }
    const point = existing.getGeometry();
    const [px = 0, py = 0] = point?.getCoordinates() ?? [];
    const minMove = CLUSTER_MOVE_PX * (this.view?.resolution ?? 0);
    if (Math.abs(px - x) >= minMove || Math.abs(py - y) >= minMove) {
      point?.setCoordinates([x, y]);
      this.touched += 1;
    }
    if (existing.get('count') !== count || existing.get('status') !== status) {
      existing.setProperties({ count, status });
      this.touched += 1;
    }
  }

  private removeCluster(key: number): void {
    const feature = this.shownClusters.get(key);
    if (feature === undefined) return;
    this.shownClusters.delete(key);
    this.clusters.removeFeature(feature);
    this.touched += 1;
  }
}
