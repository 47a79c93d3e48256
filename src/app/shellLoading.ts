/**
 * The shell's chunk (drawer, menu, header, the fleet worker's client) and the guard's, loaded once
 * signed in (router.tsx). The sign-in page starts them while the user types, or at submit when it
 * was not idle before (signInPrefetch.ts), so they are in before the sign-in is answered, not after it beside the guard's
 * calls (docs/performance.md §7f, §7q: on a busy server each round trip costs 0.3–3 s, and the
 * browser opens at most 6 connections to it). The browser loads a module once: the route's own
 * import then finds it loaded or in flight.
 */
import { loadConsoleTexts } from '../i18n/i18n.ts';
import { loadQueryClient } from './queryClientLoader.ts';

export const loadShell = async () => (await import('./shell/Shell.tsx')).Shell;

/**
 * The guard (router.tsx's lazyGuardLoader) and with it the REST layer: every page but sign-in
 * needs it first, the sign-in page not at all (docs/performance.md §7q).
 */
export const loadGuard = () => import('./guard.ts');

/** The guard route's element (GuardRoot.tsx): it provides the QueryClient, so it is not part of the sign-in page either. */
export const loadGuardRoot = async () => (await import('./GuardRoot.tsx')).GuardRoot;

/**
 * Starts loading the guard, its route's element, the QueryClient and the console's English texts without
 * waiting (main.tsx, on any page but sign-in); a failure is left to the router's own load, which
 * retries.
 */
export function preloadGuard(): void {
  loadGuard().catch(() => undefined);
  loadGuardRoot().catch(() => undefined);
  loadQueryClient().catch(() => undefined);
  loadConsoleTexts().catch(() => undefined);
}

/** Starts loading the guard and the shell without waiting; a failure here is left to the route's own load, which retries (screenLoading.ts). */
export function preloadShell(): void {
  preloadGuard();
  loadShell().catch(() => undefined);
}
