/**
 * The authorization matrix, derived from the contract (not a hand list): every route registered
 * through defineRoute, as the server's OpenAPI collector lists it with its access action and scope,
 * is called as each of the 14 demo user types (username = user type), with its scope's ids taken
 * from the caller's own tenant and from another broadcaster's.
 * - a user type the permissions table refuses gets 403 "You are not allowed to access this
 *   application." on every method, whatever the body (access is checked before validation);
 * - a user type it grants is never refused with that 403 on a read of its own tenant;
 * - another tenant's group, inventory or unit is never answered with a 2xx, for any method.
 * Writes by granted users on their own tenant are left to each area's own tests (they change data).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { USER_TYPES, type UserType } from '../../src/domain/roles/userTypes.ts';
import { may, type Action } from '../../src/domain/roles/permissions.ts';
import { fillPath } from '../../src/protocol/rest/endpoint.ts';
import type { ContractFacts } from '../../src/server/http/route.ts';
import { hashPassword } from '../../src/server/auth/password.ts';
import { call, DEMO_PASSWORD, signIn, tempDir } from './server-harness.ts';
import { addForeignUnit, GROUP, startUnitServer, type UnitTestServer } from './units-harness.ts';

const NOT_ALLOWED = 'You are not allowed to access this application.';

interface Tenant {
  group: string;
  inventory: string;
  unit: string;
  /** A user of the tenant's inventories (the users area's `user` scope). */
  user: string;
  /** A video return channel of the tenant (the video return area's `vrChannel` scope). */
  vrChannel: string;
  /** A channel of the tenant's group (the channels area's `channel` scope). */
  channel: string;
  /** A media server of the tenant's inventory (the servers area's `server` scope, issue 12). */
  server: string;
}

