/**
 * The unit table's mounted rows in whole blocks: the virtualizer's range (the rows on screen plus
 * its overscan) widened to block boundaries. While the page scrolls, the virtualizer's range moves
 * at every row edge crossed (at the bench's wheel, 240 px every 50 ms, ~117 rows a second: every
 * frame); the block range moves once every ROW_BLOCK rows, so the table re-renders, and the browser
 * styles, lays out and paints new rows, in one frame of ROW_BLOCK rows instead of in every frame
 * (docs/performance.md §5k). Pure: no DOM, no React.
 */

/** Rows per block (41 px rows: 328 px, about one and a third wheel steps of 240 px). */
export const ROW_BLOCK = 8;

/** First and last row index to mount (inclusive); last < first when there is none. */
export interface RowRange {
  readonly first: number;
  readonly last: number;
}

export const NO_ROWS: RowRange = { first: 0, last: -1 };

/**
 * The smallest range of whole blocks (the last one cut at `count`) that holds rows first..last:
 * first rounded down to a multiple of `block`, last rounded up to one less than a multiple. An
 * empty range (last < first, or no rows) gives NO_ROWS.
 */
export function blockRange(range: RowRange, count: number, block: number = ROW_BLOCK): RowRange {
  if (!Number.isInteger(block) || block < 1) throw new RangeError(`blockRange: block must be a positive integer, got ${block}`);
  if (count <= 0 || range.last < range.first) return NO_ROWS;
  const first = Math.max(0, Math.floor(range.first / block) * block);
  const last = Math.min(count - 1, (Math.floor(range.last / block) + 1) * block - 1);
  return first > last ? NO_ROWS : { first, last };
}

export function sameRange(a: RowRange, b: RowRange): boolean {
  return a.first === b.first && a.last === b.last;
}
