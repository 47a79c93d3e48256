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
  /** Runs `work` at or after the next animation frame (the console: afterNextFrame, a task right after the paint). */
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
 * Runs `work` in a task of its own right after the next frame is painted: requestAnimationFrame,
 * then a MessageChannel message posted from it (a task, not a microtask, so the frame's style,
 * layout and paint run first). Slices applied inside the rAF callback itself delayed that frame's
 * paint by their whole budget (6 ms of a 16.7 ms frame); after the paint they use the frame's idle
 * time and the list's own rAF render in the next frame sees them.
 */
export function afterNextFrame(requestFrame: (callback: () => void) => unknown, channel: MessageChannel): (work: () => void) => void {
  const waiting: (() => void)[] = [];
  channel.port1.onmessage = () => waiting.shift()?.();
  return (work) => {
    requestFrame(() => {
      waiting.push(work);
      channel.port2.postMessage(null);
    });
  };
}

/**
 * Wraps a diff callback: small diffs and snapshots go through at once; a large live diff is applied
 * in slices within the frame budget, and the returned promise resolves after its last slice.
 *
 * Diffs are applied in the order they came, whole: one that arrives while an earlier one's slices
 * still wait (the worker posts up to SPLIT_PARTS_IN_FLIGHT parts of a split change before their
 * answers, workers/pipeline/fleetPipeline.ts) waits behind them, and its answer comes after theirs.
 * Applied at once instead, a later part overtook the earlier one's remaining slices.
 */
export function pacedApply(apply: (diff: FleetDiff) => void, deps: PacingDeps): (diff: FleetDiff) => void | Promise<void> {
  // True from a diff's first slice to its last while its slices wait for frames.
  let running = false;
  const queued: { diff: FleetDiff; resolve: () => void; reject: (error: unknown) => void }[] = [];
  const start = (diff: FleetDiff): void | Promise<void> => {
    const answer = applyPaced(diff);
    if (answer !== undefined) running = true;
    return answer;
  };
  // The next queued diffs, from the frame after the one that ended the last: small ones at once, up to the next paced one.
  const drain = (): void => {
    while (!running && queued.length > 0) {
      const entry = queued.shift() as (typeof queued)[number];
      try {
        const answer = start(entry.diff);
        if (answer === undefined) entry.resolve();
        else answer.then(entry.resolve, entry.reject);
      } catch (error) {
        entry.reject(error);
      }
    }
  };
  const applyPaced = pacedApplyAlone(apply, deps, () => {
    running = false;
    if (queued.length > 0) deps.nextFrame(drain);
  });
  return (diff) => {
    if (running || queued.length > 0) return new Promise<void>((resolve, reject) => queued.push({ diff, resolve, reject }));
    return start(diff);
  };
}

/** pacedApply for one diff at a time (the caller keeps them in order); `ended` is told synchronously as a paced diff's last slice is applied or fails. */
function pacedApplyAlone(apply: (diff: FleetDiff) => void, deps: PacingDeps, ended: () => void): (diff: FleetDiff) => void | Promise<void> {
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
          if (runFor(deps.now())) {
            ended();
            resolve();
          } else deps.nextFrame(frame);
        } catch (error) {
          ended();
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      };
      deps.nextFrame(frame);
    });
  };
}
