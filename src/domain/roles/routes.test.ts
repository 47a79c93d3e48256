import { describe, it, expect } from 'vitest';
import { ROUTES, guardAllows, matchRoute, normalizePath, routeByName, titleKeyOfPattern } from './routes.ts';
import type { Guard, RouteParent } from './routes.ts';

// [path, name, parent, guard] as the specs give them (000 §2, 002 §2), with our paths marked.
const SPEC_ROUTES: [string, string, RouteParent, Guard][] = [
  ['/error', 'Error', 'top', { kind: 'notRoles', set: 'superUserOrAdmin' }],
  ['/unauthorized_user', 'UnauthorizedUser', 'top', { kind: 'any' }],
  ['/customer_portal', 'CustomerPortal', 'top', { kind: 'any' }],
  ['/easy_live', 'EasyLive', 'top', { kind: 'any' }],
  ['/', 'Home', 'top', { kind: 'signedIn' }],
  ['/multiview', 'MultiView', 'shell', { kind: 'signedIn' }],
  ['/list', 'UnitList', 'shell', { kind: 'signedIn' }],
  ['/map', 'UnitMap', 'shell', { kind: 'signedIn' }],
  ['/file_upload', 'FileUpload', 'shell', { kind: 'roles', set: 'fileUpload' }],
  ['/publishers', 'SharesPublishers', 'shell', { kind: 'roles', set: 'mediaGroup' }],
  ['/subscribers', 'SharesSubscribers', 'shell', { kind: 'roles', set: 'mediaGroup' }],
  ['/users', 'Users', 'shell', { kind: 'roles', set: 'adminSet' }],
  ['/groups', 'Groups', 'shell', { kind: 'roles', set: 'adminSet' }],
  ['/usage_profiles', 'UsageProfiles', 'shell', { kind: 'roles', set: 'adminSet' }],
  ['/sw_version', 'SoftwareVersions', 'shell', { kind: 'roles', set: 'adminSet' }],
  ['/audio_rooms', 'AudioRooms', 'shell', { kind: 'roles', set: 'adminSet' }],
  ['/inventory_services', 'InventoryServices', 'shell', { kind: 'roles', set: 'adminSet' }],
  ['/unit_license_activation', 'UnitLicenseActivation', 'shell', { kind: 'roles', set: 'console' }],
  ['/reports', 'Reports', 'shell', { kind: 'roles', set: 'adminSet' }],
  ['/contractor', 'Contractor', 'shell', { kind: 'roles', set: 'contractorOnly' }],
  ['/support', 'PartnerRemoteActions', 'shell', { kind: 'roles', set: 'partnerOnly' }],
  ['/files', 'Files', 'shell', { kind: 'none' }],
  ['/stories', 'Stories', 'shell', { kind: 'none' }],
  ['/channels', 'Channels', 'shell', { kind: 'roles', set: 'management' }],
  ['/devices', 'Devices', 'shell', { kind: 'roles', set: 'management' }],
  ['/video_return', 'VideoReturn', 'shell', { kind: 'roles', set: 'management' }],
  ['/psg/system_entities', 'SystemEntities', 'shell', { kind: 'roles', set: 'superUser' }],
  ['/psg/system_entities/inventories', 'SystemEntitiesInventories', 'SystemEntities', { kind: 'roles', set: 'superUser' }],
  ['/psg/system_entities/groups', 'SystemEntitiesGroups', 'SystemEntities', { kind: 'roles', set: 'superUser' }],
  ['/psg/system_entities/units', 'SystemEntitiesUnits', 'SystemEntities', { kind: 'roles', set: 'superUser' }],
  ['/psg/system_entities/mmh_servers', 'SystemEntitiesMmhServers', 'SystemEntities', { kind: 'roles', set: 'superUser' }],
  ['/psg/system_entities/vr_servers', 'SystemEntitiesVrServers', 'SystemEntities', { kind: 'roles', set: 'superUser' }],
  ['/psg/system_entities/ingest_servers', 'SystemEntitiesIngestServers', 'SystemEntities', { kind: 'roles', set: 'superUser' }],
  ['/psg/system_entities/transceiver_servers', 'SystemEntitiesTransceiverServers', 'SystemEntities', { kind: 'roles', set: 'superUser' }],
  ['/psg/system_entities/users', 'SystemEntitiesUsers', 'SystemEntities', { kind: 'roles', set: 'superUser' }],
  ['/psg/system_entities/channels', 'SystemEntitiesChannels', 'SystemEntities', { kind: 'roles', set: 'superUser' }],
  ['/psg/system_entities/vrChannels', 'SystemEntitiesVrChannels', 'SystemEntities', { kind: 'roles', set: 'superUser' }],
  ['/psg/system_entities/dbGateways', 'SystemEntitiesDbGateways', 'SystemEntities', { kind: 'roles', set: 'superUser' }],
  ['/psg/system_settings', 'SystemSettings', 'shell', { kind: 'roles', set: 'staff' }],
  ['/psg/system_settings/client_application', 'SystemSettingsClientApplication', 'SystemSettings', { kind: 'roles', set: 'staff' }],
  ['/psg/system_settings/modem_vendor', 'SystemSettingsModemVendor', 'SystemSettings', { kind: 'roles', set: 'staff' }],
  ['/psg/system_settings/ai_settings', 'SystemSettingsAiSettings', 'SystemSettings', { kind: 'roles', set: 'staff' }],
  ['/psg/remote_actions', 'RemoteActions', 'shell', { kind: 'roles', set: 'superUser' }],
  ['/psg/access_approvals', 'AccessApprovals', 'shell', { kind: 'roles', set: 'staff' }],
  ['/psg/whats_new', 'WhatsNew', 'shell', { kind: 'roles', set: 'superUser' }],
  ['/psg/batch_upgrade', 'BatchUpgrade', 'shell', { kind: 'roles', set: 'staff' }],
  // Paths not shown in the specs: ours.
  ['/limited_access', 'LimitedAccess', 'top', { kind: 'any' }],
  ['/password_notice', 'PasswordNotice', 'top', { kind: 'any' }],
  ['/vr_portal', 'VideoReturnPortal', 'top', { kind: 'portal', set: 'videoReturnPortal' }], // ours: the video return portal
  ['/unit/:id', 'Unit', 'shell', { kind: 'signedIn' }],
  ['/my_graphics', 'MyGraphics', 'shell', { kind: 'signedIn' }],
  ['/account', 'Account', 'shell', { kind: 'signedIn' }],
  ['/preferences', 'Preferences', 'shell', { kind: 'signedIn' }],
  ['/about', 'About', 'shell', { kind: 'signedIn' }],
  ['/replay', 'Replay', 'shell', { kind: 'roles', set: 'superUser' }],
  ['/incidents', 'Incidents', 'shell', { kind: 'signedIn' }],
  ['/activity', 'Activity', 'shell', { kind: 'signedIn' }],
  ['/psg/ifb_servers', 'IfbServers', 'shell', { kind: 'roles', set: 'superUser' }],
];

