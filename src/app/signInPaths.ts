/**
 * The sign-in page's path and the `next` page it returns to: what the sign-in page, the router and
 * the 401 handler share with the guard, in a module of their own so that the sign-in page does not
 * load the guard (guard.ts loads with the first guarded navigation; docs/performance.md §7q).
 */
export const SIGN_IN_PATH = '/login';

/** The sign-in page, remembering where to go after it (a same-site path only). */
export function signInPath(next: string | null): string {
  return next === null || next === '/' || !isSafeNext(next) ? SIGN_IN_PATH : `${SIGN_IN_PATH}?next=${encodeURIComponent(next)}`;
}

/** A path on this site: starts with one slash (never "//host" or a scheme), no backslash tricks. */
export function isSafeNext(next: string): boolean {
  return next.startsWith('/') && !next.startsWith('//') && !next.includes('\\') && !next.startsWith(SIGN_IN_PATH);
}
