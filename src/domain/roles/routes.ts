/**
 * Every route of the console as one typed table (spec 000 §2, 001 §2, 002 §2), the guards that
 * protect them, and path matching. The menu (menu.ts) and the navigation decision (guard.ts) both
 * read this table: a route's guard is the single source of truth for who may see it.
 *
 * Choices where the specs say "not shown" (recorded in docs/domain.md):
 * - paths of My Graphics, Account, Preferences, About, the unit page, the limited-access page, the
 *   password notice, IFB servers and our replay tool;
 * - the system area sits in the shell under /psg/ (e.g. /psg/system_entities/inventories);
 * - which routes send an analytics page event (sendsAnalytics).
 */
import type { RoleSetName, Roles } from './roleSets.ts';
import { hasConsoleAccess, inRoleSet } from './roleSets.ts';
import { assertNever } from '../brand.ts';

/**
 * Who may open a route. Every kind except 'any' also needs a console role (roleSets.console):
 * - any: everyone, even users without permission for the application (refusal and notice pages);
 * - signedIn: any signed-in user of the console (spec 000 §2 "any signed-in user");
 * - none: "no role guard" (spec 002 §2, Files and Stories); same decision as signedIn, kept apart
 *   so the table says what the spec says;
 * - roles: holds a member of the set; allRoles: holds a member of every listed set;
 * - notRoles: holds no member of the set (/error: "neither super user nor admin");
 * - portal: holds a member of the set, console role or not (the video return portal: spec 000 §1,
 *   §6, where video-return viewers, who have no console role, work).
 */
export type Guard =
  | { readonly kind: 'any' }
  | { readonly kind: 'signedIn' }
  | { readonly kind: 'none' }
  | { readonly kind: 'roles'; readonly set: RoleSetName }
  | { readonly kind: 'allRoles'; readonly sets: readonly RoleSetName[] }
  | { readonly kind: 'notRoles'; readonly set: RoleSetName }
  | { readonly kind: 'portal'; readonly set: RoleSetName };

const ANY = { kind: 'any' } as const;
const SIGNED_IN = { kind: 'signedIn' } as const;
const NO_ROLE_GUARD = { kind: 'none' } as const;
const roles = (set: RoleSetName) => ({ kind: 'roles', set }) as const;
/**
 * spec 000 §6 / 002 §6: support staff's extra menu (client application, modem vendors, system
 * settings, access approval, batch upgrade). Ours (issue 17 item 6, docs/domain.md): those routes
 * are the staff's (exact check on staff, 002 §6), whatever other types the user holds; requiring
 * super_user as well left the staff user type without its menu. A super user who is not staff
 * keeps the rest of the system area.
 */
const SUPER_USER_STAFF = roles('staff');
const SUPER_USER = roles('superUser');

/** Parent of a route: outside the shell ('top'), a child of the home shell, or a tab of a system page. */
export type RouteParent = 'top' | 'shell' | 'SystemEntities' | 'SystemSettings';

interface RouteSpec {
  readonly path: string;
  readonly name: string;
  readonly parent: RouteParent;
  readonly guard: Guard;
  /** spec 000 §2: the unit list, files, channels and devices routes do not save the route preference. */
  readonly savesRoutePreference: boolean;
  /** spec 000 §2 "Some named routes send an analytics page event": which ones is ours. */
  readonly sendsAnalytics: boolean;
}

const top = <const P extends string, const N extends string>(path: P, name: N, guard: Guard) =>
  ({ path, name, parent: 'top', guard, savesRoutePreference: false, sendsAnalytics: false }) as const;

/*
 * Analytics (ours): the operating screens a customer works in every day (units, multiview, map,
 * uploads, files, stories, channels, devices, video return, unit page, graphics, services, audio
 * rooms). Not: refusal and notice pages, account pages, administration of users/groups/shares,
 * the super-user system area and our replay tool, which say nothing about product use.
 * Saving the route preference (ours beyond the spec's four): top-level pages, the bare shell and
 * the replay tool do not save it, so a restart never lands on a refusal page or a debugging tool.
 */
