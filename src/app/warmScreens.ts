/**
 * The unit list's sibling screens (multiview, map) loaded in the background once the list has
 * shown its rows and the page is idle (issue 15 item 4: each screen open and drawn within 2 s;
 * docs/performance.md §5c). Their chunks (OpenLayers alone is most of a megabyte) otherwise start
 * downloading at the menu click, from a server that the 60,000 events/s simulator keeps busy:
 * 10-28 s before the screen could draw. Loaded here, the click finds the modules ready (the
 * route's `lazy` calls the same `import()`, which the browser resolves from its module map).
 *
 * It begins WARM_AFTER_MS after the first rows, once the user has not scrolled or typed for
 * INPUT_QUIET_MS: not in what the sign-in and the first list wait for (issue 15 item 6;
 * bench/ui/startup.ts counts the scripts loaded until the full list is painted, before it), nor in
 * a scroll's frames. A failed warm-up is left alone: the
 * screen's own load (router.tsx, loadWithRetry) fetches again, with its retries, when opened.
 */
import { useEffect } from 'react';
import type { RouteName } from '../domain/roles/routes.ts';
import { CONSOLE_SCREENS, type ScreenLoaders } from './consoleScreens.ts';

/** Screens warmed from the unit list, in order: the ones its menu neighbours open. */
export const WARMED_FROM_LIST: readonly RouteName[] = ['MultiView', 'UnitMap'];
/** Time after the first rows before the warm-up starts (ms): the first list and its full order come first. */
export const WARM_AFTER_MS = 3_000;
/** An idle callback is waited for at most this long (ms); a page never idle still warms. */
const IDLE_TIMEOUT_MS = 2_000;
/**
 * The warm-up waits until the user has not scrolled, pressed or typed for this long (ms): the
 * modules' evaluation is main-thread work (tens of ms for OpenLayers) that must not land in the
 * frames of a scroll.
 */
export const INPUT_QUIET_MS = 1_000;
/** Events that mean the user is working the page. */
const INPUT_EVENTS = ['wheel', 'scroll', 'pointerdown', 'keydown', 'touchmove'] as const;

/** How the warm-up waits: a timer, then a quiet, idle moment (both injectable for tests). */
export type WarmScheduler = {
  readonly after: (ms: number, run: () => void) => () => void;
  readonly idle: (run: () => void) => () => void;
};

let lastInputAt = Number.NEGATIVE_INFINITY;
let listening = false;

/** Starts noting the time of the last input (passive listeners, once per page). */
function noteInput(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  const note = (): void => {
    lastInputAt = performance.now();
  };
  for (const type of INPUT_EVENTS) window.addEventListener(type, note, { capture: true, passive: true });
}

const browserScheduler: WarmScheduler = {
  after: (ms, run) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
  // No input for INPUT_QUIET_MS, then an idle callback; input meanwhile starts the wait again.
  idle: (run) => {
    noteInput();
    let cancel = (): void => undefined;
    const wait = (): void => {
      const quietFor = performance.now() - lastInputAt;
      if (quietFor < INPUT_QUIET_MS) {
        cancel = browserScheduler.after(INPUT_QUIET_MS - quietFor, wait);
        return;
      }
      if (typeof requestIdleCallback !== 'function') {
        cancel = browserScheduler.after(0, run);
        return;
      }
      const handle = requestIdleCallback(() => (performance.now() - lastInputAt < INPUT_QUIET_MS ? wait() : run()), { timeout: IDLE_TIMEOUT_MS });
      cancel = () => cancelIdleCallback(handle);
    };
    wait();
    return () => cancel();
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
  screens: ScreenLoaders = CONSOLE_SCREENS,
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
