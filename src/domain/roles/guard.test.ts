import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { UserType } from './userTypes.ts';
import { USER_TYPES } from './userTypes.ts';
import { ROUTES, matchRoute } from './routes.ts';
import type { RouteName } from './routes.ts';
import {
  ACCESS_REFUSED_MESSAGE,
  PASSWORD_EXPIRY_WARNING_S,
  REDIRECT_REASONS,
  decideRoute,
  hasIgnoreRouteDefault,
  pageTitleKey,
  passwordNoticeDue,
  shouldSaveRoute,
} from './guard.ts';
import type { RedirectReason, RouteDecision, RouteRequest, RouteUser } from './guard.ts';

const DAY_S = 86_400;

function user(roles: readonly UserType[] | null, extra: Partial<RouteUser> = {}): RouteUser {
  return { roles, secondsToPwdExpiration: null, passwordNoticePostponed: false, ...extra };
}

function request(overrides: Partial<RouteRequest> = {}): RouteRequest {
  return {
    user: user(['luc_regular']),
    pathname: '/list',
    query: {},
    preferences: {},
    from: '/list',
    preferencesFailed: false,
    isInitialNavigation: false,
    ...overrides,
  };
}

const ALLOW: RouteDecision = { kind: 'allow' };
const to = (path: string, reason: RedirectReason): RouteDecision => ({ kind: 'redirect', to: path, reason });

// Who may open each guarded route, written out from the specs (000 §2, 002 §2, §6) and our choices.
const EVERYONE: readonly UserType[] = USER_TYPES;
const CONSOLE: readonly UserType[] = USER_TYPES.filter((type) => type !== 'luc_vr_viewer' && type !== 'luc_application');
const ADMIN_SET: readonly UserType[] = ['super_user', 'luc_admin', 'luc_media_group_admin', 'luc_partner', 'luc_contractor'];
const MEDIA_GROUP: readonly UserType[] = ['super_user', 'luc_media_group_admin'];
const MANAGEMENT: readonly UserType[] = [...ADMIN_SET, 'luc_regular', 'luc_read', 'luc_multipoint', 'luc_unit_control'];
const SUPER: readonly UserType[] = ['super_user'];
const SUPPORT: readonly UserType[] = ['staff']; // the support menu: staff, exact (routes.ts)
const ALLOWED: Record<RouteName, readonly UserType[]> = {
  Error: CONSOLE.filter((type) => type !== 'super_user' && type !== 'luc_admin'),
  UnauthorizedUser: EVERYONE,
  CustomerPortal: EVERYONE,
  EasyLive: EVERYONE,
  LimitedAccess: EVERYONE,
  PasswordNotice: EVERYONE,
  VideoReturnPortal: EVERYONE.filter((type) => type !== 'luc_application'), // ours: the portal's set (roleSets.ts videoReturnPortal)
  Home: [], // the bare shell always forwards
  MultiView: CONSOLE,
  UnitList: CONSOLE,
  UnitMap: CONSOLE,
  FileUpload: ADMIN_SET, // same members as the admin set, by our choice of including super_user
  Unit: CONSOLE,
  SharesPublishers: MEDIA_GROUP,
  SharesSubscribers: MEDIA_GROUP,
  Users: ADMIN_SET,
  Groups: ADMIN_SET,
  UsageProfiles: ADMIN_SET,
  SoftwareVersions: ADMIN_SET,
  AudioRooms: ADMIN_SET,
  InventoryServices: ADMIN_SET,
  UnitLicenseActivation: CONSOLE, // ours: others may be granted it per inventory (spec 001 §6); the page asks the server
  Reports: ADMIN_SET,
  Contractor: ['luc_contractor'],
  PartnerRemoteActions: ['luc_partner'],
  Files: CONSOLE,
  Stories: CONSOLE,
  Channels: MANAGEMENT,
  Devices: MANAGEMENT,
  VideoReturn: MANAGEMENT,
  MyGraphics: CONSOLE,
  Account: CONSOLE,
  Preferences: CONSOLE,
  About: CONSOLE,
  Replay: SUPER,
  Incidents: CONSOLE,
  Activity: CONSOLE,
  SystemEntities: SUPER,
  SystemEntitiesInventories: SUPER,
  SystemEntitiesGroups: SUPER,
  SystemEntitiesUnits: SUPER,
  SystemEntitiesMmhServers: SUPER,
  SystemEntitiesVrServers: SUPER,
  SystemEntitiesIngestServers: SUPER,
  SystemEntitiesTransceiverServers: SUPER,
  SystemEntitiesUsers: SUPER,
  SystemEntitiesChannels: SUPER,
  SystemEntitiesVrChannels: SUPER,
  SystemEntitiesDbGateways: SUPER,
  SystemSettings: SUPPORT,
  SystemSettingsClientApplication: SUPPORT,
  SystemSettingsModemVendor: SUPPORT,
  SystemSettingsAiSettings: SUPPORT,
  RemoteActions: SUPER,
  AccessApprovals: SUPPORT,
  WhatsNew: SUPER,
  BatchUpgrade: SUPPORT,
  IfbServers: SUPER,
};