const TABLE = [
  // spec 000 §2, 002 §2: top-level routes.
  top('/error', 'Error', { kind: 'notRoles', set: 'superUserOrAdmin' }),
  top('/unauthorized_user', 'UnauthorizedUser', ANY),
  top('/customer_portal', 'CustomerPortal', ANY),
  top('/easy_live', 'EasyLive', ANY),
  top('/limited_access', 'LimitedAccess', ANY), // path ours: video-return viewers (spec 000 §6)
  top('/password_notice', 'PasswordNotice', ANY), // path ours: password expiring (spec 002 §4)
  top('/vr_portal', 'VideoReturnPortal', { kind: 'portal', set: 'videoReturnPortal' }), // path ours: the drawer's second application (spec 000 §1)
  top('/', 'Home', SIGNED_IN),
  // spec 000 §2: unit area.
  { path: '/multiview', name: 'MultiView', parent: 'shell', guard: SIGNED_IN, savesRoutePreference: true, sendsAnalytics: true },
  { path: '/list', name: 'UnitList', parent: 'shell', guard: SIGNED_IN, savesRoutePreference: false, sendsAnalytics: true },
  { path: '/map', name: 'UnitMap', parent: 'shell', guard: SIGNED_IN, savesRoutePreference: true, sendsAnalytics: true },
  { path: '/file_upload', name: 'FileUpload', parent: 'shell', guard: roles('fileUpload'), savesRoutePreference: true, sendsAnalytics: true },
  { path: '/unit/:id', name: 'Unit', parent: 'shell', guard: SIGNED_IN, savesRoutePreference: true, sendsAnalytics: true }, // path ours
  // spec 002 §2: routes of document 3.
  { path: '/publishers', name: 'SharesPublishers', parent: 'shell', guard: roles('mediaGroup'), savesRoutePreference: true, sendsAnalytics: false },
  { path: '/subscribers', name: 'SharesSubscribers', parent: 'shell', guard: roles('mediaGroup'), savesRoutePreference: true, sendsAnalytics: false },
  { path: '/users', name: 'Users', parent: 'shell', guard: roles('adminSet'), savesRoutePreference: true, sendsAnalytics: false },
  { path: '/groups', name: 'Groups', parent: 'shell', guard: roles('adminSet'), savesRoutePreference: true, sendsAnalytics: false },
  { path: '/usage_profiles', name: 'UsageProfiles', parent: 'shell', guard: roles('adminSet'), savesRoutePreference: true, sendsAnalytics: false },
  { path: '/sw_version', name: 'SoftwareVersions', parent: 'shell', guard: roles('adminSet'), savesRoutePreference: true, sendsAnalytics: false },
  { path: '/audio_rooms', name: 'AudioRooms', parent: 'shell', guard: roles('adminSet'), savesRoutePreference: true, sendsAnalytics: true },
  { path: '/inventory_services', name: 'InventoryServices', parent: 'shell', guard: roles('adminSet'), savesRoutePreference: true, sendsAnalytics: true },
  // spec 002 §2 lists it for the admin set, and spec 001 §6 "a permission exists to give others
  // access to unit and licence activation": ours, the route is open to console users and the page
  // asks the server whether the user is of the admin set or was granted it in the inventory.
  { path: '/unit_license_activation', name: 'UnitLicenseActivation', parent: 'shell', guard: roles('console'), savesRoutePreference: true, sendsAnalytics: true },
  { path: '/reports', name: 'Reports', parent: 'shell', guard: roles('adminSet'), savesRoutePreference: true, sendsAnalytics: true },
  { path: '/contractor', name: 'Contractor', parent: 'shell', guard: roles('contractorOnly'), savesRoutePreference: true, sendsAnalytics: false },
  { path: '/support', name: 'PartnerRemoteActions', parent: 'shell', guard: roles('partnerOnly'), savesRoutePreference: true, sendsAnalytics: false },
  { path: '/files', name: 'Files', parent: 'shell', guard: NO_ROLE_GUARD, savesRoutePreference: false, sendsAnalytics: true },
  { path: '/stories', name: 'Stories', parent: 'shell', guard: NO_ROLE_GUARD, savesRoutePreference: true, sendsAnalytics: true },
  // spec 002 §6: broad management set; spec 000 §2: channels and devices do not save the route.
  { path: '/channels', name: 'Channels', parent: 'shell', guard: roles('management'), savesRoutePreference: false, sendsAnalytics: true },
  { path: '/devices', name: 'Devices', parent: 'shell', guard: roles('management'), savesRoutePreference: false, sendsAnalytics: true },
  { path: '/video_return', name: 'VideoReturn', parent: 'shell', guard: roles('management'), savesRoutePreference: true, sendsAnalytics: true },
  // spec 002 §2 "their paths are not shown": paths ours. Graphics permission is a server answer
  // (spec 002 §4), not a role, so My Graphics is open to every console user and the page says
  // "Feature disabled" when the service is off.
  { path: '/my_graphics', name: 'MyGraphics', parent: 'shell', guard: SIGNED_IN, savesRoutePreference: true, sendsAnalytics: true },
  { path: '/account', name: 'Account', parent: 'shell', guard: SIGNED_IN, savesRoutePreference: true, sendsAnalytics: false },
  { path: '/preferences', name: 'Preferences', parent: 'shell', guard: SIGNED_IN, savesRoutePreference: true, sendsAnalytics: false },
  { path: '/about', name: 'About', parent: 'shell', guard: SIGNED_IN, savesRoutePreference: true, sendsAnalytics: false },
  // Ours: the replay debugging tool; recorded logs may hold any customer's fleet, so super user only.
  { path: '/replay', name: 'Replay', parent: 'shell', guard: SUPER_USER, savesRoutePreference: false, sendsAnalytics: false },
  // Ours (issue 17): the incident centre (the header's bell) and the activity feed (the user menu); every console user.
  { path: '/incidents', name: 'Incidents', parent: 'shell', guard: SIGNED_IN, savesRoutePreference: true, sendsAnalytics: true },
  { path: '/activity', name: 'Activity', parent: 'shell', guard: SIGNED_IN, savesRoutePreference: true, sendsAnalytics: false },
  // spec 002 §2: system area, super user only, under the psg prefix.
  { path: '/psg/system_entities', name: 'SystemEntities', parent: 'shell', guard: SUPER_USER, savesRoutePreference: true, sendsAnalytics: false },
  ...(
    [
      ['inventories', 'Inventories'],
      ['groups', 'Groups'],
      ['units', 'Units'],
      ['mmh_servers', 'MmhServers'],
      ['vr_servers', 'VrServers'],
      ['ingest_servers', 'IngestServers'],
      ['transceiver_servers', 'TransceiverServers'],
      ['users', 'Users'],
      ['channels', 'Channels'],
      ['vrChannels', 'VrChannels'],
      ['dbGateways', 'DbGateways'],
    ] as const
  ).map(
    ([tab, label]) =>
      ({
        path: `/psg/system_entities/${tab}`,
        name: `SystemEntities${label}`,
        parent: 'SystemEntities',
        guard: SUPER_USER,
        savesRoutePreference: true,
        sendsAnalytics: false,
      }) as const,
  ),
  { path: '/psg/system_settings', name: 'SystemSettings', parent: 'shell', guard: SUPER_USER_STAFF, savesRoutePreference: true, sendsAnalytics: false },
  ...(
    [
      ['client_application', 'ClientApplication'],
      ['modem_vendor', 'ModemVendor'],
      ['ai_settings', 'AiSettings'],
    ] as const
  ).map(
    ([tab, label]) =>
      ({
        path: `/psg/system_settings/${tab}`,
        name: `SystemSettings${label}`,
        parent: 'SystemSettings',
        guard: SUPER_USER_STAFF,
        savesRoutePreference: true,
        sendsAnalytics: false,
      }) as const,
  ),
  { path: '/psg/remote_actions', name: 'RemoteActions', parent: 'shell', guard: SUPER_USER, savesRoutePreference: true, sendsAnalytics: false },
  { path: '/psg/access_approvals', name: 'AccessApprovals', parent: 'shell', guard: SUPER_USER_STAFF, savesRoutePreference: true, sendsAnalytics: false },
  { path: '/psg/whats_new', name: 'WhatsNew', parent: 'shell', guard: SUPER_USER, savesRoutePreference: true, sendsAnalytics: false },
  { path: '/psg/batch_upgrade', name: 'BatchUpgrade', parent: 'shell', guard: SUPER_USER_STAFF, savesRoutePreference: true, sendsAnalytics: false },
  // spec 000 §2 menu "IFB Servers": path ours, in the super-user system area.
  { path: '/psg/ifb_servers', name: 'IfbServers', parent: 'shell', guard: SUPER_USER, savesRoutePreference: true, sendsAnalytics: false },
] as const satisfies readonly RouteSpec[];

