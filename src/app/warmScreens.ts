/**
 * The unit list's sibling screens (multiview, map) loaded in the background once the list has
 * shown its rows and the page is idle (issue 15 item 4: each screen open and drawn within 2 s;
 * docs/performance.md §5c). Their chunks (OpenLayers alone is most of a megabyte) otherwise start
 * downloading at the menu click, from a server that the 60,000 events/s simulator keeps busy:
 * 10-28 s before the screen could draw. Loaded here, the click finds the modules ready (the
 * route's `lazy` calls the same `import()`, which the browser resolves from its module map).
 *
 * Start-up (issue 15 item 6): the warm-up begins WARM_AFTER_MS after the first rows, so it is not
 * part of what the sign-in and the first list wait for; bench/ui/startup.ts counts the scripts
 * loaded until the full list is painted, which is before it. A failed warm-up is left alone: the
 * screen's own load (router.tsx, loadWithRetry) fetches again, with its retries, when opened.
 */
import { useEffect } from 'react';
import type { RouteName } from '../domain/roles/routes.ts';
import { SCREENS } from './screens.ts';

/** Screens warmed from the unit list, in order: the ones its menu neighbours open. */
export const WARMED_FROM_LIST: readonly RouteName[] = ['MultiView', 'UnitMap'];
/** Time after the first rows before the warm-up starts (ms): the first list and its full order come first. */
export const WARM_AFTER_MS = 3_000;
/** An idle callback is waited for at most this long (ms); a page never idle still warms. */
const IDLE_TIMEOUT_MS = 2_000;

/** How the warm-up waits: a timer, then an idle period (both injectable for tests). */
export type WarmScheduler = {
  readonly after: (ms: number, run: () => void) => () => void;
  readonly idle: (run: () => void) => () => void;
};

const browserScheduler: WarmScheduler = {
  after: (ms, run) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
  idle: (run) => {
    if (typeof requestIdleCallback !== 'function') return browserScheduler.after(0, run);
    const handle = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  },
};

/** The screens this page has warmed (or is warming). */
const warmedInPage = new Set<RouteName>();

/**
 * Loads each screen of `names` not in `warmed`, one after another, after `delayMs` and an idle
 * period. Returns a cancel for what has not started yet (a load started runs to its end).
 */
export function warmScreens(
  names: readonly RouteName[],
  delayMs: number = WARM_AFTER_MS,
  scheduler: WarmScheduler = browserScheduler,
  screens: typeof SCREENS = SCREENS,
  warmed: Set<RouteName> = warmedInPage,
): () => void {
  let cancelled = false;
  let cancelWait = scheduler.after(delayMs, () => {
    cancelWait = scheduler.idle(() => void loadInTurn());
  });
  const loadInTurn = async (): Promise<void> => {
    for (const name of names) {
      const load = screens[name];
      if (cancelled || load === undefined || warmed.has(name)) continue;
      warmed.add(name);
      // Not awaited as an error: the screen's own load retries when it is opened.
      await load().catch(() => warmed.delete(name));
    }
  };
  return () => {
    cancelled = true;
    cancelWait();
  };
}

/** Warms `names` once `ready` turns true (the list has rows); leaving the screen first cancels it. */
export function useWarmScreens(names: readonly RouteName[], ready: boolean): void {
  useEffect(() => (ready ? warmScreens(names) : undefined), [names, ready]);
}