describe('the authorization matrix of every contract route (14 user types × own and foreign tenant)', () => {
  const tmp = tempDir();
  let server: UnitTestServer;
  let routes: ContractFacts[];
  const cookies = new Map<UserType, string>();
  let own: Tenant;
  let foreign: Tenant;

  beforeAll(async () => {
    server = await startUnitServer(join(tmp.dir, 'luc.db'), 30, { globalRatePerMinute: 100_000 }); // 14 user types × every route × two tenants: far above a person's 3,000 a minute
    const now = Date.now();
    await server.store.inventories.insert({ id: 'INV-FOREIGN', name: 'Foreign-Broadcaster', region: '', customer: 'Foreign', parentId: null, features: [], createdAt: now });
    await server.store.groups.insert({ id: 'G-FOREIGN-DESK', name: 'Foreign-Desk', inventoryId: 'INV-FOREIGN', autoAssociation: false, unitAutoAssociation: false, createdAt: now });
    await server.store.users.insert(
      { id: 'USR-FOREIGN', username: 'foreign_admin', firstName: 'F', lastName: 'A', email: null, userLabel: '', userType: 'luc_admin', active: true, sso: false, isDemo: false, password: await hashPassword(DEMO_PASSWORD), passwordChangedAt: now, passwordExpiresAt: null, forcePasswordChange: false, createdAt: now },
      ['G-FOREIGN-DESK'],
    );
    const foreignUnit = await addForeignUnit(server, 'UFOREIGNMATRIX');
    await server.store.db.insertInto('vr_channels').values([
      { id: 'VRC-MATRIX-OWN', name: 'Matrix-Own', inventory_id: 'INV-NEWS', created_at: now },
      { id: 'VRC-MATRIX-FOREIGN', name: 'Matrix-Foreign', inventory_id: 'INV-FOREIGN', created_at: now },
    ]).execute();
    await server.store.channels.insert({ id: 'CH-FOREIGN', name: 'Foreign-Preview', type: 'preview', serverId: null, groupId: 'G-FOREIGN-DESK', inventoryId: 'INV-FOREIGN', config: {}, createdAt: now });
    await server.store.servers.insert({ id: 'MMH-FOREIGN', name: 'MMH-Foreign', type: 'mmh', serial: 'SN-F', swVersion: '8.5.0', alias: '', inventoryId: 'INV-FOREIGN', maxChannels: 8, cloudRegion: '', config: {}, createdAt: now });
    own = { group: GROUP, inventory: 'INV-NEWS', unit: (await server.store.units.all()).find((u) => u.groupId === GROUP)?.uid ?? '', user: 'USR-LUC_REGULAR', vrChannel: 'VRC-MATRIX-OWN', channel: 'CH-NEWS-NATIONAL-PREVIEW', server: 'MMH-1' };
    foreign = { group: 'G-FOREIGN-DESK', inventory: 'INV-FOREIGN', unit: foreignUnit, user: 'USR-FOREIGN', vrChannel: 'VRC-MATRIX-FOREIGN', channel: 'CH-FOREIGN', server: 'MMH-FOREIGN' };
    for (const type of USER_TYPES) cookies.set(type, await signIn(server, type));
    routes = server.built.openapi.contracts().filter((route) => route.access !== 'public');
  });
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  /** The call of a route with its scope's ids from a tenant; other path parameters name nothing. */
  function request(route: ContractFacts, tenant: Tenant): { path: string; body?: unknown } {
    const params: Record<string, string> = {};
    const query = new URLSearchParams();
    const body: Record<string, unknown> = {};
    const value = tenant[route.scope.kind === 'group' ? 'group' : route.scope.kind === 'inventory' ? 'inventory' : route.scope.kind === 'user' ? 'user' : route.scope.kind === 'vrChannel' ? 'vrChannel' : route.scope.kind === 'channel' ? 'channel' : route.scope.kind === 'server' ? 'server' : 'unit'];
    for (const ref of route.scope.from) {
      const [part, name = ''] = ref.split('.');
      if (part === 'params') params[name] = value;
      else if (part === 'query') query.set(name, value);
      else body[name] = value;
    }
    for (const name of route.endpoint.path.match(/\{(\w+)\}/g)?.map((m) => m.slice(1, -1)) ?? []) params[name] ??= 'X-NONE';
    const text = query.toString();
    return {
      path: `${fillPath(route.endpoint.path, params)}${text === '' ? '' : `?${text}`}`,
      ...(route.endpoint.method === 'GET' ? {} : { body }),
    };
  }

  it('covers the contract routes (a route added later is covered without touching this test)', () => {
    expect(routes.length).toBeGreaterThan(30);
  });

  it.each(USER_TYPES.map((type) => [type]))('%s: refused where the table refuses, never where it grants a read of its own tenant', async (type) => {
    const failures: string[] = [];
    for (const route of routes) {
      const allowed = may([type], route.access as Action);
      if (allowed && route.endpoint.method !== 'GET') continue; // writes of granted users: the areas' own tests
      const { path, body } = request(route, own);
      const answer = await call(server, path, { method: route.endpoint.method, cookie: cookies.get(type) ?? '', ...(body !== undefined ? { body } : {}) });
      const refused = answer.status === 403 && answer.json?.message === NOT_ALLOWED;
      if (allowed === refused) failures.push(`${route.endpoint.method} ${path}: ${answer.status} ${answer.json?.message ?? ''}`);
      if (answer.status >= 500) failures.push(`${route.endpoint.method} ${path}: ${answer.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('never answers another tenant’s group, inventory or unit with a 2xx, for any method', async () => {
    const outsider = cookies.get('luc_admin') ?? '';
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.scope.from.length > 0)) {
      const { path, body } = request(route, foreign);
      const answer = await call(server, path, { method: route.endpoint.method, cookie: outsider, ...(body !== undefined ? { body } : {}) });
      if (answer.status < 400 || answer.status >= 500) failures.push(`${route.endpoint.method} ${path}: ${answer.status}`);
    }
    expect(failures).toEqual([]);
    // And the other way round: the foreign admin does not reach our tenant.
    const foreignAdmin = await signIn(server, 'foreign_admin');
    for (const route of routes.filter((r) => r.scope.from.length > 0 && r.endpoint.method === 'GET')) {
      const { path } = request(route, own);
      const answer = await call(server, path, { cookie: foreignAdmin });
      if (answer.status < 400) failures.push(`foreign admin: GET ${path}: ${answer.status}`);
    }
    expect(failures).toEqual([]);
  });
});
