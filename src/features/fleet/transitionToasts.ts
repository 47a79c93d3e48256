/**
 * Which transition notifications become toasts (spec 002 §9 "Toast notifications: max 5 shown,
 * default 3 s"). The worker already keeps only the transitions the user's unit alert settings turn
 * into notifications (alertSettings.ts); here they are paced: at most TOAST_MAX_VISIBLE toasts of
 * ours within one TOAST_DEFAULT_DURATION_MS window. A burst beyond that (a whole region dropping)
 * is summed up in one "and N more" toast instead of queueing hundreds of toasts behind the five.
 */
import { TOAST_DEFAULT_DURATION_MS, TOAST_MAX_VISIBLE } from '../../domain/constants.ts';

export interface Paced<T> {
  /** Shown now, one toast each. */
  readonly show: readonly T[];
  /** Left out of this window (summed up in one toast when > 0 and a slot is left for it). */
  readonly dropped: number;
  /** Show the "and N more" toast (some were dropped and a slot was left for it). */
  readonly summary: boolean;
  /** The show times (ms) still inside the window, including the toasts shown now. */
  readonly shownAt: readonly number[];
}

/**
 * Paces new notifications: `shownAt` are the times our earlier toasts were shown. Keeps the newest
 * notifications when there are more than free slots; one slot goes to the summary when any are
 * dropped.
 */
export function paceToasts<T>(
  incoming: readonly T[],
  shownAt: readonly number[],
  now: number,
  max: number = TOAST_MAX_VISIBLE,
  windowMs: number = TOAST_DEFAULT_DURATION_MS,
): Paced<T> {
  const live = shownAt.filter((at) => now - at < windowMs);
  const free = Math.max(0, max - live.length);
  if (incoming.length <= free) {
    return { show: incoming, dropped: 0, summary: false, shownAt: [...live, ...incoming.map(() => now)] };
  }
  // Over the limit: keep the newest `free - 1`, and one slot for the "and N more" summary.
  const keep = Math.max(0, free - 1);
  const show = keep === 0 ? [] : incoming.slice(-keep);
  const used = free === 0 ? 0 : show.length + 1;
  return { show, dropped: incoming.length - show.length, summary: free > 0, shownAt: [...live, ...Array.from({ length: used }, () => now)] };
}
