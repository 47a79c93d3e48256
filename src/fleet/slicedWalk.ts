/**
 * One walk over a snapshot's units in time slices (docs/performance.md §7d): the store's first
 * snapshot put in its Map, and a later snapshot's views parsed, both after the paint, so that no
 * task comes near the 50 ms of a long task. `step(index)` runs for each index from `from` to
 * `count - 1`; a slice stops once it has run `budgetMs` (the clock is read every CHECK_EVERY steps:
 * performance.now() costs about as much as a short step) and hands the rest to `later`, a task of
 * its own, with `sliceMs`. A walk no longer `current()` (a newer snapshot took over, or the walk
 * was finished at once) stops where it is; `finish()` runs once, after the last step.
 */
export interface SlicedWalk {
  /** Indices to walk (0 to count - 1). */
  readonly count: number;
  /** False once the walk is no longer wanted: its later slices do nothing. */
  current(): boolean;
  step(index: number): void;
  /** After the last step. */
  finish(): void;
}

/** Steps between two reads of the clock. */
export const CHECK_EVERY = 64;

/** Runs `later` work in a task of its own. */
export type Later = (work: () => void) => void;

/**
 * The next task, at once (MessageChannel: no 4 ms clamp as a nested setTimeout has, no wait for a
 * frame): a walk's slices after its first run back to back, each a task of its own, so the browser
 * still renders and handles input between them (it does between tasks) while the walk takes the
 * main thread's spare time, not one slice per frame (docs/performance.md §7j: at one 8 ms slice per
 * frame, 50,000 views took 3–10 s of wall time on the loaded machine for ~1 s of CPU).
 */
export function nextTask(work: () => void): void {
  if (typeof MessageChannel !== 'function') {
    setTimeout(work, 0);
    return;
  }
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    work();
  };
  channel.port2.postMessage(null);
}

/**
 * Walks `walk` from index `from` for `budgetMs` (Infinity: to the end, now), then in slices of
 * `sliceMs` (ms), one per `later` task.
 */
export function walkInSlices(walk: SlicedWalk, from: number, budgetMs: number, sliceMs: number, later: Later): void {
  if (!walk.current()) return;
  const started = performance.now();
  const count = walk.count;
  let index = from;
  while (index < count) {
    walk.step(index);
    index += 1;
    if (index % CHECK_EVERY === 0 && performance.now() - started >= budgetMs) break;
  }
  if (index < count) later(() => walkInSlices(walk, index, sliceMs, sliceMs, later));
  else walk.finish();
}
