/**
 * The console's data router (react-router 7): every route of src/domain/roles/routes.ts, each
 * behind the one guard loader (guard.ts). Layout:
 *   /login                              sign-in, outside the guard
 *   (guard)                             decides every navigation with decideRoute
 *     /error, /unauthorized_user, …     top-level pages, no shell
 *     /                                 the shell (drawer, menu, header)
 *       /list, /map, /unit/:id, …       shell routes: their screen (screens.ts)
 *         /psg/system_entities/…        a page's tab routes, nested in it
 *     *                                 unknown paths: the guard sends them to /list
 */
import { createBrowserRouter, redirect, type LoaderFunctionArgs, type NonIndexRouteObject, type RouteObject } from 'react-router';
import { ROUTES, type RouteName } from '../domain/roles/routes.ts';
import { hasSession } from '../api/signIn.ts';
import { setUnauthorizedHandler } from '../api/http.ts';
import type { GuardData, GuardDeps } from './guard.ts';
import { SIGN_IN_PATH, isSafeNext } from './signInPaths.ts';
import { createSignInReturn } from './returnToSignIn.ts';
import { queryKeys } from '../api/queryKeys.ts';
import { isSignedOutHere, markSessionStart } from './sessionState.ts';
import { loadWithRetry } from './screenLoading.ts';
import { loadGuard, loadGuardRoot, loadShell } from './shellLoading.ts';
import { loadQueryClient, loadedQueryClient } from './queryClientLoader.ts';
import { loadConsoleTexts } from '../i18n/i18n.ts';
import { SignInPage } from './pages/SignInPage.tsx';
import { RouteErrorPage } from './pages/RouteErrorPage.tsx';
import { FullPageLoader } from '../components/FullPageLoader.tsx';

/** A page component loaded on first use (a chunk of its own, retried like a screen's). */
type PageLoader = () => Promise<() => React.JSX.Element>;

/**
 * The pages outside the shell, one per top-level route except the shell itself. Each is loaded
 * when first shown, like the shell and its screens: the sign-in page's JavaScript holds only what
 * signing in needs (issue 15 item 6; docs/performance.md "Start-up").
 */
const TOP_PAGES: Record<Exclude<Extract<(typeof ROUTES)[number], { parent: 'top' }>['name'], 'Home'>, PageLoader> = {
  Error: async () => (await import('./pages/ErrorPage.tsx')).ErrorPage,
  UnauthorizedUser: async () => (await import('./pages/UnauthorizedPage.tsx')).UnauthorizedPage,
  CustomerPortal: async () => (await import('./pages/PortalPages.tsx')).CustomerPortalPage,
  EasyLive: async () => (await import('./pages/PortalPages.tsx')).EasyLivePage,
  LimitedAccess: async () => (await import('./pages/LimitedAccessPage.tsx')).LimitedAccessPage,
  PasswordNotice: async () => (await import('./pages/PasswordNoticePage.tsx')).PasswordNoticePage,
  VideoReturnPortal: async () => (await import('../features/videoReturn/VideoReturnPortal.tsx')).VideoReturnPortal,
};

function isTopPage(name: RouteName): name is keyof typeof TOP_PAGES {
  return Object.hasOwn(TOP_PAGES, name);
}

/**
 * A shell route: its screen loads with its first visit (consoleScreens.ts; screens.ts for the
 * others, itself loaded then: its map of ~50 loaders is part of neither the sign-in page nor the
 * unit list's first draw, docs/performance.md §7q, §7s).
 */
function shellRoute(path: string, name: RouteName): NonIndexRouteObject {
  return {
    path,
    id: name,
    lazy: async () => {
      const { screenLoaderOf } = await loadWithRetry(() => import('./consoleScreens.ts'));
      const load = await screenLoaderOf(name);
      // Every shell route has a screen (src/app/screens.test.ts); a missing one is a build mistake.
      if (load === undefined) throw new Error(`No screen for the route ${name} (src/app/screens.ts)`);
      return { Component: (await loadWithRetry(load)).default };
    },
  };
}

/** True when the route has tab routes (parent: its name): its screen shows them in an <Outlet/> (every shell route has a screen, screens.test.ts). */
function nestsTabs(name: RouteName): boolean {
  return ROUTES.some((route) => route.parent === name);
}

/**
 * The shell's routes. A page with tabs (SystemEntities, SystemSettings) holds its tab routes as
 * children, so each tab renders inside the page (its screen's <Outlet/>).
 */
