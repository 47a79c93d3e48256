/**
 * Session facts the router needs that no server call holds (spec 000 §2, 002 §2):
 * - whether the next navigation is the first of the session (the last route is restored only then);
 * - whether the user postponed the password notice ("unless the user postponed it"); kept in
 *   sessionStorage per user, so it lasts until this tab signs out (then the notice comes back at
 *   the next sign-in);
 * - whether this tab signed out without the server's answer (below).
 */

let initialNavigationPending = true;

/** A new session starts (application start, sign-in, return to sign-in): the next navigation may restore the last route. */
export function markSessionStart(): void {
  initialNavigationPending = true;
}

export function isInitialNavigation(): boolean {
  return initialNavigationPending;
}

/** The user reached a page of the console: later navigations to / open the unit list. */
export function markInitialNavigationDone(): void {
  initialNavigationPending = false;
}

const POSTPONE_KEY_PREFIX = 'luc.passwordNoticePostponed.';

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null; // storage disabled: the notice simply shows again
  }
}

export function isPasswordNoticePostponed(userId: string): boolean {
  return storage()?.getItem(POSTPONE_KEY_PREFIX + userId) === '1';
}

export function postponePasswordNotice(userId: string): void {
  storage()?.setItem(POSTPONE_KEY_PREFIX + userId, '1');
}

export function clearPasswordNoticePostponement(userId: string): void {
  storage()?.removeItem(POSTPONE_KEY_PREFIX + userId);
}

const SIGNED_OUT_HERE_KEY = 'luc.signedOutHere';

/**
 * A sign-out whose call did not reach the server leaves the session cookie alive (it is HttpOnly:
 * only the server ends it), so the sign-in page would find the session and send the user straight
 * back. Noted for this tab (sessionStorage: a reload keeps it), this tab acts signed out (the guard
 * and the sign-in page do not use the session) until the user signs in here again.
 */
export function markSignedOutHere(): void {
  storage()?.setItem(SIGNED_OUT_HERE_KEY, '1');
}

export function isSignedOutHere(): boolean {
  return storage()?.getItem(SIGNED_OUT_HERE_KEY) === '1';
}

export function clearSignedOutHere(): void {
  storage()?.removeItem(SIGNED_OUT_HERE_KEY);
}