describe('route table (spec 000 §2, 002 §2)', () => {
  it('has exactly the routes of the specs plus our documented ones', () => {
    expect(ROUTES.map((route) => route.path).sort()).toEqual(SPEC_ROUTES.map(([path]) => path).sort());
  });

  it.each(SPEC_ROUTES)('%s is %s under %s with its guard', (path, name, parent, guard) => {
    const match = matchRoute(path.replace(':id', '42'));
    expect(match?.route.name).toBe(name);
    expect(match?.route.parent).toBe(parent);
    expect(match?.route.guard).toEqual(guard);
  });

  it('names every route once', () => {
    expect(new Set(ROUTES.map((route) => route.name)).size).toBe(ROUTES.length);
  });

  it('puts every tab under a parent route of the shell', () => {
    for (const route of ROUTES) {
      if (route.parent === 'top' || route.parent === 'shell') continue;
      const parent = routeByName(route.parent);
      expect(parent.parent).toBe('shell');
      expect(route.path.startsWith(`${parent.path}/`)).toBe(true);
    }
  });

  it.each(['/list', '/files', '/channels', '/devices'])('%s does not save the route preference (spec 000 §2)', (path) => {
    expect(matchRoute(path)?.route.savesRoutePreference).toBe(false);
  });

  it.each(['/multiview', '/map', '/stories', '/video_return', '/unit/7', '/psg/system_entities/units'])('%s saves the route preference', (path) => {
    expect(matchRoute(path)?.route.savesRoutePreference).toBe(true);
  });

  it('never saves a top-level route, so a restart cannot land on a refusal page', () => {
    expect(ROUTES.filter((route) => route.parent === 'top' && route.savesRoutePreference)).toEqual([]);
  });

  it('sends analytics from the operating screens and not from refusal pages or the system area', () => {
    expect(routeByName('UnitList').sendsAnalytics).toBe(true);
    expect(routeByName('Channels').sendsAnalytics).toBe(true);
    expect(routeByName('Error').sendsAnalytics).toBe(false);
    expect(ROUTES.filter((route) => route.path.startsWith('/psg') && route.sendsAnalytics)).toEqual([]);
  });
});

