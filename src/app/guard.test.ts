import { afterEach, beforeEach, describe, it, expect, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import type { UserType } from '../domain/roles/userTypes.ts';
import { API_PREFIX, setUnauthorizedHandler } from '../api/http.ts';
import { makeGuardLoader, type GuardData } from './guard.ts';
import { isSafeNext, signInPath } from './signInPaths.ts';
import { clearSignedOutHere, markInitialNavigationDone, markSessionStart, markSignedOutHere, postponePasswordNotice } from './sessionState.ts';
import { defaultPreferences } from '../domain/preferences.ts';
import type { CurrentUserDetails } from '../protocol/rest/account.ts';
import type { ClientConfiguration } from '../protocol/rest/client.ts';

const ORIGIN = 'http://console.test';
const DAY_S = 86_400;

interface Backend {
  roles: readonly UserType[];
  secondsToPwdExpiration: number | null;
  currentRoute: string | null;
  configurationStatus: number;
  preferencesStatus: number;
  signedIn: boolean;
}

let backend: Backend;
const puts: unknown[] = [];

/** The answers the contract describes (src/protocol/rest): the console decodes them whole. */
function currentUser(): CurrentUserDetails {
  return {
    id: 'USR-1', userId: 'USR-1', username: 'someone', firstName: 'Some', lastName: 'One', email: null, userLabel: '', userType: backend.roles[0] ?? '',
    active: true, sso: false, superuser: backend.roles.includes('super_user'), groups: [], inventories: [],
    passwordExpirationDate: null, secondsToPwdExpiration: backend.secondsToPwdExpiration, forcePasswordChange: false,
  };
}

function configuration(): ClientConfiguration {
  return {
    wsLibrary: 'native', wsPath: '/luc/luc-core-web/ws', activeFeatures: [], loggedUserRoles: backend.roles, services: [], userId: 'USR-1', hasInternet: true,
    secondsToPwdExpiration: backend.secondsToPwdExpiration,
    googleProperties: { gaTrackingCode: '', googleMapsClientId: '', googleApiVersion: '', hasGoogleGA: false },
    facebookAppId: '', facebookApiVersion: '', applicationId: 'luc-console', mapTileUrl: null,
  };
}

const preferences = () => ({ ...defaultPreferences(), currentRoute: backend.currentRoute });

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const fakeFetch = vi.fn(async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
  const path = String(input).replace(`${ORIGIN}${API_PREFIX}/`, '');
  if (!backend.signedIn) return json(401, { error: 'Unauthorized', message: 'Sign in first: no valid session' });
  switch (path) {
    case 'users/fetch_current_user_details':
      return json(200, currentUser());
    case 'v2/client/configuration':
      return backend.configurationStatus === 200
        ? json(200, configuration())
        : json(backend.configurationStatus, { error: 'Forbidden', message: 'No' });
    case 'userPreferences/vue':
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { currentRoute?: string };
        puts.push(body);
        backend.currentRoute = body.currentRoute ?? backend.currentRoute;
        return json(200, preferences());
      }
      return backend.preferencesStatus === 200 ? json(200, preferences()) : json(backend.preferencesStatus, { error: 'Internal Server Error', message: 'Internal Error' });
    default:
      return json(404, { error: 'Not Found', message: path });
  }
});

let queryClient: QueryClient;
let from: string | null;
let loader: ReturnType<typeof makeGuardLoader>;

beforeEach(() => {
  backend = { roles: ['luc_regular'], secondsToPwdExpiration: 90 * DAY_S, currentRoute: null, configurationStatus: 200, preferencesStatus: 200, signedIn: true };
  puts.length = 0;
  vi.stubGlobal('fetch', fakeFetch);
  vi.stubGlobal('location', { origin: ORIGIN });
  const store = new Map<string, string>();
  vi.stubGlobal('sessionStorage', { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v), removeItem: (k: string) => store.delete(k) });
  setUnauthorizedHandler(() => undefined);
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  from = null;
  loader = makeGuardLoader({ queryClient, fromPath: () => from });
  markSessionStart();
});
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

/** Runs the guard for a path: 'allow' with its data, or the redirect target. */
async function navigate(path: string): Promise<{ allowed: GuardData } | { redirect: string }> {
  const args = { request: new Request(`${ORIGIN}${path}`), params: {}, context: undefined } as unknown as LoaderFunctionArgs;
  try {
    return { allowed: await loader(args) };
  } catch (thrown) {
    if (thrown instanceof Response) return { redirect: thrown.headers.get('Location') ?? '' };
    throw thrown;
  }
}

