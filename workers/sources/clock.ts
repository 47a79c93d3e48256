/**
 * The injected time of the worker's modules (issue 4: the model and pipeline run unchanged in Node):
 * nothing under workers/ reads Date.now, setTimeout or Math.random directly; the worker entry and
 * the tests pass these in (tests with fake time and a seeded random).
 */
export interface Clock {
  /** ms since the epoch. */
  now(): number;
}

export type TimerId = unknown;

export interface Timers {
  setTimeout(callback: () => void, ms: number): TimerId;
  clearTimeout(id: TimerId): void;
}

/** Real time, for the worker entry and Node tools. */
export const systemClock: Clock = { now: () => Date.now() };

export const systemTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};
