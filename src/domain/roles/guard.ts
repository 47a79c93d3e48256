/**
 * The navigation decision of the console (spec 000 §2 "Routing behaviour", 000 §6, 002 §2
 * "Routing behaviour", 002 §4 "Password expiry", 002 §8 "Preferences fail to load"): one pure
 * function the router calls before every navigation.
 *
 * Contract: a redirect always names a known route, and deciding again for the redirect target
 * (same user, preferences and origin, no query) allows it, so the router never loops. The
 * user-wide gates (no permission, video-return viewer, preferences failed, password notice) run
 * before path rules, so every redirect lands in one hop.
 */
import { needsPasswordNotice, PASSWORD_NOTICE_SECONDS } from '../account.ts';
import type { Roles } from './roleSets.ts';
import { hasConsoleAccess, inRoleSet, isVideoReturnViewerOnly } from './roleSets.ts';
import type { UserType } from './userTypes.ts';
import { PATHS, guardAllows, matchRoute, normalizePath } from './routes.ts';

/** spec 000 §2, 001 §2, 002 §2: the refusal text, word for word. */
export const ACCESS_REFUSED_MESSAGE = 'You are not allowed to access this application.';

/** spec 002 §4, §9: the password notice shows when the password expires in 14 days or fewer. */
export { PASSWORD_EXPIRY_WARNING_DAYS } from '../constants.ts';
/** 14 days in seconds (1 209 600 s), the unit of secondsToPwdExpiration. */
export const PASSWORD_EXPIRY_WARNING_S = PASSWORD_NOTICE_SECONDS;

/** spec 000 §2: the query flag that keeps a refused or restored route from defaulting to the list. */
export const IGNORE_ROUTE_DEFAULT = 'ignoreRouteDefault';

export interface RouteUser {
  /** Client configuration loggedUserRoles (spec 002 §3); null until loaded. */
  readonly roles: readonly UserType[] | null;
  /** Client configuration secondsToPwdExpiration (spec 002 §3), in seconds; null when the password does not expire. */
  readonly secondsToPwdExpiration: number | null;
  /** The user chose "later" on the password notice (spec 002 §2 "unless the user postponed it"); held by the client. */
  readonly passwordNoticePostponed: boolean;
}

/** The part of the user preferences the router reads (spec 002 §3 currentRoute). */
export interface RoutePreferences {
  readonly currentRoute?: string | null;
}

export type RouteQuery = Readonly<Record<string, unknown>>;

export interface RouteRequest {
  readonly user: RouteUser;
  /** Where the navigation goes. */
  readonly pathname: string;
  readonly query: RouteQuery;
  /** null until loaded, or when they failed to load. */
  readonly preferences: RoutePreferences | null;
  /** The page the navigation leaves; null on the first navigation of the session. */
  readonly from: string | null;
  readonly preferencesFailed: boolean;
  /** The first navigation after the application starts (restore happens only then). */
  readonly isInitialNavigation: boolean;
}

export const REDIRECT_REASONS = [
  'unknownPath', // spec 000 §2: any unknown path → unit list
  'roleGuard', // spec 000 §2: failed role guard → unit list
  'roleGuardShown', // ours: failed role guard with ignoreRouteDefault → unauthorized page
  'errorPageForAdmins', // spec 000 §2: /error is for non-admins; super users and admins → unit list
  'restoreLastRoute', // spec 000 §2: last route from preferences at start
  'shellDefault', // ours: the bare home shell opens the unit list
  'preferencesFailed', // spec 000 §2, 002 §8: preferences failed to load → /error
  'stayOnUnauthorized', // spec 000 §2: a user who arrives from the unauthorized page stays there
  'noPermission', // spec 000 §6: no permission for the application → unauthorized page
  'videoReturnViewer', // spec 000 §6: limited-access page pointing to the video return portal
  'passwordExpiring', // spec 002 §2, §4: 14 days or fewer → password notice
] as const;

export type RedirectReason = (typeof REDIRECT_REASONS)[number];

export type RouteDecision =
  | { readonly kind: 'allow' }
  | { readonly kind: 'redirect'; readonly to: string; readonly reason: RedirectReason }
  /** spec 002 §2: a user with no roles loaded triggers the loading of preferences; decide again after. */
  | { readonly kind: 'loadPreferences' };

const ALLOW: RouteDecision = { kind: 'allow' };
const redirect = (to: string, reason: RedirectReason): RouteDecision => ({ kind: 'redirect', to, reason });

/**
 * True when the query carries ignoreRouteDefault: present with any value ("?ignoreRouteDefault",
 * "=1", "=true"), except the explicit strings "false" and "0".
 */
export function hasIgnoreRouteDefault(query: RouteQuery): boolean {
  if (!Object.hasOwn(query, IGNORE_ROUTE_DEFAULT)) return false;
  const value = query[IGNORE_ROUTE_DEFAULT];
  const first = Array.isArray(value) ? (value as readonly unknown[])[0] : value;
  return first !== 'false' && first !== '0' && first !== false && first !== undefined;
}