const concrete = (path: string) => path.replace(':id', '42');

function expectedFor(name: RouteName, path: string, type: UserType): RouteDecision {
  if (ALLOWED[name] === EVERYONE) return ALLOW;
  // The portal has its own guard, console role or not (routes.ts 'portal').
  if (name === 'VideoReturnPortal') return ALLOWED[name].includes(type) ? ALLOW : to('/unauthorized_user', 'noPermission');
  if (type === 'luc_vr_viewer') return to('/limited_access', 'videoReturnViewer');
  if (type === 'luc_application') return to('/unauthorized_user', 'noPermission');
  if (path === '/') return to('/list', 'shellDefault');
  if (ALLOWED[name].includes(type)) return ALLOW;
  if (name === 'Error') return to('/list', 'errorPageForAdmins');
  return to('/list', 'roleGuard');
}

const MATRIX = ROUTES.flatMap((route) =>
  USER_TYPES.map((type) => ({ path: concrete(route.path), name: route.name, type, expected: expectedFor(route.name, route.path, type) })),
);

describe('decideRoute: user type × route matrix (spec 000 §2, 002 §2, §6)', () => {
  it('covers every route of the table', () => {
    expect(Object.keys(ALLOWED).sort()).toEqual(ROUTES.map((route) => route.name).sort());
  });

  it.each(MATRIX)('$type on $path → $expected.kind $expected.to', ({ path, type, expected }) => {
    expect(decideRoute(request({ user: user([type]), pathname: path }))).toEqual(expected);
  });

  it.each([
    '/psg/system_settings',
    '/psg/system_settings/client_application',
    '/psg/system_settings/modem_vendor',
    '/psg/system_settings/ai_settings',
    '/psg/access_approvals',
    '/psg/batch_upgrade',
  ])('opens the staff page %s to a super user who is also staff', (path) => {
    expect(decideRoute(request({ user: user(['super_user', 'staff']), pathname: path }))).toEqual(ALLOW);
  });
});

// One scenario per reason: the spec rule it comes from, the request, the expected redirect.
const REASON_SCENARIOS: Record<RedirectReason, [string, Partial<RouteRequest>, string]> = {
  unknownPath: ['spec 000 §2: any unknown path redirects to the unit list', { pathname: '/nowhere' }, '/list'],
  roleGuard: ['spec 000 §2: a failed role guard sends the user to the unit list', { pathname: '/users' }, '/list'],
  roleGuardShown: [
    'ours: a failed role guard with ignoreRouteDefault shows the unauthorized page',
    { pathname: '/users', query: { ignoreRouteDefault: 'true' } },
    '/unauthorized_user',
  ],
  errorPageForAdmins: [
    'spec 000 §2: /error sends a super user to the unit list',
    { user: user(['super_user']), pathname: '/error' },
    '/list',
  ],
  restoreLastRoute: [
    'spec 000 §2: the last route is restored at start',
    { pathname: '/', isInitialNavigation: true, from: null, preferences: { currentRoute: '/map' } },
    '/map',
  ],
  shellDefault: ['ours: the bare shell opens the unit list', { pathname: '/' }, '/list'],
  preferencesFailed: ['spec 000 §2: preferences that fail to load send the user to /error', { preferencesFailed: true, preferences: null }, '/error'],
  stayOnUnauthorized: ['spec 000 §2: a user who arrives from the unauthorized page stays there', { from: '/unauthorized_user', pathname: '/map' }, '/unauthorized_user'],
  noPermission: ['spec 000 §6: users with no permission get the unauthorized page', { user: user([]) }, '/unauthorized_user'],
  videoReturnViewer: ['spec 000 §6: video-return viewers get the limited-access page', { user: user(['luc_vr_viewer']) }, '/limited_access'],
  passwordExpiring: [
    'spec 002 §2: a password expiring in 14 days or fewer shows the password notice',
    { user: user(['luc_regular'], { secondsToPwdExpiration: 3 * DAY_S }) },
    '/password_notice',
  ],
};