export type RouteName = (typeof TABLE)[number]['name'];

export interface Route extends RouteSpec {
  readonly name: RouteName;
  /** spec 000 §2 "The title of a page is the translation of its path": the i18n key of that path. */
  readonly titleKey: string;
}

/**
 * i18n key of a path pattern: "routes." plus the path without its leading slash and without
 * parameter segments ("/psg/system_entities/inventories" → "routes.psg/system_entities/inventories",
 * "/unit/:id" → "routes.unit", "/" → "routes.home"). Slashes stay: a tab's key is never a prefix
 * object of its parent's key in nested translation files.
 */
export function titleKeyOfPattern(pattern: string): string {
  const fixed = segmentsOf(pattern).filter((segment) => !segment.startsWith(':'));
  return fixed.length === 0 ? 'routes.home' : `routes.${fixed.join('/')}`;
}

export const ROUTES: readonly Route[] = TABLE.map((spec) => ({ ...spec, titleKey: titleKeyOfPattern(spec.path) }));

/** Paths the navigation decision redirects to. */
export const PATHS = {
  home: '/',
  unitList: '/list',
  error: '/error',
  unauthorized: '/unauthorized_user',
  limitedAccess: '/limited_access',
  passwordNotice: '/password_notice',
  videoReturnPortal: '/vr_portal',
} as const;

