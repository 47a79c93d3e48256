/**
 * The sign-in page's two calls, without the REST layer on the page (issue 15 item 6,
 * docs/performance.md §7q). Every other call goes through `call(endpoint, input)`, whose endpoint
 * modules build effect Schemas when they load: ~25 kB of gzipped JavaScript the sign-in form
 * does not need to show. Here the requests go out with the endpoints' method and path
 * (sessionCalls.ts, which the endpoints are built from) and:
 * - signIn decodes the answer with the endpoint's own Schema, loaded by the page once idle (or
 *   while the request is out), so the user is checked as before;
 * - hasSession only asks whether the session cookie is still good (the /login page's "already
 *   signed in?"): any 2xx is yes, anything else no; the guard then loads and checks the user.
 */
import type { Credentials } from '../protocol/rest/auth.ts';
import { CURRENT_USER_CALL, LOGIN_CALL } from '../protocol/rest/sessionCalls.ts';
import { loadWithRetry } from '../app/screenLoading.ts';
import { apiRequest } from './http.ts';
import type { CurrentUser } from './resources.ts';

const loadDecoder = () => import('./signInAnswer.ts');

/** Starts loading the answer's decoder without waiting (the sign-in page, once idle: signInPrefetch.ts). */
export function preloadSignInDecoder(): void {
  loadDecoder().catch(() => undefined);
}

/** POST auth/login: sets the session cookie and answers the user (a 401 is "wrong username or password", not a lost session). */
export async function signIn(credentials: Credentials): Promise<CurrentUser> {
  const answer = apiRequest(LOGIN_CALL.path, { method: LOGIN_CALL.method, body: credentials, redirectOn401: false });
  // Usually loaded already (the page preloads it once idle); asked for after the request is sent
  // otherwise, so the request goes first on the browser's connections.
  const decoder = loadWithRetry(loadDecoder);
  decoder.catch(() => undefined); // a refused sign-in is reported even when the decoder failed to load
  const body = await answer;
  return (await decoder).decodeSignInAnswer(body);
}

/** True when the browser's session cookie is still good (GET of the current user answers 2xx). */
export async function hasSession(signal?: AbortSignal): Promise<boolean> {
  try {
    await apiRequest(CURRENT_USER_CALL.path, { method: CURRENT_USER_CALL.method, redirectOn401: false, ...(signal !== undefined ? { signal } : {}) });
    return true;
  } catch {
    return false;
  }
}