describe('decideRoute: every redirect reason', () => {
  it('has a scenario for each reason', () => {
    expect(Object.keys(REASON_SCENARIOS).sort()).toEqual([...REDIRECT_REASONS].sort());
  });

  it.each(Object.entries(REASON_SCENARIOS))('%s: %s', (reason, [, overrides, path]) => {
    expect(decideRoute(request(overrides))).toEqual(to(path, reason as RedirectReason));
  });
});

describe('decideRoute: ignoreRouteDefault (spec 000 §2)', () => {
  it.each([
    [{}, to('/list', 'roleGuard')],
    [{ ignoreRouteDefault: '' }, to('/unauthorized_user', 'roleGuardShown')],
    [{ ignoreRouteDefault: 'true' }, to('/unauthorized_user', 'roleGuardShown')],
    [{ ignoreRouteDefault: ['1'] }, to('/unauthorized_user', 'roleGuardShown')],
    [{ ignoreRouteDefault: 'false' }, to('/list', 'roleGuard')],
    [{ ignoreRouteDefault: '0' }, to('/list', 'roleGuard')],
  ])('a luc_regular refused /sw_version with query %j → %j', (query, expected) => {
    expect(decideRoute(request({ pathname: '/sw_version', query }))).toEqual(expected);
  });

  it('restores the saved route at start without the flag', () => {
    const start = request({ pathname: '/', from: null, isInitialNavigation: true, preferences: { currentRoute: '/stories' } });
    expect(decideRoute(start)).toEqual(to('/stories', 'restoreLastRoute'));
  });

  it('does not restore the saved route at start with the flag', () => {
    const start = request({
      pathname: '/',
      from: null,
      isInitialNavigation: true,
      query: { ignoreRouteDefault: '1' },
      preferences: { currentRoute: '/stories' },
    });
    expect(decideRoute(start)).toEqual(to('/list', 'shellDefault'));
  });

  it('leaves the unknown-path rule alone: the flag does not open an unknown path', () => {
    expect(decideRoute(request({ pathname: '/nowhere', query: { ignoreRouteDefault: '1' } }))).toEqual(to('/list', 'unknownPath'));
  });

  it.each([[{}, false], [{ other: '1' }, false], [{ ignoreRouteDefault: undefined }, false], [{ ignoreRouteDefault: null }, true]])(
    'reads the flag in %j as %s',
    (query, expected) => {
      expect(hasIgnoreRouteDefault(query)).toBe(expected);
    },
  );
});

describe('decideRoute: restoring the last route (spec 000 §2, 002 §2)', () => {
  const start = (currentRoute: string | null, roles: readonly UserType[] = ['luc_regular']) =>
    request({ user: user(roles), pathname: '/', from: null, isInitialNavigation: true, preferences: { currentRoute } });

  it.each([
    ['/map', to('/map', 'restoreLastRoute')],
    ['/unit/17', to('/unit/17', 'restoreLastRoute')],
    ['/video_return?tab=2', to('/video_return', 'restoreLastRoute')],
    ['/list', to('/list', 'shellDefault')], // does not save its route
    ['/files', to('/list', 'shellDefault')],
    ['/channels', to('/list', 'shellDefault')],
    ['/devices', to('/list', 'shellDefault')],
    ['/nowhere', to('/list', 'shellDefault')],
    ['/error', to('/list', 'shellDefault')],
    ['/users', to('/list', 'shellDefault')], // saved by an admin, now refused to this user
    [null, to('/list', 'shellDefault')],
  ])('restores %j as %j', (currentRoute, expected) => {
    expect(decideRoute(start(currentRoute))).toEqual(expected);
  });

  it('restores only on the initial navigation', () => {
    expect(decideRoute({ ...start('/map'), isInitialNavigation: false })).toEqual(to('/list', 'shellDefault'));
  });

  it('restores only for a start at the shell, not at a deep link', () => {
    expect(decideRoute({ ...start('/map'), pathname: '/stories' })).toEqual(ALLOW);
  });

  it.each([
    ['/list', false],
    ['/files', false],
    ['/channels', false],
    ['/devices', false],
    ['/map', true],
    ['/unit/9', true],
    ['/nowhere', false],
  ])('shouldSaveRoute(%s) is %s', (path, expected) => {
    expect(shouldSaveRoute(path)).toBe(expected);
  });
});