/** spec 002 §2, §4: expires in 14 days or fewer (an expired password, ≤ 0 s, counts too). */
export function passwordNoticeDue(user: RouteUser): boolean {
  return needsPasswordNotice(user.secondsToPwdExpiration, user.passwordNoticePostponed);
}

/** spec 000 §2: /error is only for users who are neither super user nor admin. */
function mayOpenErrorPage(roles: Roles): boolean {
  return !inRoleSet(roles, 'superUserOrAdmin');
}

/** spec 000 §2: the route whose preference is saved on leaving it (false for unknown paths). */
export function shouldSaveRoute(pathname: string): boolean {
  return matchRoute(pathname)?.route.savesRoutePreference ?? false;
}

/** spec 000 §2 "The title of a page is the translation of its path": its i18n key, null when unknown. */
export function pageTitleKey(pathname: string): string | null {
  return matchRoute(pathname)?.route.titleKey ?? null;
}

/** The saved route to restore at start, or null when there is none the user may open. */
function restorableRoute(preferences: RoutePreferences | null, roles: Roles): string | null {
  const saved = preferences?.currentRoute;
  if (saved === undefined || saved === null) return null;
  const match = matchRoute(saved);
  if (match === null || !match.route.savesRoutePreference) return null; // spec 000 §2: never for non-saving routes
  if (!guardAllows(match.route.guard, roles)) return null; // roles may have changed since it was saved
  return normalizePath(saved);
}

/** The one routing decision (spec 000 §2, 000 §6, 002 §2). Rules in order; the first that applies wins. */
export function decideRoute(request: RouteRequest): RouteDecision {
  const { user, query, preferences, preferencesFailed, isInitialNavigation } = request;
  const pathname = normalizePath(request.pathname);
  const from = request.from === null ? null : normalizePath(request.from);
  const match = matchRoute(pathname);

  // 1. Refusal and notice pages are open to everyone, roles loaded or not.
  if (match !== null && match.route.guard.kind === 'any') return ALLOW;
  // 2. spec 000 §2: a user who arrives from the unauthorized page stays there.
  if (from === PATHS.unauthorized) return redirect(PATHS.unauthorized, 'stayOnUnauthorized');
  // 3. spec 002 §2: no roles loaded → load the preferences, unless that already failed.
  const roles = user.roles;
  if (roles === null) {
    if (!preferencesFailed) return { kind: 'loadPreferences' };
    return pathname === PATHS.error ? ALLOW : redirect(PATHS.error, 'preferencesFailed');
  }
  // 3b. The video return portal (spec 000 §1, §6): its own guard, console role or not.
  if (match !== null && match.route.guard.kind === 'portal') {
    return guardAllows(match.route.guard, roles) ? ALLOW : redirect(PATHS.unauthorized, 'noPermission');
  }
  // 4. spec 000 §6: the application itself is refused, or shown as the limited-access page.
  if (!hasConsoleAccess(roles)) {
    return isVideoReturnViewerOnly(roles)
      ? redirect(PATHS.limitedAccess, 'videoReturnViewer')
      : redirect(PATHS.unauthorized, 'noPermission');
  }
  // 5. spec 000 §2, 002 §8: preferences failed → /error. Super users and admins may not open
  //    /error (they would bounce to the list), so they carry on without saved preferences.
  if (preferencesFailed && mayOpenErrorPage(roles) && pathname !== PATHS.error) {
    return redirect(PATHS.error, 'preferencesFailed');
  }
  // 6. spec 002 §2, §4: password expiring in 14 days or fewer → notice, unless postponed.
  //    /error is exempt for those who may open it, so a failed preference load is shown first.
  const onOwnErrorPage = pathname === PATHS.error && mayOpenErrorPage(roles);
  if (passwordNoticeDue(user) && !onOwnErrorPage) {
    return redirect(PATHS.passwordNotice, 'passwordExpiring');
  }
  // 7. spec 000 §2: any unknown path → unit list.
  if (match === null) return redirect(PATHS.unitList, 'unknownPath');
  const ignoreDefault = hasIgnoreRouteDefault(query);
  // 8. The bare shell: restore the last route at start (spec 000 §2), otherwise the unit list.
  if (pathname === PATHS.home) {
    const restored = isInitialNavigation && !ignoreDefault ? restorableRoute(preferences, roles) : null;
    return restored === null ? redirect(PATHS.unitList, 'shellDefault') : redirect(restored, 'restoreLastRoute');
  }
  // 9. spec 000 §2: /error sends super users and admins to the unit list.
  if (pathname === PATHS.error) {
    return mayOpenErrorPage(roles) ? ALLOW : redirect(PATHS.unitList, 'errorPageForAdmins');
  }
  // 10. spec 000 §2: role guard; a refusal goes to the list, or with ignoreRouteDefault to the
  //     unauthorized page (ours: the flag means "do not fall back silently", so say why).
  if (guardAllows(match.route.guard, roles)) return ALLOW;
  return ignoreDefault ? redirect(PATHS.unauthorized, 'roleGuardShown') : redirect(PATHS.unitList, 'roleGuard');
}
