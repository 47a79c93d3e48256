/**
 * spec 002 §8 "HTTP 401 on any call: the browser is sent to the login page": the reaction the
 * router registers with the REST client. It replaces the current entry with
 * /login?next=<where the user was, or was going>, so signing in again continues there.
 *
 * A navigation already loading is let finish first (its own guard may redirect; otherwise the
 * user was going to its page, which becomes `next`). The wait must not navigate from inside the
 * router's subscriber: react-router calls subscribers in the middle of completing a navigation
 * and resets its pending history action right after they return, so a navigation started there
 * renders its page but never writes its URL (the sign-in page showed at /multiview). The
 * subscriber only schedules; the navigation starts once the completing one has returned.
 */
import type { DataRouter, RouterState } from 'react-router';
import { SIGN_IN_PATH, signInPath } from './signInPaths.ts';

/** The part of a data router this needs (createBrowserRouter's, or a memory router in tests). */
export type SignInRouter = Pick<DataRouter, 'state' | 'subscribe' | 'navigate'>;

export interface SignInReturnDeps {
  /** Called before leaving: a new session starts at the next sign-in. */
  readonly onSessionEnd: () => void;
  /** Called once the sign-in page is shown: drop the signed-out user's cached data. */
  readonly onLeft: () => void;
}

function isIdle(state: RouterState): boolean {
  return state.initialized && state.navigation.state === 'idle';
}

/** The unauthorized handler for `router`; calls while one return is pending are merged. */
export function createSignInReturn(router: SignInRouter, { onSessionEnd, onLeft }: SignInReturnDeps): () => void {
  let pending = false;

  const go = (): void => {
    // Another navigation may have started between scheduling and now: wait for it too.
    if (!isIdle(router.state)) {
      waitForIdle();
      return;
    }
    pending = false;
    const { pathname, search } = router.state.location;
    if (pathname === SIGN_IN_PATH) return;
    onSessionEnd();
    void router.navigate(signInPath(pathname + search), { replace: true, state: { sessionEnded: true } }).then(onLeft);
  };

  const waitForIdle = (): void => {
    const unsubscribe = router.subscribe((state) => {
      if (!isIdle(state)) return;
      unsubscribe();
      // Never navigate inside the subscriber (see above): after the completing navigation returns.
      setTimeout(go, 0);
    });
  };

  return () => {
    if (pending) return;
    pending = true;
    if (isIdle(router.state)) go();
    else waitForIdle();
  };
}