const BY_NAME = new Map<RouteName, Route>(ROUTES.map((route) => [route.name, route]));

export function routeByName(name: RouteName): Route {
  const route = BY_NAME.get(name);
  if (route === undefined) throw new Error(`No route named ${name}`);
  return route;
}

export interface RouteMatch {
  readonly route: Route;
  /** Values of the :name segments, decoded. */
  readonly params: Readonly<Record<string, string>>;
}

/** The path part of a location: no query or hash, one leading slash, no empty or trailing segments ("list/" → "/list"). */
export function normalizePath(pathname: string): string {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  return `/${segmentsOf(path).join('/')}`;
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // a malformed escape is kept as typed
  }
}

const COMPILED = ROUTES.map((route) => ({ route, segments: segmentsOf(route.path) }));

/** The route a path opens, with its :id params; null for an unknown path (spec 000 §2). */
export function matchRoute(pathname: string): RouteMatch | null {
  const parts = segmentsOf(normalizePath(pathname));
  for (const { route, segments } of COMPILED) {
    if (segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let matches = true;
    for (const [index, segment] of segments.entries()) {
      const part = parts[index] ?? '';
      if (segment.startsWith(':')) params[segment.slice(1)] = decodeSegment(part);
      else if (segment !== part) {
        matches = false;
        break;
      }
    }
    if (matches) return { route, params };
  }
  return null;
}

/** Whether a guard lets a user with these (loaded) roles in. */
export function guardAllows(guard: Guard, userRoles: Roles): boolean {
  if (guard.kind === 'any') return true;
  if (guard.kind === 'portal') return inRoleSet(userRoles, guard.set);
  if (!hasConsoleAccess(userRoles)) return false;
  switch (guard.kind) {
    case 'signedIn':
    case 'none':
      return true;
    case 'roles':
      return inRoleSet(userRoles, guard.set);
    case 'allRoles':
      return guard.sets.every((set) => inRoleSet(userRoles, set));
    case 'notRoles':
      return !inRoleSet(userRoles, guard.set);
    default:
      return assertNever(guard, 'guard');
  }
}