describe('decideRoute: password notice (spec 002 §2, §4: 14 days or fewer)', () => {
  it.each([
    ['14 days exactly', PASSWORD_EXPIRY_WARNING_S, false, to('/password_notice', 'passwordExpiring')],
    ['14 days + 1 s', PASSWORD_EXPIRY_WARNING_S + 1, false, ALLOW],
    ['1 s', 1, false, to('/password_notice', 'passwordExpiring')],
    ['already expired (-1 s)', -1, false, to('/password_notice', 'passwordExpiring')],
    ['14 days exactly, postponed', PASSWORD_EXPIRY_WARNING_S, true, ALLOW],
    ['1 s, postponed', 1, true, ALLOW],
    ['no expiry', null, false, ALLOW],
  ])('%s → %j', (_label, seconds, postponed, expected) => {
    const decision = decideRoute(request({ pathname: '/map', user: user(['luc_regular'], { secondsToPwdExpiration: seconds, passwordNoticePostponed: postponed }) }));
    expect(decision).toEqual(expected);
  });

  it('counts 14 days as 1 209 600 s', () => {
    expect(PASSWORD_EXPIRY_WARNING_S).toBe(1_209_600);
  });

  it('lets the user read the notice page itself', () => {
    const expiring = user(['luc_regular'], { secondsToPwdExpiration: 60 });
    expect(decideRoute(request({ user: expiring, pathname: '/password_notice' }))).toEqual(ALLOW);
    expect(passwordNoticeDue(expiring)).toBe(true);
  });

  it('sends an admin with an expiring password who opens /error to the notice, not via the list (fast-check seed)', () => {
    const admin = user(['luc_admin'], { secondsToPwdExpiration: 0 });
    expect(decideRoute(request({ user: admin, pathname: '/error', preferences: null, from: null }))).toEqual(
      to('/password_notice', 'passwordExpiring'),
    );
  });

  it('shows the failed-preferences page before the password notice', () => {
    const expiring = user(['luc_regular'], { secondsToPwdExpiration: 60 });
    expect(decideRoute(request({ user: expiring, preferencesFailed: true, preferences: null }))).toEqual(to('/error', 'preferencesFailed'));
    expect(decideRoute(request({ user: expiring, preferencesFailed: true, preferences: null, pathname: '/error' }))).toEqual(ALLOW);
  });
});

describe('decideRoute: /error and failed preferences (spec 000 §2, 002 §8)', () => {
  it.each([
    ['super_user', to('/list', 'errorPageForAdmins')],
    ['luc_admin', to('/list', 'errorPageForAdmins')],
    ['luc_regular', ALLOW],
    ['luc_media_group_admin', ALLOW],
  ] as const)('%s on /error → %j', (type, expected) => {
    expect(decideRoute(request({ user: user([type]), pathname: '/error' }))).toEqual(expected);
  });

  it('lets a super user whose preferences failed carry on, since /error would send them to the list', () => {
    expect(decideRoute(request({ user: user(['super_user']), preferencesFailed: true, preferences: null, pathname: '/map' }))).toEqual(ALLOW);
  });

  it('sends a luc_regular whose preferences failed to /error from any page', () => {
    expect(decideRoute(request({ preferencesFailed: true, preferences: null, pathname: '/map' }))).toEqual(to('/error', 'preferencesFailed'));
  });

  it('sends a user whose roles never loaded, because preferences failed, to /error and lets them stay', () => {
    const noRoles = { user: user(null), preferencesFailed: true, preferences: null };
    expect(decideRoute(request({ ...noRoles, pathname: '/map' }))).toEqual(to('/error', 'preferencesFailed'));
    expect(decideRoute(request({ ...noRoles, pathname: '/error' }))).toEqual(ALLOW);
  });
});

