/**
 * Live diffs applied with a time budget per animation frame (issue 15 item 4: frames under a
 * 60,000 events/s stream).
 *
 * Why: at 50,000 units and 60,000 events/s the worker's diff of one frame holds ~1,000 changed
 * units (up to MAX_UNITS_PER_DIFF = 1,500), and the store applies a patch in ~27 µs and a whole view
 * in ~16 µs (docs/performance.md §5): 25-40 ms of main-thread work in one task, so every frame
 * missed its 16.7 ms and the list dropped one or two frames in three.
 *
 * How: a diff whose units and patches fit in one slice (APPLY_SLICE_UNITS) is applied at once, as
 * before. A larger one is cut into slices: the first carries everything else of the diff (removed
 * units, channels, servers, counters, connection, notifications...) with the first units; slices
 * are applied while the frame's budget (APPLY_BUDGET_MS) lasts, the rest in the next frames. The
 * promise answering the worker resolves only after the last slice: until then the worker holds
 * its next diff back and keeps gathering changes per unit (its model's pending set), i.e. a UI
 * slower than the stream gets, per unit, the latest state rather than every step, with no O(n)
 * work on the main thread. Snapshots (diff.reset) are not sliced: the first list's path is its own.
 */
import type { FleetDiff, UnitPatch, UnitView } from '../../workers/pipeline/diff.ts';
import { decodeDiffUnits, diffPatchRows, NO_CHANGES } from '../../workers/pipeline/diff.ts';

/** Main-thread time per frame for applying live diffs (ms): leaves ~10 ms of the 16.7 ms frame to React, layout and paint. */
export const APPLY_BUDGET_MS = 6;
/** Units (whole views or patches) per slice: ~1-2 ms at 16-27 µs each, so a slice never overruns the budget by much. */
export const APPLY_SLICE_UNITS = 64;

export interface PacingDeps {
  /** performance.now() (ms). */
  now(): number;
  /** Runs `work` at the next animation frame (requestAnimationFrame). */
  nextFrame(work: () => void): void;
  budgetMs?: number;
  sliceUnits?: number;
}

/**
 * The slices of a diff, in order; together they apply what the diff applies. Patches that came as
 * columns stay columns: each slice names its rows of the buffer, read once here (PatchRows), so
 * no patch object is made per row (docs/performance.md §5i).
 */
export function sliceDiff(diff: FleetDiff, sliceUnits: number): FleetDiff[] {
  const units: readonly UnitView[] = decodeDiffUnits(diff);
  const rows = diffPatchRows(diff);
  const patches: readonly UnitPatch[] = rows === null ? (diff.patches ?? []) : [];
  const patchCount = rows === null ? patches.length : rows.to - rows.from;
  const size = Math.max(1, Math.floor(sliceUnits));
  const slices: FleetDiff[] = [];
  for (let start = 0; start === 0 || start < units.length + patchCount; start += size) {
    const end = start + size;
    const sliceViews = units.slice(start, end);
    // This slice's share of the patches, as offsets from the first patch.
    const first = Math.min(patchCount, Math.max(0, start - units.length));
    const last = Math.min(patchCount, Math.max(0, end - units.length));
    const base = start === 0 ? diff : { ...diff, ...NO_CHANGES };
    const slice: FleetDiff =
      rows === null
        ? { ...base, units: sliceViews, unitsBuffer: null, patches: patches.slice(first, last), patchesBuffer: null }
        : { ...base, units: sliceViews, unitsBuffer: null, patches: [], patchesBuffer: null, patchRows: { columns: rows.columns, from: rows.from + first, to: rows.from + last } };
    slices.push(slice);
  }
  return slices;
}

/**
 * Wraps a diff callback: small diffs and snapshots go through at once; a large live diff is applied
 * in slices within the frame budget, and the returned promise resolves after its last slice.
 */
export function pacedApply(apply: (diff: FleetDiff) => void, deps: PacingDeps): (diff: FleetDiff) => void | Promise<void> {
  const budget = deps.budgetMs ?? APPLY_BUDGET_MS;
  const sliceUnits = deps.sliceUnits ?? APPLY_SLICE_UNITS;
  // Inside a split snapshot: from its first part (reset + continued) to the first diff without `continued`.
  let snapshotSplit = false;
  return (diff) => {
    const count = (diff.unitsBuffer === null ? diff.units.length : Number.POSITIVE_INFINITY) + (diff.patchesBuffer ? Number.POSITIVE_INFINITY : (diff.patches?.length ?? 0));
    snapshotSplit = diff.continued === true && (diff.reset || snapshotSplit);
    // A snapshot, or a part of a split one (the store tells the views once its last part is in), goes whole.
    // A live change split by the worker (its parts `continued` too, ≤ MAX_UNITS_PER_DIFF units each) is paced like any live diff:
    // applied whole, a 1,500-unit part was a 40-150 ms task, which made the next diff larger (docs/performance.md §5j).
    if (diff.reset || diff.snapshot !== undefined || snapshotSplit || count <= sliceUnits) {
      apply(diff);
      return undefined;
    }
    const slices = sliceDiff(diff, sliceUnits);
    let next = 0;
    const runFor = (started: number): boolean => {
      do {
        apply(slices[next] as FleetDiff);
        next += 1;
      } while (next < slices.length && deps.now() - started < budget);
      return next === slices.length;
    };
    if (runFor(deps.now())) return undefined;
    return new Promise<void>((resolve, reject) => {
      const frame = (): void => {
        try {
          if (runFor(deps.now())) resolve();
          else deps.nextFrame(frame);
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      };
      deps.nextFrame(frame);
    });
  };
}
