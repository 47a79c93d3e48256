/**
 * Multiview wall geometry (issue 5 item 4): the layouts 2×2 to 8×8 and fit-to-screen, the tile
 * grid a viewport holds, and which tiles a scroll position shows (only those are drawn).
 * All sizes in CSS px.
 */

/** Square layouts 2×2 … 8×8 and `fit` (as many tiles of at least FIT_TILE_MIN as the viewport holds). */
export const MULTIVIEW_LAYOUTS = ['2x2', '3x3', '4x4', '5x5', '6x6', '7x7', '8x8', 'fit'] as const;
export type MultiviewLayout = (typeof MULTIVIEW_LAYOUTS)[number];
export const DEFAULT_LAYOUT: MultiviewLayout = 'fit'; // a wall shows as many readable tiles as it holds

/** Smallest tile of the fit-to-screen layout: room for a readable name, bars and a 16:9 preview. */
export const FIT_TILE_MIN = { width: 280, height: 190 } as const;
/** Gap between tiles. */
export const TILE_GAP = 6;

export function isMultiviewLayout(value: unknown): value is MultiviewLayout {
  return typeof value === 'string' && (MULTIVIEW_LAYOUTS as readonly string[]).includes(value);
}

export interface Viewport {
  readonly width: number;
  readonly height: number;
}

export interface WallGrid {
  readonly columns: number;
  /** Rows a screen shows (the wall scrolls when there are more tiles). */
  readonly rows: number;
  /** Size of one cell (tile plus gap). */
  readonly cellWidth: number;
  readonly cellHeight: number;
}

/** The grid of a layout in a viewport: N×N cells, or for `fit` as many FIT_TILE_MIN cells as fit (at least 1×1). */
export function wallGrid(layout: MultiviewLayout, viewport: Viewport): WallGrid {
  const width = Math.max(1, viewport.width);
  const height = Math.max(1, viewport.height);
  let columns: number;
  let rows: number;
  if (layout === 'fit') {
    columns = Math.max(1, Math.floor((width + TILE_GAP) / (FIT_TILE_MIN.width + TILE_GAP)));
    rows = Math.max(1, Math.floor((height + TILE_GAP) / (FIT_TILE_MIN.height + TILE_GAP)));
  } else {
    columns = rows = Number(layout.charAt(0));
  }
  return { columns, rows, cellWidth: width / columns, cellHeight: height / rows };
}

/** Tiles a screen of this grid holds. */
export function tilesPerScreen(grid: WallGrid): number {
  return grid.columns * grid.rows;
}

/** Height of the whole wall for `count` tiles (the scroll height). */
export function wallHeight(grid: WallGrid, count: number): number {
  return Math.ceil(count / grid.columns) * grid.cellHeight;
}

/** Rounding slack: a row that shows less than this much (px) is not drawn. */
const EDGE_PX = 0.5;

/**
 * The tile indexes [first, end) a scroll position shows: every row that intersects the viewport by
 * more than half a pixel. At scrollTop 0 that is exactly `rows` rows (tile count = layout).
 */
export function visibleTileRange(grid: WallGrid, count: number, scrollTop: number, viewportHeight: number): { first: number; end: number } {
  if (count <= 0) return { first: 0, end: 0 };
  const top = Math.max(0, scrollTop);
  const firstRow = Math.floor((top + EDGE_PX) / grid.cellHeight);
  const endRow = Math.ceil((top + viewportHeight - EDGE_PX) / grid.cellHeight);
  return { first: Math.min(count, firstRow * grid.columns), end: Math.min(count, Math.max(firstRow, endRow) * grid.columns) };
}

export interface TileBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The box of tile `index` on the screen (y relative to the viewport top at `scrollTop`), gaps inside the cell; whole px. */
export function tileBox(grid: WallGrid, index: number, scrollTop: number): TileBox {
  const column = index % grid.columns;
  const row = Math.floor(index / grid.columns);
  const x = Math.round(column * grid.cellWidth + TILE_GAP / 2);
  const y = Math.round(row * grid.cellHeight - scrollTop + TILE_GAP / 2);
  const right = Math.round((column + 1) * grid.cellWidth - TILE_GAP / 2);
  const bottom = Math.round((row + 1) * grid.cellHeight - scrollTop - TILE_GAP / 2);
  return { x, y, width: Math.max(1, right - x), height: Math.max(1, bottom - y) };
}

/** The tile under a point of the viewport, or null (outside the tiles, or in a gap). */
export function tileIndexAt(grid: WallGrid, count: number, scrollTop: number, x: number, y: number): number | null {
  if (x < 0 || y < 0) return null;
  const column = Math.floor(x / grid.cellWidth);
  const row = Math.floor((y + scrollTop) / grid.cellHeight);
  if (column >= grid.columns) return null;
  const index = row * grid.columns + column;
  if (index >= count) return null;
  const box = tileBox(grid, index, scrollTop);
  const inside = x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;
  return inside ? index : null;
}