describe('guard loader (spec 000 §2, §6; 002 §2, §8)', () => {
  it('sends a visitor without a session to sign in, remembering the page', async () => {
    backend.signedIn = false;
    expect(await navigate('/map')).toEqual({ redirect: '/login?next=%2Fmap' });
  });

  it.each(['/customer_portal', '/easy_live', '/unauthorized_user'])('opens %s to a visitor without a session', async (path) => {
    backend.signedIn = false;
    expect(await navigate(path)).toEqual({ allowed: { session: null } });
  });

  it('sends a tab that signed out without the server to sign in, though its session lives on, until a sign-in here', async () => {
    markSignedOutHere(); // signOut.ts, when POST auth/logout did not reach the server
    const callsBefore = fakeFetch.mock.calls.length;
    expect(await navigate('/map')).toEqual({ redirect: '/login?next=%2Fmap' });
    expect(await navigate('/customer_portal')).toEqual({ allowed: { session: null } }); // the open pages stay open
    expect(fakeFetch.mock.calls.length).toBe(callsBefore); // the live session is not even asked for
    clearSignedOutHere(); // SignInPage.tsx, on a sign-in
    expect(await navigate('/map')).toMatchObject({ allowed: { session: { roles: ['luc_regular'] } } });
  });

  it('lets luc_regular open the unit list', async () => {
    const result = await navigate('/list');
    expect(result).toMatchObject({ allowed: { session: { roles: ['luc_regular'], preferencesFailed: false } } });
  });

  it.each([
    ['/users', '/list', 'failed role guard → unit list'],
    ['/users?ignoreRouteDefault', '/unauthorized_user', 'with ignoreRouteDefault → unauthorized page'],
    ['/no/such/page', '/list', 'unknown path → unit list'],
  ])('sends luc_read from %s to %s (%s)', async (path, target) => {
    backend.roles = ['luc_read'];
    expect(await navigate(path)).toEqual({ redirect: target });
  });

  it('gives a video return viewer the limited-access page', async () => {
    backend.roles = ['luc_vr_viewer'];
    expect(await navigate('/list')).toEqual({ redirect: '/limited_access' });
    expect(await navigate('/limited_access')).toMatchObject({ allowed: {} });
  });

  it('treats a 403 on the client configuration as a rejected load: the unauthorized page', async () => {
    backend.configurationStatus = 403;
    expect(await navigate('/list')).toEqual({ redirect: '/unauthorized_user' });
  });

  it('sends a user whose preferences fail to load to /error, and lets them stay there', async () => {
    backend.preferencesStatus = 500;
    expect(await navigate('/list')).toEqual({ redirect: '/error' });
    expect(await navigate('/error')).toMatchObject({ allowed: { session: { preferencesFailed: true } } });
  });

  it('lets an admin whose preferences fail carry on without them (the error page is not for admins)', async () => {
    backend.roles = ['luc_admin'];
    backend.preferencesStatus = 500;
    expect(await navigate('/list')).toMatchObject({ allowed: { session: { preferences: null } } });
  });

  it('restores the saved route on the first navigation only', async () => {
    backend.currentRoute = '/map';
    expect(await navigate('/')).toEqual({ redirect: '/map' });
    expect(await navigate('/map')).toMatchObject({ allowed: {} });
    expect(await navigate('/')).toEqual({ redirect: '/list' });
  });

  it('does not restore when the start carries ignoreRouteDefault', async () => {
    backend.currentRoute = '/map';
    expect(await navigate('/?ignoreRouteDefault')).toEqual({ redirect: '/list' });
  });

  it('saves the route of a page that saves it, and not the unit list’s', async () => {
    await navigate('/list');
    await navigate('/multiview');
    await vi.waitFor(() => expect(puts).toEqual([{ currentRoute: '/multiview' }]));
    await navigate('/multiview'); // already saved: no second write
    await navigate('/files'); // files do not save their route (spec 000 §2)
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(puts).toEqual([{ currentRoute: '/multiview' }]);
  });

  it('keeps a user who comes from the unauthorized page there', async () => {
    await navigate('/list');
    from = '/unauthorized_user';
    expect(await navigate('/list')).toEqual({ redirect: '/unauthorized_user' });
  });

  it('shows the password notice at 14 days, not at 14 days and a second, and not once postponed', async () => {
    backend.secondsToPwdExpiration = 14 * DAY_S + 1;
    expect(await navigate('/list')).toMatchObject({ allowed: {} });
    queryClient.clear();
    backend.secondsToPwdExpiration = 14 * DAY_S;
    expect(await navigate('/list')).toEqual({ redirect: '/password_notice' });
    postponePasswordNotice('USR-1');
    markInitialNavigationDone();
    expect(await navigate('/list')).toMatchObject({ allowed: {} });
  });
});

describe('sign-in return path', () => {
  it.each([
    ['/map', true],
    ['/unit/U-1?tab=camera', true],
    ['//evil.example.org/x', false],
    ['https://evil.example.org', false],
    ['/\\evil.example.org', false],
    ['/login?next=/map', false],
  ])('accepts %s as a place to return to: %s', (next, safe) => {
    expect(isSafeNext(next)).toBe(safe);
  });

  it.each([
    [null, '/login'],
    ['/', '/login'],
    ['/map', '/login?next=%2Fmap'],
    ['//evil.example.org', '/login'],
  ])('signs in from %j at %s', (next, path) => {
    expect(signInPath(next)).toBe(path);
  });
});
