/**
 * What a sign-in needs next, loaded while the user types (issue 15 item 6, docs/performance.md
 * §7q): the sign-in page shows with its own JavaScript only (the form, the texts before the guard),
 * and once the browser is idle it asks for the rest: the guard, the REST layer and every text
 * (preloadShell), the landing screen, the sign-in answer's decoder and the fleet worker's script.
 * Loaded on submit instead, these ~300 kB competed with the sign-in request itself on a busy
 * server (its answer came ~400 ms later, startupProbe); loaded before the form shows, they delayed
 * the form. The browser loads a module once: submit's own preloads then find them loaded.
 */
import { preloadSignInDecoder } from '../api/signIn.ts';
import { prefetchFleetWorker } from '../fleet/workerPrefetch.ts';
import { preloadLandingScreen } from './landingPreload.ts';
import { preloadShell } from './shellLoading.ts';

/** The mark set when the prefetch starts: the bench counts the sign-in page's own scripts up to it (bench/ui/startup.ts). */
export const SIGN_IN_PREFETCH_MARK = 'luc:sign-in-prefetch';

/** At most this long (ms) waiting for an idle moment: a page kept busy still prefetches. */
const IDLE_TIMEOUT_MS = 1_000;

/** Starts the prefetch at the browser's next idle moment; the returned function cancels it if it has not started. */
export function prefetchAfterSignInPage(next: string | null): () => void {
  const start = () => {
    performance.mark(SIGN_IN_PREFETCH_MARK);
    preloadShell();
    preloadLandingScreen(next);
    preloadSignInDecoder();
    prefetchFleetWorker();
  };
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(start, 0); // no requestIdleCallback (Safari before 18.2)
  return () => clearTimeout(id);
}
