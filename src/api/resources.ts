/**
 * The REST calls of the shell (spec 002 §7 "User and client", the auth routes), each through
 * `call(endpoint)` (src/api/call.ts): the answer is decoded with the endpoint's Schema at the edge,
 * so the rest of the console gets the contract's exact types. Sign-in itself is src/api/signIn.ts's:
 * the sign-in page sends it without loading this module.
 */
import { mergePreferences, type UserPreferences } from '../domain/preferences.ts';
import { call, type CallOptions } from './call.ts';
import { logout, type Credentials } from '../protocol/rest/auth.ts';
import { fetchCurrentUserDetails, type CurrentUserDetails } from '../protocol/rest/account.ts';
import { getApplicationUrls, getClientConfiguration, type ApplicationUrls as ApplicationUrlsAnswer, type ClientConfiguration as ClientConfigurationAnswer } from '../protocol/rest/client.ts';
import { getPreferences, savePreferences as savePreferencesEndpoint } from '../protocol/rest/preferences.ts';
import { fetchClientNotifications, type ClientNotification as ClientNotificationAnswer } from '../protocol/rest/notifications.ts';
import { fetchGroups as fetchGroupsEndpoint, type GroupSummary } from '../protocol/rest/groups.ts';

/** spec 002 §3 "User": the signed-in user. */
export type CurrentUser = CurrentUserDetails;
/** spec 002 §3 "Client configuration": roles, password expiry, websocket library, map tiles. */
export type ClientConfiguration = ClientConfigurationAnswer;
/** spec 000 §2 "Drawer": the three applications. */
export type ApplicationUrls = ApplicationUrlsAnswer;
/** spec 002 §3 "Notification" with the server's 24 h / 2 h flags (§4). */
export type ClientNotification = ClientNotificationAnswer;
/** A group of the signed-in user (groups/fetch). */
export type UserGroup = GroupSummary;
export type { Credentials, CallOptions };

/** POST auth/logout: ends the session (a session already gone is fine). */
export async function signOut(): Promise<void> {
  await call(logout, {}, { redirectOn401: false });
}

export function fetchCurrentUser(options: CallOptions = {}): Promise<CurrentUser> {
  return call(fetchCurrentUserDetails, {}, options);
}

export function fetchClientConfiguration(options: CallOptions = {}): Promise<ClientConfiguration> {
  return call(getClientConfiguration, {}, options);
}

export function fetchApplicationUrls(options: CallOptions = {}): Promise<ApplicationUrls> {
  return call(getApplicationUrls, {}, options);
}

/**
 * GET userPreferences/vue. The answer is checked against the contract; the domain's
 * mergePreferences then gives it the domain's type (branded unit id) and its defaults.
 */
export async function fetchPreferences(options: CallOptions = {}): Promise<UserPreferences> {
  return mergePreferences(await call(getPreferences, {}, options));
}

/** PUT userPreferences/vue: the given fields replace the stored ones; answers the whole merged set. */
export async function savePreferences(changes: Partial<UserPreferences>, options: CallOptions = {}): Promise<UserPreferences> {
  return mergePreferences(await call(savePreferencesEndpoint, { body: changes }, options));
}

export function fetchNotifications(options: CallOptions = {}): Promise<ClientNotification[]> {
  return call(fetchClientNotifications, {}, options).then((list) => [...list]);
}

export function fetchGroups(options: CallOptions = {}): Promise<UserGroup[]> {
  return call(fetchGroupsEndpoint, {}, options).then((list) => [...list]);
}
