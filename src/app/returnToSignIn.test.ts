import { describe, it, expect, vi } from 'vitest';
import { UNSAFE_createMemoryHistory as createMemoryHistory, UNSAFE_createRouter as createRouter, type DataRouter } from 'react-router';
import { createSignInReturn } from './returnToSignIn.ts';

/** A deferred promise: a loader that answers when the test says so. */
function deferred(): { promise: Promise<null>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<null>((done) => {
    resolve = () => done(null);
  });
  return { promise, resolve };
}

/** Resolves once `router` is idle after a navigation to `pathname`. */
function settledAt(router: DataRouter, pathname: string): Promise<void> {
  return new Promise((done) => {
    const check = (): boolean => router.state.initialized && router.state.navigation.state === 'idle' && router.state.location.pathname === pathname;
    if (check()) return done();
    const unsubscribe = router.subscribe(() => {
      if (!check()) return;
      unsubscribe();
      done();
    });
  });
}

/** A memory router like the console's: an async sign-in loader (the "already signed in?" probe), a slow page. */
function setUp(start: string) {
  const history = createMemoryHistory({ initialEntries: [start] });
  const slowPage = deferred();
  const router = createRouter({
    history,
    routes: [
      { path: '/login', loader: async () => null },
      { path: '/list', loader: () => null },
      { path: '/multiview', loader: () => slowPage.promise },
    ],
  }).initialize();
  const onSessionEnd = vi.fn();
  const onLeft = vi.fn();
  const unauthorized = createSignInReturn(router, { onSessionEnd, onLeft });
  return { history, router, slowPage, unauthorized, onSessionEnd, onLeft };
}

describe('createSignInReturn (spec 002 §8: a 401 sends the browser to the login page)', () => {
  it('replaces the current page with /login?next=<page> when the router is idle', async () => {
    const { history, router, unauthorized, onSessionEnd, onLeft } = setUp('/list');
    await settledAt(router, '/list');
    unauthorized();
    await settledAt(router, '/login');
    await vi.waitFor(() => expect(onLeft).toHaveBeenCalledOnce());
    expect(`${history.location.pathname}${history.location.search}`).toBe('/login?next=%2Flist');
    expect(history.location.state).toEqual({ sessionEnded: true });
    expect(history.index).toBe(0); // replaced, not pushed: Back does not return to the dead page
    expect(onSessionEnd).toHaveBeenCalledOnce();
  });

  it('lets a loading navigation finish, then writes the sign-in URL with the page the user was going to', async () => {
    const { history, router, slowPage, unauthorized, onLeft } = setUp('/list');
    await settledAt(router, '/list');
    void router.navigate('/multiview');
    expect(router.state.navigation.state).toBe('loading');
    unauthorized(); // e.g. the route save of the page being opened answered 401
    slowPage.resolve();
    await settledAt(router, '/login');
    await vi.waitFor(() => expect(onLeft).toHaveBeenCalledOnce());
    // The history entry, not only the router's state, is the sign-in page (the URL bar shows it).
    expect(`${history.location.pathname}${history.location.search}`).toBe('/login?next=%2Fmultiview');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login?next=%2Fmultiview');
  });

  it('returns once for many 401s answered together', async () => {
    const { router, slowPage, unauthorized, onSessionEnd, onLeft } = setUp('/list');
    await settledAt(router, '/list');
    void router.navigate('/multiview');
    unauthorized();
    unauthorized();
    unauthorized();
    slowPage.resolve();
    await settledAt(router, '/login');
    await vi.waitFor(() => expect(onLeft).toHaveBeenCalledOnce());
    unauthorized(); // a late 401 while the sign-in page shows
    await new Promise((done) => setTimeout(done, 10));
    expect(onSessionEnd).toHaveBeenCalledOnce();
    expect(onLeft).toHaveBeenCalledOnce();
  });

  it('does nothing on the sign-in page itself', async () => {
    const { history, router, unauthorized, onSessionEnd } = setUp('/login');
    await settledAt(router, '/login');
    unauthorized();
    await new Promise((done) => setTimeout(done, 10));
    expect(history.location.search).toBe('');
    expect(onSessionEnd).not.toHaveBeenCalled();
  });
});
