/**
 * The REST calls of the shell (spec 002 §7 "User and client", issue 3's auth routes), each decoding
 * its answer at the edge: `unknown` stops here, the rest of the console gets exact types. A field
 * of the wrong type falls back to a neutral value instead of failing the whole page.
 */
import { mergePreferences, type UserPreferences } from '../domain/preferences.ts';
import { userTypesOf, type UserType } from '../domain/roles/userTypes.ts';
import { apiRequest } from './http.ts';

type Loose = Readonly<Record<string, unknown>>;
const record = (value: unknown): Loose => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Loose) : {});
const text = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
const numberOrNull = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const list = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);

/** spec 002 §3 "User": the fields the shell shows. */
export interface CurrentUser {
  readonly id: string;
  readonly username: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string | null;
  readonly userType: string;
}

export function decodeCurrentUser(body: unknown): CurrentUser {
  const r = record(body);
  return {
    id: text(r['id'], text(r['userId'])),
    username: text(r['username']),
    firstName: text(r['firstName']),
    lastName: text(r['lastName']),
    email: typeof r['email'] === 'string' ? r['email'] : null,
    userType: text(r['userType']),
  };
}

/** spec 002 §3 "Client configuration": roles, password expiry, websocket library, map tiles. */
export interface ClientConfiguration {
  readonly loggedUserRoles: readonly UserType[];
  /** Seconds; null when the password does not expire. */
  readonly secondsToPwdExpiration: number | null;
  readonly wsLibrary: string;
  readonly wsPath: string | null;
  readonly activeFeatures: readonly string[];
  readonly userId: string;
  readonly mapTileUrl: string | null;
}

export function decodeClientConfiguration(body: unknown): ClientConfiguration {
  const r = record(body);
  return {
    loggedUserRoles: userTypesOf(list(r['loggedUserRoles'])),
    secondsToPwdExpiration: numberOrNull(r['secondsToPwdExpiration']),
    wsLibrary: text(r['wsLibrary']),
    wsPath: typeof r['wsPath'] === 'string' ? r['wsPath'] : null,
    activeFeatures: list(r['activeFeatures']).filter((item): item is string => typeof item === 'string'),
    userId: text(r['userId']),
    mapTileUrl: typeof r['mapTileUrl'] === 'string' && r['mapTileUrl'] !== '' ? r['mapTileUrl'] : null,
  };
}

/** spec 000 §2 "Drawer": the three applications. */
export interface ApplicationUrls {
  readonly centralConsole: string;
  readonly videoReturnPortal: string;
  readonly matrixApplication: string;
}

export function decodeApplicationUrls(body: unknown): ApplicationUrls {
  const r = record(body);
  return {
    centralConsole: text(r['centralConsole']),
    videoReturnPortal: text(r['videoReturnPortal']),
    matrixApplication: text(r['matrixApplication']),
  };
}

/** spec 002 §3 "Notification" with the server's 24 h / 2 h flags (§4). */
export interface ClientNotification {
  readonly id: string;
  readonly globalNotification: string;
  /** ms since the epoch; null when it does not expire. */
  readonly expireDate: number | null;
  readonly expiresWithin24h: boolean;
  readonly expiresWithin2h: boolean;
}

export function decodeNotifications(body: unknown): ClientNotification[] {
  return list(body).map((item, index) => {
    const r = record(item);
    return {
      id: text(r['id'], `notification-${index}`),
      globalNotification: text(r['globalNotification']),
      expireDate: numberOrNull(r['expireDate']),
      expiresWithin24h: r['expiresWithin24h'] === true,
      expiresWithin2h: r['expiresWithin2h'] === true,
    };
  });
}

export interface UserGroup {
  readonly uid: string;
  readonly name: string;
  readonly inventoryId: string;
  readonly inventoryName: string;
}

export function decodeGroups(body: unknown): UserGroup[] {
  return list(body).flatMap((item) => {
    const r = record(item);
    const uid = text(r['uid']);
    return uid === '' ? [] : [{ uid, name: text(r['name'], uid), inventoryId: text(r['inventoryId']), inventoryName: text(r['inventoryName']) }];
  });
}

// ---------------------------------------------------------------------------------------------
// Calls

export interface Credentials {
  readonly username: string;
  readonly password: string;
}

/** POST auth/login: sets the session cookie. A 401 here is the answer "Wrong username or password". */
export async function signIn(credentials: Credentials): Promise<CurrentUser> {
  return decodeCurrentUser(await apiRequest('auth/login', { method: 'POST', body: credentials, redirectOn401: false }));
}

/** POST auth/logout: ends the session (a session already gone is fine). */
export async function signOut(): Promise<void> {
  await apiRequest('auth/logout', { method: 'POST', redirectOn401: false });
}

export interface CallOptions {
  readonly signal?: AbortSignal;
  readonly redirectOn401?: boolean;
}

export async function fetchCurrentUser(options: CallOptions = {}): Promise<CurrentUser> {
  return decodeCurrentUser(await apiRequest('users/fetch_current_user_details', options));
}

export async function fetchClientConfiguration(options: CallOptions = {}): Promise<ClientConfiguration> {
  return decodeClientConfiguration(await apiRequest('v2/client/configuration', options));
}

export async function fetchApplicationUrls(options: CallOptions = {}): Promise<ApplicationUrls> {
  return decodeApplicationUrls(await apiRequest('v2/client/application/urls', options));
}

/** GET userPreferences/vue, merged over the defaults (never trusts the stored shape). */
export async function fetchPreferences(options: CallOptions = {}): Promise<UserPreferences> {
  return mergePreferences(await apiRequest('userPreferences/vue', options));
}

/** PUT userPreferences/vue: the given fields replace the stored ones; answers the whole merged set. */
export async function savePreferences(changes: Partial<UserPreferences>, options: CallOptions = {}): Promise<UserPreferences> {
  return mergePreferences(await apiRequest('userPreferences/vue', { ...options, method: 'PUT', body: changes }));
}

export async function fetchNotifications(options: CallOptions = {}): Promise<ClientNotification[]> {
  return decodeNotifications(await apiRequest('client_notifications/fetch', options));
}

export async function fetchGroups(options: CallOptions = {}): Promise<UserGroup[]> {
  return decodeGroups(await apiRequest('groups/fetch', options));
}
