/** The spec's timed-retry helper (001 §4, 000 §9), timer-free: the caller injects the scheduler. */
import { RETRY_HELPER_INTERVAL_MS, RETRY_HELPER_REPEATS } from './constants.ts';

/** Runs `run` after `delayMs`; returns a function that cancels it. setTimeout in the app, a fake in tests. */
export type Schedule = (run: () => void, delayMs: number) => () => void;

export interface TimedRetryOptions {
  /** Interval between runs; default 1000 ms. */
  readonly intervalMs?: number;
  /** Maximum number of runs of the action; default 5. */
  readonly repeats?: number;
}

export interface TimedRetryOutcome {
  /** 'stopped' when the action returned false, 'exhausted' when all repeats ran. */
  readonly reason: 'stopped' | 'exhausted';
  /** How many times the action ran. */
  readonly runs: number;
}

/**
 * spec 001 §4: "an action runs at an interval (default 1 s, up to 5 repeats), stops when the
 * action returns false, then an end action runs". The first run comes one interval after the
 * call; `end` runs exactly once unless cancel() is called first (then neither runs again).
 * With repeats 0 the action never runs and end runs after one interval.
 */
export function runTimedRetry(
  action: () => boolean,
  end: (outcome: TimedRetryOutcome) => void,
  { intervalMs = RETRY_HELPER_INTERVAL_MS, repeats = RETRY_HELPER_REPEATS }: TimedRetryOptions,
  schedule: Schedule,
): () => void {
  let runs = 0;
  let cancelPending: (() => void) | null = null;

  const tick = (): void => {
    cancelPending = null;
    if (runs >= repeats) {
      end({ reason: 'exhausted', runs });
      return;
    }
    runs += 1;
    if (!action()) {
      end({ reason: 'stopped', runs });
      return;
    }
    if (runs >= repeats) {
      end({ reason: 'exhausted', runs });
      return;
    }
    cancelPending = schedule(tick, intervalMs);
  };

  cancelPending = schedule(tick, intervalMs);
  return () => {
    cancelPending?.();
    cancelPending = null;
  };
}
