/**
 * The screen a sign-in will land on, loaded while the user types (signInPrefetch.ts; issue 15 item 6:
 * sign-in submitted → first list rows ≤ 2 s). Before, the landing screen's chunk and the ~20 chunks
 * it imports were asked for only once the guard had decided where to go, after the sign-in answer
 * and the guard's two calls: 0.43 s of the bench's 2.28 s (docs/performance.md §7p), one wave of 6
 * requests after another to a server whose event loop is busy with the simulator.
 *
 * Which screen: the page that sent the user to sign in (`next`), else the screen this browser last
 * saw the user's route saved on (spec 000 §2 restores it at start; kept here as a hint, since the
 * saved route comes from the server only after sign-in), else the unit list (the guard's default).
 * A wrong guess costs one screen's chunks downloaded for nothing; the route's own load finds the
 * right one loaded or in flight either way (the browser loads a module once).
 */
import type { RouteName } from '../domain/roles/routes.ts';
import { matchRoute, ROUTES } from '../domain/roles/routes.ts';
import { loadWithRetry } from './screenLoading.ts';

/**
 * The routes with a screen: every route inside the shell (screens.test.ts), named here rather than
 * read from the screens' loaders (consoleScreens.ts, screens.ts), which the sign-in page does not
 * need to show.
 */
const SCREEN_ROUTES: ReadonlySet<string> = new Set(ROUTES.filter((route) => route.parent !== 'top').map((route) => route.name));

/** Where the hint is kept (localStorage: per browser, like the session cookie). */
export const LANDING_HINT_KEY = 'luc.landingScreen';
/** The guard's landing when nothing else is known (guard.ts rule 8: the unit list). */
const DEFAULT_LANDING: RouteName = 'UnitList';

/** The screen to load for a sign-in: `next`'s screen, else the hint's, else the unit list. Pure. */
export function landingScreenOf(next: string | null, hint: string | null): RouteName {
  if (next !== null) {
    const name = matchRoute(next.split(/[?#]/, 1)[0] ?? next)?.route.name; // next is a path with its query (signInPaths.ts signInPath)
    if (name !== undefined && SCREEN_ROUTES.has(name)) return name;
  }
  if (hint !== null && SCREEN_ROUTES.has(hint)) return hint as RouteName;
  return DEFAULT_LANDING;
}

/** The screen this page last wrote as the hint: the guard runs on every navigation, the storage is written only on a change. */
let remembered: RouteName | null = null;

/** Notes the screen of a route whose preference was just saved (guard.ts saveRoute): the next sign-in's guess. */
export function rememberLandingRoute(pathname: string): void {
  const name = matchRoute(pathname)?.route.name;
  if (name === undefined || !SCREEN_ROUTES.has(name) || name === remembered) return;
  try {
    localStorage.setItem(LANDING_HINT_KEY, name);
    remembered = name;
  } catch {
    // Storage full or refused (private mode): the next sign-in guesses the unit list.
  }
}

function storedHint(): string | null {
  try {
    return localStorage.getItem(LANDING_HINT_KEY);
  } catch {
    return null;
  }
}

/** Starts loading the landing screen without waiting; a failure is left to the route's own load, which retries (screenLoading.ts). */
export function preloadLandingScreen(next: string | null): void {
  const name = landingScreenOf(next, storedHint());
  loadWithRetry(() => import('./consoleScreens.ts'))
    .then(({ screenLoaderOf }) => screenLoaderOf(name))
    .then((load) => load?.())
    .catch(() => undefined);
}
