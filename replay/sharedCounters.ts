/**
 * The counters the parallel summary reader's threads share (an Int32Array on a SharedArrayBuffer):
 * the next chunk to claim, the stop flag, and how many chunk messages the reader threads posted
 * (the main thread waits on it with Atomics.waitAsync instead of polling).
 */
export type SharedCounters = Int32Array;

const NEXT_CHUNK = 0;
const STOP = 1;
const POSTED = 2;

export function createSharedCounters(): SharedCounters {
  return new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT));
}

/** The next unclaimed chunk (each chunk is claimed once; past the last one, the count goes on). */
export function claimChunk(counters: SharedCounters): number {
  return Atomics.add(counters, NEXT_CHUNK, 1);
}

export function requestStop(counters: SharedCounters): void {
  Atomics.store(counters, STOP, 1);
}

export function stopRequested(counters: SharedCounters): boolean {
  return Atomics.load(counters, STOP) !== 0;
}

/** A reader thread posted a chunk message (after postMessage): wakes the main thread. */
export function notePosted(counters: SharedCounters): void {
  Atomics.add(counters, POSTED, 1);
  Atomics.notify(counters, POSTED);
}

export function postedCount(counters: SharedCounters): number {
  return Atomics.load(counters, POSTED);
}

/** Atomics.waitAsync (Node ≥ 16; the project's TypeScript lib predates it). */
type WaitAsync = (array: Int32Array, index: number, value: number) => { async: false; value: string } | { async: true; value: Promise<string> };

/** Resolves once the posted count is no longer `seen` (at once when it already moved). */
export function postedSince(counters: SharedCounters, seen: number): Promise<unknown> {
  const wait = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync(counters, POSTED, seen);
  return wait.async ? wait.value : Promise.resolve();
}
