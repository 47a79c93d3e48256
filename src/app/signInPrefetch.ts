/**
 * What a sign-in needs next, loaded while the user types (issue 15 item 6, docs/performance.md
 * §7q): the sign-in page shows with its own JavaScript only (the form, the texts before the guard),
 * and once the browser is idle it asks for the rest: the guard, the REST layer and the console's
 * texts (preloadShell), the landing screen (with its texts when it has its own, screens.ts), the
 * sign-in answer's decoder and the fleet worker's script. Loaded on submit instead, these ~300 kB
 * competed with the sign-in request itself on a busy server (its answer came ~400 ms later,
 * startupProbe); loaded before the form shows, they delayed the form. A submit before the page
 * was idle runs it at once, right after the sign-in request
 * (SignInPrefetch.now); it runs once either way.
 */
import { preloadSignInDecoder } from '../api/signIn.ts';
import { prefetchFleetWorker } from '../fleet/workerPrefetch.ts';
import { preloadLandingScreen } from './landingPreload.ts';
import { preloadShell } from './shellLoading.ts';

/** The mark set when the prefetch starts: the bench counts the sign-in page's own scripts up to it (bench/ui/startup.ts). */
export const SIGN_IN_PREFETCH_MARK = 'luc:sign-in-prefetch';

/** At most this long (ms) waiting for an idle moment: a page kept busy still prefetches. */
const IDLE_TIMEOUT_MS = 1_000;

/** A prefetch waiting for an idle moment. */
export interface SignInPrefetch {
  /** Runs it now unless it has run: a submit before the page was idle (call it after sending the sign-in, which then goes first). */
  now(): void;
  /** Drops it if it has not started (the page left). */
  cancel(): void;
}

/** Schedules the prefetch for the browser's next idle moment; it runs once, then or at `now()`. */
export function prefetchAfterSignInPage(next: string | null): SignInPrefetch {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    performance.mark(SIGN_IN_PREFETCH_MARK);
    preloadShell();
    preloadLandingScreen(next);
    preloadSignInDecoder();
    prefetchFleetWorker();
  };
  let cancel: () => void;
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS });
    cancel = () => cancelIdleCallback(id);
  } else {
    const id = setTimeout(start, 0); // no requestIdleCallback (Safari before 18.2)
    cancel = () => clearTimeout(id);
  }
  return {
    now: () => {
      cancel();
      start();
    },
    cancel,
  };
}