describe('decideRoute: roles not loaded (spec 002 §2)', () => {
  it.each(['/list', '/map', '/', '/nowhere', '/error'])('asks to load the preferences before deciding %s', (path) => {
    expect(decideRoute(request({ user: user(null), pathname: path, preferences: null }))).toEqual({ kind: 'loadPreferences' });
  });

  it.each(['/unauthorized_user', '/customer_portal', '/easy_live', '/limited_access', '/password_notice'])(
    'opens %s without loading anything',
    (path) => {
      expect(decideRoute(request({ user: user(null), pathname: path, preferences: null }))).toEqual(ALLOW);
    },
  );
});

describe('decideRoute: the unauthorized page (spec 000 §2, §6)', () => {
  it('keeps a user who arrives from the unauthorized page there', () => {
    expect(decideRoute(request({ user: user(['super_user']), from: '/unauthorized_user', pathname: '/psg/whats_new' }))).toEqual(
      to('/unauthorized_user', 'stayOnUnauthorized'),
    );
  });

  it('lets the unauthorized page itself open from anywhere', () => {
    expect(decideRoute(request({ from: '/unauthorized_user', pathname: '/unauthorized_user' }))).toEqual(ALLOW);
  });

  it('lets a fresh start leave it (no origin page)', () => {
    expect(decideRoute(request({ from: null, pathname: '/map' }))).toEqual(ALLOW);
  });

  it('sends a video-return viewer who is also an operator into the console', () => {
    expect(decideRoute(request({ user: user(['luc_vr_viewer', 'luc_regular']), pathname: '/map' }))).toEqual(ALLOW);
  });

  it('quotes the refusal text word for word', () => {
    expect(ACCESS_REFUSED_MESSAGE).toBe('You are not allowed to access this application.');
  });
});

describe('pageTitleKey (spec 000 §2)', () => {
  it.each([
    ['/list', 'routes.list'],
    ['/unit/5', 'routes.unit'],
    ['/psg/system_settings/ai_settings', 'routes.psg/system_settings/ai_settings'],
    ['/nowhere', null],
  ])('%s → %s', (path, key) => {
    expect(pageTitleKey(path)).toBe(key);
  });
});

// Property: no redirect loops and no redirect to an unknown place.
const KNOWN_PATHS = ROUTES.map((route) => concrete(route.path));
const pathArb = fc.oneof(
  fc.constantFrom(...KNOWN_PATHS),
  fc.constantFrom('/nowhere', '/psg', '/unit', '/list/', 'map', '/unit/x/y', ''),
  fc.string({ maxLength: 12 }),
);
const requestArb: fc.Arbitrary<RouteRequest> = fc.record({
  user: fc.record({
    roles: fc.option(fc.subarray([...USER_TYPES]), { nil: null }),
    secondsToPwdExpiration: fc.option(fc.integer({ min: -DAY_S, max: 30 * DAY_S }), { nil: null }),
    passwordNoticePostponed: fc.boolean(),
  }),
  pathname: pathArb,
  query: fc.constantFrom({}, { ignoreRouteDefault: '' }, { ignoreRouteDefault: 'false' }, { other: 'x' }),
  preferences: fc.option(fc.record({ currentRoute: fc.option(pathArb, { nil: null }) }), { nil: null }),
  from: fc.option(pathArb, { nil: null }),
  preferencesFailed: fc.boolean(),
  isInitialNavigation: fc.boolean(),
});

describe('decideRoute properties', () => {
  it('never redirects to a route the same user would be redirected away from, and always to a known route', () => {
    fc.assert(
      fc.property(requestArb, (req) => {
        const decision = decideRoute(req);
        if (decision.kind !== 'redirect') return;
        expect(matchRoute(decision.to)).not.toBeNull();
        // The router redirects inside the same navigation: same origin and state, the query dropped or kept.
        expect(decideRoute({ ...req, pathname: decision.to, query: {} })).toEqual(ALLOW);
        expect(decideRoute({ ...req, pathname: decision.to })).toEqual(ALLOW);
      }),
      { numRuns: 5_000 },
    );
  });

  it('asks to load preferences only while roles are missing', () => {
    fc.assert(
      fc.property(requestArb, (req) => {
        if (decideRoute(req).kind === 'loadPreferences') expect(req.user.roles).toBeNull();
      }),
      { numRuns: 2_000 },
    );
  });
});