describe('matchRoute', () => {
  it('reads the :id of the unit page, decoded', () => {
    expect(matchRoute('/unit/abc%20123')?.params).toEqual({ id: 'abc 123' });
  });

  it('keeps a malformed escape as typed', () => {
    expect(matchRoute('/unit/%E0%A4%A')?.params).toEqual({ id: '%E0%A4%A' });
  });

  it.each([
    ['/list/', 'UnitList'],
    ['/list?ignoreRouteDefault=1', 'UnitList'],
    ['/map#here', 'UnitMap'],
    ['//channels', 'Channels'],
    ['list', 'UnitList'],
    ['', 'Home'],
  ])('matches %j as %s', (path, name) => {
    expect(matchRoute(path)?.route.name).toBe(name);
  });

  it.each(['/nowhere', '/psg', '/unit', '/unit/1/2', '/LIST', '/system_entities', '/psg/system_entities/servers'])(
    'returns null for the unknown path %s',
    (path) => {
      expect(matchRoute(path)).toBeNull();
    },
  );

  it.each([
    ['/a/b/', '/a/b'],
    ['a', '/a'],
    ['/', '/'],
    ['/x?y=/z', '/x'],
  ])('normalises %j to %j', (raw, path) => {
    expect(normalizePath(raw)).toBe(path);
  });
});

describe('page titles (spec 000 §2: the title is the translation of the path)', () => {
  it.each([
    ['/list', 'routes.list'],
    ['/unit_license_activation', 'routes.unit_license_activation'],
    ['/psg/system_entities/inventories', 'routes.psg/system_entities/inventories'],
    ['/unit/:id', 'routes.unit'],
    ['/', 'routes.home'],
  ])('derives the key of %s as %s', (pattern, key) => {
    expect(titleKeyOfPattern(pattern)).toBe(key);
  });

  it('gives every route its own key', () => {
    expect(new Set(ROUTES.map((route) => route.titleKey)).size).toBe(ROUTES.length);
  });
});

describe('guardAllows', () => {
  it.each([
    [{ kind: 'any' }, [], true],
    [{ kind: 'signedIn' }, [], false],
    [{ kind: 'signedIn' }, ['luc_read'], true],
    [{ kind: 'none' }, ['luc_vr_viewer'], false],
    [{ kind: 'none' }, ['luc_curator'], true],
    [{ kind: 'roles', set: 'adminSet' }, ['luc_partner'], true],
    [{ kind: 'roles', set: 'adminSet' }, ['luc_regular'], false],
    [{ kind: 'allRoles', sets: ['superUser', 'staff'] }, ['super_user'], false],
    [{ kind: 'allRoles', sets: ['superUser', 'staff'] }, ['staff'], false],
    [{ kind: 'allRoles', sets: ['superUser', 'staff'] }, ['super_user', 'staff'], true],
    [{ kind: 'notRoles', set: 'superUserOrAdmin' }, ['luc_regular'], true],
    [{ kind: 'notRoles', set: 'superUserOrAdmin' }, ['luc_regular', 'luc_admin'], false],
    [{ kind: 'notRoles', set: 'superUserOrAdmin' }, ['luc_application'], false],
  ] as const)('%j lets %j in: %s', (guard, roles, expected) => {
    expect(guardAllows(guard, roles)).toBe(expected);
  });
});
