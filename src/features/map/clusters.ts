/**
 * Clustering of unit points at low zoom (issue 5 item 5): points are gathered by a square grid of
 * CLUSTER_CELL_PX screen pixels (in map units: cell px × resolution). A cell holding two or more
 * units becomes one cluster at their mean position; a lone unit stays a point. The selected unit
 * is never clustered (it has its own layer). Above CLUSTER_MAX_ZOOM nothing is clustered.
 * `clusterPoints` is the from-scratch projection, O(n) per run: the map keeps an incremental grid
 * (clusterGrid.ts, UnitDisplay) and the tests prove it equals this one after any changes.
 */

/** Grid cell of the clustering (CSS px). */
export const CLUSTER_CELL_PX = 56;
/** Clusters are formed up to this zoom (inclusive); closer in, every unit is its own point. */
export const CLUSTER_MAX_ZOOM = 8;

export interface MapPoint {
  readonly id: string;
  /** Map coordinates (EPSG:3857 metres). */
  readonly x: number;
  readonly y: number;
}

export interface Cluster {
  /** The grid cell, stable while the view's resolution does not change. */
  readonly key: string;
  readonly x: number;
  readonly y: number;
  readonly members: readonly string[];
}

export interface Clustering {
  readonly clusters: readonly Cluster[];
  /** Ids inside a cluster (drawn by the cluster, hidden as points). */
  readonly clustered: ReadonlySet<string>;
}

export const NO_CLUSTERS: Clustering = { clusters: [], clustered: new Set() };

/** Clusters of `points` for a cell of `cellSize` map units; `selected` is left out. */
export function clusterPoints(points: Iterable<MapPoint>, cellSize: number, selected: string | null): Clustering {
  if (!(cellSize > 0)) return NO_CLUSTERS;
  const cells = new Map<string, { sx: number; sy: number; members: string[] }>();
  for (const point of points) {
    if (point.id === selected) continue;
    const key = `${Math.floor(point.x / cellSize)}:${Math.floor(point.y / cellSize)}`;
    const cell = cells.get(key);
    if (cell === undefined) cells.set(key, { sx: point.x, sy: point.y, members: [point.id] });
    else {
      cell.sx += point.x;
      cell.sy += point.y;
      cell.members.push(point.id);
    }
  }
  const clusters: Cluster[] = [];
  const clustered = new Set<string>();
  for (const [key, cell] of cells) {
    if (cell.members.length < 2) continue;
    clusters.push({ key, x: cell.sx / cell.members.length, y: cell.sy / cell.members.length, members: cell.members });
    for (const id of cell.members) clustered.add(id);
  }
  return { clusters, clustered };
}

/** The status most members share (ties: the earlier in `order`), for the cluster's colour. */
export function dominantStatus<S extends string>(statuses: Iterable<S>, order: readonly S[]): S | null {
  const counts = new Map<S, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  let best: S | null = null;
  let bestCount = 0;
  for (const status of order) {
    const count = counts.get(status) ?? 0;
    if (count > bestCount) {
      best = status;
      bestCount = count;
    }
  }
  return best;
}
