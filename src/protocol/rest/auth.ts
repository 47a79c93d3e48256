/**
 * Sign-in and sign-out (issue 3's auth routes; spec 002 §8 "HTTP 401 on any call: the browser is
 * sent to the login page"). Sign-in is the one call without a session: it sets the HttpOnly,
 * SameSite=Strict session cookie and answers the signed-in user as users/fetch_current_user_details
 * does.
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { TextBetween } from './common.ts';
import { CurrentUserDetails, PASSWORD_TEXT_MAX_LENGTH } from './account.ts';
import { LOGIN_CALL } from './sessionCalls.ts';

const TAGS = ['auth'] as const;

export const Credentials = Schema.Struct({
  username: TextBetween(1, 255),
  password: TextBetween(1, PASSWORD_TEXT_MAX_LENGTH),
});
export type Credentials = typeof Credentials.Type;

export const login = endpoint({
  ...LOGIN_CALL,
  summary: 'Sign in: sets the HttpOnly, SameSite=Strict session cookie and answers the user (10 attempts a minute per address and username)',
  tags: TAGS,
  body: Credentials,
  response: CurrentUserDetails,
  public: true,
});

export const logout = endpoint({
  method: 'POST',
  path: 'auth/logout',
  summary: 'Sign out: ends the session and closes its websockets (204, no body)',
  tags: TAGS,
  // 204 No Content: the answer has no body.
  response: Schema.Undefined,
});

export const AUTH_ENDPOINTS = [login, logout] as const;
