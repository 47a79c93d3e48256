/**
 * The router's guard: one loader on the route that holds every page (except sign-in), run on
 * every navigation. It gathers what decideRoute needs (roles and password expiry from the client
 * configuration, preferences, the page being left, the first-navigation flag) and applies its
 * answer: allow, redirect, or load the preferences and decide again (spec 000 §2, §6; 002 §2, §8).
 * All routing rules live in src/domain/roles/guard.ts; this file only feeds and obeys it.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { decideRoute, matchRoute, normalizePath, shouldSaveRoute, type RouteDecision, type RouteRequest } from '../domain/roles/index.ts';
import type { UserType } from '../domain/roles/userTypes.ts';
import type { UserPreferences } from '../domain/preferences.ts';
import { reactionToHttpError } from '../domain/errors.ts';
import { isApiError } from '../api/http.ts';
import type { ClientConfiguration, CurrentUser } from '../api/resources.ts';
import { clientConfigurationQuery, currentUserQuery, preferencesQuery, queryKeys, savePreferenceChanges } from '../api/queries.ts';
import { isInitialNavigation, isPasswordNoticePostponed, isSignedOutHere, markInitialNavigationDone } from './sessionState.ts';
import { showError } from '../components/toasts.ts';
import { rememberLandingRoute } from './landingPreload.ts';
import { signInPath } from './signInPaths.ts';

export interface Session {
  readonly user: CurrentUser;
  readonly roles: readonly UserType[];
  readonly secondsToPwdExpiration: number | null;
  readonly preferences: UserPreferences | null;
  readonly preferencesFailed: boolean;
}

class SignedOut extends Error {}

/**
 * The signed-in user's user, configuration and preferences, cached by TanStack Query. A 401 is
 * SignedOut; a 403 on the configuration "rejects the load" (spec 002 §8): the user is treated as
 * holding no console role, which the guard answers with the unauthorized page. Preferences that
 * fail give preferencesFailed (spec 000 §2 → /error).
 */
export async function loadSession(queryClient: QueryClient): Promise<Session> {
  // This tab signed out without the server's answer: its session may live on, but not here.
  if (isSignedOutHere()) throw new SignedOut();
  const [user, configuration, preferences] = await Promise.allSettled([
    queryClient.ensureQueryData(currentUserQuery),
    queryClient.ensureQueryData(clientConfigurationQuery),
    queryClient.ensureQueryData(preferencesQuery),
  ]);
  for (const result of [user, configuration, preferences]) {
    if (result.status === 'rejected' && isApiError(result.reason) && result.reason.status === 401) throw new SignedOut();
  }
  if (user.status === 'rejected') throw user.reason;
  let config: ClientConfiguration | null = null;
  if (configuration.status === 'fulfilled') config = configuration.value;
  else {
    const status = isApiError(configuration.reason) ? configuration.reason.status : 0;
    if (reactionToHttpError({ status, call: 'clientConfiguration' }) !== 'rejectLoad') throw configuration.reason;
  }
  let preferencesFailed = false;
  if (preferences.status === 'rejected') {
    const status = isApiError(preferences.reason) ? preferences.reason.status : 0;
    preferencesFailed = reactionToHttpError({ status, call: 'userPreferences' }) === 'toErrorPage';
  }
  return {
    user: user.value,
    roles: config?.loggedUserRoles ?? [],
    secondsToPwdExpiration: config?.secondsToPwdExpiration ?? null,
    preferences: preferences.status === 'fulfilled' ? preferences.value : null,
    preferencesFailed,
  };
}

export interface GuardDeps {
  readonly queryClient: QueryClient;
  /** The page the navigation leaves; null on the first navigation of the session. */
  readonly fromPath: () => string | null;
}

export interface GuardData {
  /** null on the open pages (refusal, notices, portals) when nobody is signed in. */
  readonly session: Session | null;
}

function requestOf(url: URL, session: Session | null, from: string | null): RouteRequest {
  return {
    user: {
      roles: session === null ? null : session.roles,
      secondsToPwdExpiration: session?.secondsToPwdExpiration ?? null,
      passwordNoticePostponed: session !== null && isPasswordNoticePostponed(session.user.id),
    },
    pathname: url.pathname,
    query: Object.fromEntries(url.searchParams),
    preferences: session?.preferences ?? null,
    from,
    preferencesFailed: session?.preferencesFailed ?? false,
    isInitialNavigation: isInitialNavigation(),
  };
}

/** spec 000 §2: the last visited route is saved (for the routes that save it). Fire and forget. */
function saveRoute(queryClient: QueryClient, session: Session, pathname: string): void {
  const path = normalizePath(pathname);
  if (!shouldSaveRoute(path) || session.preferences === null) return;
  rememberLandingRoute(path); // the next sign-in's guess of its landing screen (landingPreload.ts)
  if (session.preferences.currentRoute === path) return;
  savePreferenceChanges(queryClient, { currentRoute: path }).catch((error: unknown) => {
    if (isApiError(error) && error.status === 401) return; // the sign-in page takes over
    showError(error);
  });
}

export function makeGuardLoader({ queryClient, fromPath }: GuardDeps) {
  return async function guardLoader({ request }: LoaderFunctionArgs): Promise<GuardData> {
    const url = new URL(request.url);
    const from = fromPath();
    // Decide first with what is cached: the open pages need no session, and roles not yet
    // loaded answer loadPreferences (spec 002 §2), which loads and decides again.
    const cachedRoles = queryClient.getQueryData<ClientConfiguration>(queryKeys.configuration);
    let session: Session | null = null;
    let decision: RouteDecision =
      cachedRoles === undefined ? decideRoute(requestOf(url, null, from)) : { kind: 'loadPreferences' };
    if (decision.kind === 'loadPreferences') {
      try {
        session = await loadSession(queryClient);
      } catch (error) {
        if (error instanceof SignedOut) {
          if (matchRoute(url.pathname)?.route.guard.kind === 'any') return { session: null };
          throw redirect(signInPath(url.pathname + url.search));
        }
        throw error;
      }
      decision = decideRoute(requestOf(url, session, from));
    }
    switch (decision.kind) {
      case 'allow': {
        const route = matchRoute(url.pathname)?.route;
        if (session !== null && route !== undefined && route.parent !== 'top') {
          markInitialNavigationDone();
          saveRoute(queryClient, session, url.pathname);
        }
        return { session };
      }
      case 'redirect':
        throw redirect(decision.to);
      case 'loadPreferences':
        // Roles still missing after loading: decideRoute asked again; treat as no permission.
        throw redirect('/unauthorized_user');
    }
  };
}
