/**
 * The rows of a list of fixed-height rows that the viewport shows, plus `overscan` rows beyond
 * each edge: O(1) arithmetic on the scroll position. Why not a virtualizer's measurements: with
 * one height for every row there is nothing to measure, and @tanstack/react-virtual still built an
 * object per row (50,000 at 50k units) on the list's first render, in the main-thread task that
 * paints the first rows (docs/performance.md §7g).
 *
 * The rule is the one the list had with @tanstack/virtual-core (fixed size, one lane): every row
 * whose span [start, start + height) meets the viewport [scrollY, scrollY + viewportHeight); when
 * none does (the body below or above the viewport), the nearest row (the first, or the last).
 * All lengths in CSS px; `bodyTop` is the body's distance from the top of the page.
 */

/** First and last row index to mount (inclusive, overscan included); last < first when there is none. */
export interface RowRange {
  readonly first: number;
  readonly last: number;
}

export const NO_ROWS: RowRange = { first: 0, last: -1 };

export interface Viewport {
  /** window.scrollY (px, may be fractional under zoom). */
  readonly scrollY: number;
  /** window.innerHeight (px). */
  readonly height: number;
}

export function rowRange(count: number, rowHeight: number, overscan: number, bodyTop: number, viewport: Viewport): RowRange {
  if (count <= 0) return NO_ROWS;
  if (!(rowHeight > 0)) throw new RangeError(`row range: the row height must be above 0 px, got ${rowHeight}`);
  const lastIndex = count - 1;
  const from = viewport.scrollY - bodyTop; // the viewport's top, in px from the body's top
  const to = from + viewport.height;
  // The first row whose end is past the viewport's top, the last whose start is before its bottom.
  let first = Math.min(lastIndex, Math.max(0, Math.floor(from / rowHeight)));
  let last = Math.min(lastIndex, Math.max(0, Math.ceil(to / rowHeight) - 1));
  if (last < first) last = first; // an empty viewport: the nearest row
  first = Math.max(0, first - Math.max(0, overscan));
  last = Math.min(lastIndex, last + Math.max(0, overscan));
  return { first, last };
}
