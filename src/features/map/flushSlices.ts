/**
 * One frame's slice of a long walk over a list (the map's refresh putting its changed units on
 * the cluster grid, createUnitMap.ts). The first refresh after the map opens carries every unit
 * the first read found (50,000 at the bench's fleet): put on the grid in one go it was a
 * 230-340 ms task (docs/performance.md §5d, §5g); in slices of FLUSH_SLICE_MS a frame it is many
 * short ones. Pure: the work and the clock are given.
 */

/**
 * Time given per frame to putting a refresh's units on the grid (ms): a quarter of a 60 Hz frame,
 * beside the positions' own reads (READ_SLICE_MS), the stream's diffs and the drawing.
 */
export const FLUSH_SLICE_MS = 4;
/** Items done between two looks at the clock (a grid put is ~1-5 µs: 256 of them ≤ ~1.3 ms). */
export const FLUSH_CHUNK = 256;

/**
 * Does `work(from, to)` over consecutive ranges of `[from, count)`, at most `chunk` items each,
 * until all are done or `budgetMs` has passed since the call (the range under way is finished:
 * the budget may be overrun by one chunk). Answers where the next slice starts (`count`: done).
 * At least one range is done when any is left, so a slow clock cannot stall the walk.
 */
export function runSlice(count: number, from: number, work: (from: number, to: number) => void, budgetMs: number, now: () => number, chunk = FLUSH_CHUNK): number {
  if (!(chunk >= 1)) throw new RangeError(`chunk must be at least 1, got ${chunk}`);
  const started = now();
  let at = from;
  while (at < count) {
    const to = Math.min(count, at + chunk);
    work(at, to);
    at = to;
    if (now() - started >= budgetMs) break;
  }
  return at;
}