function shellRoutesOf(): RouteObject[] {
  return ROUTES.filter((route) => route.parent !== 'top').flatMap((route): RouteObject[] => {
    if (route.parent !== 'shell' && route.parent !== 'top' && nestsTabs(route.parent)) return []; // inside its page
    const object = shellRoute(route.path, route.name);
    if (!nestsTabs(route.name)) return [object];
    return [{ ...object, children: ROUTES.filter((tab) => tab.parent === route.name).map((tab) => shellRoute(tab.path, tab.name)) }];
  });
}

/** Nothing to draw: the guard redirects these paths before they render. */
function Redirecting(): null {
  return null;
}

/**
 * The guard's loader, made once its module, the console's English texts and the QueryClient have loaded:
 * guard.ts, the REST layer it calls (effect's Schemas), TanStack Query and the texts of the other
 * pages are not part of the sign-in page (docs/performance.md §7q, §7r), and no page the guard
 * lets through draws before its texts, or without the client (GuardRoot provides it). The
 * sign-in page prefetches them while the user types (signInPrefetch.ts) and main.tsx starts them
 * at once on any other page (preloadGuard), so a navigation rarely waits for them; a load that
 * fails after its retries fails this navigation and is tried again by the next.
 */
function lazyGuardLoader(deps: Omit<GuardDeps, 'queryClient'>): (args: LoaderFunctionArgs) => Promise<GuardData> {
  let made: Promise<(args: LoaderFunctionArgs) => Promise<GuardData>> | undefined;
  return async (args) => {
    made ??= Promise.all([loadWithRetry(loadGuard), loadQueryClient(), loadWithRetry(() => loadConsoleTexts())]).then(
      ([{ makeGuardLoader }, queryClient]) => makeGuardLoader({ ...deps, queryClient }),
      (error: unknown) => {
        made = undefined; // the next navigation loads it again
        throw error;
      },
    );
    return (await made)(args);
  };
}

export function createConsoleRouter() {
  // The page being left, read inside the guard while a navigation is pending (the router's
  // location is still the old one then). The sign-in page and the first load count as none.
  // createBrowserRouter runs the first navigation's loaders before it returns: no router yet then.
  let router: ReturnType<typeof createBrowserRouter> | undefined;
  const fromPath = (): string | null => {
    if (router === undefined || !router.state.initialized) return null;
    const path = router.state.location.pathname;
    return path === SIGN_IN_PATH ? null : path;
  };
  const guardLoader = lazyGuardLoader({ fromPath });

  const topRoutes: RouteObject[] = ROUTES.flatMap((route) => {
    const name = route.name;
    if (route.parent !== 'top' || !isTopPage(name)) return [];
    const load = TOP_PAGES[name];
    return [{ path: route.path, id: name, lazy: async () => ({ Component: await loadWithRetry(load) }) }];
  });
  const shellRoutes = shellRoutesOf();

  const created = createBrowserRouter([
    {
      path: SIGN_IN_PATH,
      id: 'signIn',
      Component: SignInPage,
      HydrateFallback: FullPageLoader,
      ErrorBoundary: RouteErrorPage,
      // Already signed in: go on to the console (or the page asked for); not after a sign-out here
      // that the server did not answer (its session may live on: sessionState.ts).
      loader: async ({ request }) => {
        const next = new URL(request.url).searchParams.get('next');
        if (isSignedOutHere() || !(await hasSession(request.signal))) return null;
        throw redirect(next !== null && isSafeNext(next) ? next : '/');
      },
    },
    {
      id: 'guard',
      loader: guardLoader,
      shouldRevalidate: () => true, // every navigation is decided again (roles, preferences, origin)
      lazy: async () => ({ Component: await loadWithRetry(loadGuardRoot) }),
      HydrateFallback: FullPageLoader,
      ErrorBoundary: RouteErrorPage,
      children: [
        ...topRoutes,
        { path: '/', id: 'Home', lazy: async () => ({ Component: await loadWithRetry(loadShell) }), children: [{ index: true, Component: Redirecting }, ...shellRoutes] },
        { path: '*', id: 'unknown', Component: Redirecting },
      ],
    },
  ]);
  router = created;

  // spec 002 §8 "HTTP 401 on any call: the browser is sent to the login page" (returnToSignIn.ts).
  setUnauthorizedHandler(
    createSignInReturn(created, {
      onSessionEnd: markSessionStart,
      // The shell has left by then, so its queries do not refetch (and 401 again) once dropped.
      // No client yet: nothing was cached.
      onLeft: () => loadedQueryClient()?.removeQueries({ queryKey: queryKeys.session }),
    }),
  );

  return created;
}

export type ConsoleRouter = ReturnType<typeof createConsoleRouter>;
