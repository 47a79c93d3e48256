import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { call, signIn, startServer, tempDir, type TestServer } from './server-harness.ts';
import { Schema } from 'effect';
import { ACCESS_REFUSED } from '../../src/server/http/errors.ts';
import { endpoint } from '../../src/protocol/rest/endpoint.ts';
import { IdParams } from '../../src/protocol/rest/common.ts';
import { defineRoute } from '../../src/server/http/route.ts';
import { memberGroup, TENANT, visibleUnitScope } from '../../src/server/http/scope.ts';
import type { ContractArea } from '../../src/server/areas/index.ts';

/** A contract area like the ones later issues add, guarded by the kit's access and scopes. */
const probeArea: ContractArea = {
  name: 'probe',
  routes: () => [
    defineRoute(endpoint({ method: 'GET', path: 'probe/admin', summary: 'probe', tags: ['probe'], response: Schema.Struct({ ok: Schema.Boolean }) }), {
      access: 'groups.admin', // the admin set of spec 002 §6
      scope: TENANT,
      handler: async () => ({ ok: true }),
    }),
    defineRoute(endpoint({ method: 'GET', path: 'probe/units/{id}', summary: 'probe', tags: ['probe'], params: IdParams, response: Schema.Struct({ uid: Schema.String, name: Schema.String }) }), {
      access: 'units.read',
      scope: visibleUnitScope('params.id'),
      handler: async ({ scoped }) => ({ uid: scoped.unit.uid, name: scoped.unit.name }),
    }),
    defineRoute(
      endpoint({ method: 'GET', path: 'probe/groups/{gid}', summary: 'probe', tags: ['probe'], params: Schema.Struct({ gid: Schema.String }), response: Schema.Struct({ groupId: Schema.String }) }),
      { access: 'units.read', scope: memberGroup('params.gid'), handler: async ({ scoped }) => ({ groupId: scoped.groupId }) },
    ),
  ],
};

describe('groups, roles and units of other groups', () => {
  const tmp = tempDir();
  let server: TestServer;
  let foreignUnit: string;
  let ownUnit: string;
  beforeAll(async () => {
    server = await startServer({ dbFile: join(tmp.dir, 'luc.db'), areas: [probeArea] });
    const now = Date.now();
    // A group and unit no demo user belongs to.
    await server.store.groups.insert({ id: 'G-FOREIGN', name: 'Foreign', inventoryId: 'INV-NEWS', autoAssociation: false, unitAutoAssociation: false, createdAt: now });
    await server.store.units.insertMany(
      [{ uid: 'UFOREIGN1', name: 'Foreign-Unit-1', type: '800', serial: 'X1', groupId: 'G-FOREIGN', inventoryId: 'INV-NEWS', lat: 0, lng: 0, swVersion: '8.5.0' }],
      now,
    );
    foreignUnit = 'UFOREIGN1';
    ownUnit = (await server.store.units.all()).find((u) => u.groupId === 'G-NEWS-NATIONAL')?.uid ?? '';
    await server.built.authority.refreshUnit(foreignUnit);
  });
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  it('answers 403 when crnt_vcg_uid is not one of the user’s groups, on any route', async () => {
    const cookie = await signIn(server, 'luc_regular');
    for (const path of ['groups/fetch?crnt_vcg_uid=G-FOREIGN', 'v2/client/configuration?crnt_vcg_uid=G-FOREIGN', 'groups/fetch?crnt_vcg_uid=G-NOT-THERE']) {
      const result = await call(server, path, { cookie });
      expect(result.status, path).toBe(403);
      expect(result.json.error).toBe('Forbidden');
    }
    expect((await call(server, 'groups/fetch?crnt_vcg_uid=G-NEWS-NATIONAL', { cookie })).status).toBe(200);
  });

  it('answers 403 to active alerts of a foreign group, also when crnt_vcg_uid is an own group', async () => {
    const cookie = await signIn(server, 'luc_regular');
    expect((await call(server, 'v2/alerts/active?groupId=G-FOREIGN', { cookie })).status).toBe(403);
    expect((await call(server, 'v2/alerts/active?groupId=G-FOREIGN&crnt_vcg_uid=G-NEWS-NATIONAL', { cookie })).status).toBe(403);
    const own = await call(server, 'v2/alerts/active?groupId=G-NEWS-NATIONAL', { cookie });
    expect(own.status).toBe(200);
    expect(Array.isArray(own.json)).toBe(true);
  });

  it('answers 403 on a path group that is not the user’s (memberGroup)', async () => {
    const cookie = await signIn(server, 'luc_regular');
    expect((await call(server, 'probe/groups/G-FOREIGN', { cookie })).status).toBe(403);
    expect((await call(server, 'probe/groups/G-SPORTS-MOTOR', { cookie })).json).toEqual({ groupId: 'G-SPORTS-MOTOR' });
  });

  it('answers the same 404 for another group’s unit as for an unknown one, with no data', async () => {
    const cookie = await signIn(server, 'super_user');
    const foreign = await call(server, `probe/units/${foreignUnit}`, { cookie });
    const unknown = await call(server, 'probe/units/UNOPE', { cookie });
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(foreign.text).not.toContain('Foreign-Unit-1');
    expect(foreign.json).toEqual({ error: 'Not Found', message: `Unit '${foreignUnit}' not found` });
    expect((await call(server, `probe/units/${ownUnit}`, { cookie })).status).toBe(200);
  });

  it.each([
    ['super_user', 200],
    ['luc_admin', 200],
    ['luc_media_group_admin', 200],
    ['luc_partner', 200],
    ['luc_contractor', 200],
    ['luc_regular', 403],
    ['luc_read', 403],
    ['luc_vr_viewer', 403],
    ['staff', 403],
  ])('enforces the admin role set of spec 002 §6: %s gets %i', async (user, status) => {
    const cookie = await signIn(server, user);
    const result = await call(server, 'probe/admin', { cookie });
    expect(result.status).toBe(status);
    if (status === 403) expect(result.json.message).toBe(ACCESS_REFUSED);
  });

  it('tells the websocket authority which group owns a unit and a channel', () => {
    expect(server.built.authority.groupOfUnit(foreignUnit)).toBe('G-FOREIGN');
    expect(server.built.authority.groupOfUnit(ownUnit)).toBe('G-NEWS-NATIONAL');
    expect(server.built.authority.groupOfChannel('CH-NEWS-NATIONAL-PREVIEW')).toBe('G-NEWS-NATIONAL');
    expect(server.built.authority.groupOfUnit('UNOPE')).toBeUndefined();
  });
});
