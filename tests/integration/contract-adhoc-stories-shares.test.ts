/**
 * The ad-hoc, stories, shares and replay-log areas on the REST contract (defineRoute), against a
 * started server: every endpoint is served through the contract with the access action and scope
 * chosen for it, and the behaviour that changed deliberately when they moved:
 * - a registered device's answer is the stored unit (`RegisteredDevice`), not the live unit view;
 * - story writes pass the route gate 'stories.write' and are refused by the stories scope, with the
 *   story's own words, exactly to the user types the permissions table refuses 'stories.edit';
 * - the expiration calls check the groups they name in the service (after the unit's scope);
 * - inventories are the caller's as the kit's tenancy says (a super user: every inventory);
 * - a log download names its file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { may, type Action } from '../../src/domain/roles/permissions.ts';
import { USER_TYPES, type UserType } from '../../src/domain/roles/userTypes.ts';
import { STORY_MESSAGES } from '../../src/domain/stories.ts';
import { endpointName, type AnyEndpoint } from '../../src/protocol/rest/endpoint.ts';
import * as adhoc from '../../src/protocol/rest/adhoc.ts';
import * as shares from '../../src/protocol/rest/shares.ts';
import * as stories from '../../src/protocol/rest/stories.ts';
import * as replay from '../../src/protocol/rest/replayLogs.ts';
import { call, signIn, tempDir } from './server-harness.ts';
import { addUnit, GROUP, startUnitServer, type UnitTestServer } from './units-harness.ts';

const q = `?crnt_vcg_uid=${GROUP}`;
const INV = 'INV-NEWS'; // the inventory of GROUP
const REQUIRED = 'This field is required';

/** Each endpoint → the access action and scope kind it is served with (the areas' routes.ts). */
const SERVED: ReadonlyArray<[AnyEndpoint, Action, string]> = [
  [adhoc.getAdhocRegistration, 'units.read', 'group'],
  [adhoc.changeAdhocRegistration, 'units.operate', 'group'],
  [adhoc.getPermanentRegistration, 'units.read', 'group'],
  [adhoc.changePermanentRegistration, 'units.operate', 'group'],
  [adhoc.sendEmailInvitation, 'units.operate', 'group'],
  [adhoc.sendSmsInvitation, 'units.operate', 'group'],
  [adhoc.getUnitExpiration, 'units.read', 'unit'],
  [adhoc.resetUnitExpiration, 'units.operate', 'unit'],
  [shares.listPublishers, 'units.read', 'inventory'],
  [shares.listSubscribers, 'units.read', 'inventory'],
  [shares.getUnitSharing, 'units.read', 'unit'],
  [shares.setUnitSharing, 'units.operate', 'unit'],
  ...[shares.publisherCalls, shares.subscriberCalls].flatMap((calls) => Object.values(calls).map((e): [AnyEndpoint, Action, string] => [e, 'shares.admin', 'inventory'])),
  [shares.listShareFolders, 'shares.admin', 'inventory'],
  [shares.createShareFolder, 'shares.admin', 'inventory'],
  [shares.renameShareFolder, 'shares.admin', 'inventory'],
  [shares.deleteShareFolder, 'shares.admin', 'inventory'],
  [stories.listStories, 'stories.read', 'inventory'],
  [stories.countStories, 'stories.read', 'inventory'],
  [stories.createStory, 'stories.write', 'inventory'],
  [stories.updateStory, 'stories.write', 'inventory'],
  [stories.deleteStory, 'stories.write', 'inventory'],
  [stories.getUnitStory, 'units.read', 'unit'],
  [stories.selectUnitStory, 'units.operate', 'unit'],
  [replay.listReplayLogs, 'replay.logs', 'system'],
  [replay.getReplayLog, 'replay.logs', 'system'],
];

describe('ad-hoc, stories, shares and replay logs on the REST contract', () => {
  const tmp = tempDir();
  let server: UnitTestServer;
  let regular: string;
  beforeAll(async () => {
    server = await startUnitServer(join(tmp.dir, 'luc.db'), 40);
    regular = await signIn(server, 'luc_regular');
  });
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  it('lists every endpoint of the four areas once, in SERVED', () => {
    const all = [...adhoc.ADHOC_ENDPOINTS, ...shares.SHARE_ENDPOINTS, ...stories.STORY_ENDPOINTS, ...replay.REPLAY_LOG_ENDPOINTS];
    expect(new Set(SERVED.map(([e]) => endpointName(e)))).toEqual(new Set(all.map(endpointName)));
  });

  it.each(SERVED.map(([e, access, scope]) => [endpointName(e), access, scope] as const))('serves %s through defineRoute with %s, scope %s', (name, access, scope) => {
    const facts = server.built.openapi.contracts().filter((route) => endpointName(route.endpoint) === name);
    expect(facts).toHaveLength(1);
    expect(facts[0]?.access).toBe(access);
    expect(facts[0]?.scope.kind).toBe(scope);
  });

  it('answers a registered device with the stored unit it became (201), and the unit is the store’s', async () => {
    const name = 'Contract-Phone-1';
    const created = await call(server, `groups/${GROUP}/adhoc${q}`, { method: 'PUT', cookie: regular, body: { mode: 'lite', deviceName: name, period: '3days' } });
    expect(created.status, created.text).toBe(201);
    expect(Object.keys(created.json).sort()).toEqual(['registration', 'unit']);
    expect(Object.keys(created.json.unit).sort()).toEqual(['groupId', 'inventoryId', 'lat', 'lng', 'name', 'serial', 'swVersion', 'type', 'uid']);
    const stored = await server.store.units.get(created.json.unit.uid as string);
    expect(created.json.unit).toEqual({
      uid: stored?.uid,
      name,
      type: 'Lite',
      serial: '',
      groupId: GROUP,
      inventoryId: INV,
      swVersion: '8.5.0',
      lat: stored?.lat,
      lng: stored?.lng,
    });
    // Without a device name: 200, the registration only.
    const period = await call(server, `groups/${GROUP}/adhoc${q}`, { method: 'PUT', cookie: regular, body: { mode: 'lite', period: '1week' } });
    expect(period.status).toBe(200);
    expect(Object.keys(period.json)).toEqual(['registration']);
  });

  it.each(USER_TYPES.map((type) => [type, may([type], 'stories.edit')] as const))(
    '%s: a story write is refused with the story’s words exactly when the table refuses stories.edit (%s)',
    async (type: UserType, editor: boolean) => {
      const cookie = await signIn(server, type);
      // An empty story: an editor gets the form's refusal (nothing stored), anyone else the 403 before the body is read.
      const add = await call(server, `v2/admin/inventories/${INV}/stories${q}`, { cookie, body: {} });
      if (editor) {
        expect(add.status, add.text).toBe(400);
        expect(add.json.fields).toEqual({ slugline: REQUIRED });
      } else {
        expect(add.status, add.text).toBe(403);
        expect(add.json.message).toBe(STORY_MESSAGES.editingRefused);
        const change = await call(server, `v2/admin/inventories/${INV}/stories/STY-NEWS-1${q}`, { cookie, method: 'PUT', body: { nope: 1 } });
        expect([change.status, change.json.message]).toEqual([403, STORY_MESSAGES.editingRefused]);
      }
      // Reading is open to every type of the inventory.
      expect((await call(server, `v2/admin/inventories/${INV}/stories${q}`, { cookie })).status).toBe(200);
    },
  );

  it('checks the groups an expiration call names after finding the unit: a foreign group is 403, another group of the caller 404', async () => {
    const uid = await addUnit(server, 'UCONTRACTSMART', 'Smart');
    const mine = await call(server, `v2/groups/${GROUP}/units/${uid}/expiration${q}`, { cookie: regular });
    expect(mine.status, mine.text).toBe(200);
    for (const path of [`v2/groups/G-NOT-MINE/units/${uid}/expiration${q}`, `v2/groups/${GROUP}/units/${uid}/expiration?crnt_vcg_uid=G-NOT-MINE`]) {
      const foreign = await call(server, path, { cookie: regular });
      expect(foreign.status, path).toBe(403);
      expect(foreign.json.message).toBe("Group 'G-NOT-MINE' is not one of your groups");
    }
    const reset = await call(server, `v2/groups/G-NOT-MINE/units/${uid}/expiration${q}`, { cookie: regular, method: 'PUT', body: { period: '1week' } });
    expect(reset.status).toBe(403);
    expect((await call(server, `v2/groups/${GROUP}/units/${uid}/expiration${q}`, { cookie: regular })).json.period).toBeNull();
  });

  it('scopes inventories as the kit’s tenancy does: a super user reads any inventory’s stories and subscribers, an admin only their own', async () => {
    await server.store.inventories.insert({ id: 'INV-NO-GROUP', name: 'No-Group', region: '', customer: '', parentId: null, features: [], createdAt: Date.now() });
    const superUser = await signIn(server, 'super_user');
    const admin = await signIn(server, 'luc_admin');
    for (const path of ['stories', 'subscribers', 'publishers']) {
      expect((await call(server, `v2/admin/inventories/INV-NO-GROUP/${path}`, { cookie: superUser })).status, path).toBe(200);
      const refused = await call(server, `v2/admin/inventories/INV-NO-GROUP/${path}`, { cookie: admin });
      expect([refused.status, refused.json.message]).toEqual([404, "Inventory 'INV-NO-GROUP' not found"]);
    }
  });

  it('names the downloaded log’s file and says it is NDJSON', async () => {
    const result = await call(server, 'v2/replay/logs/reconnect-storm.ndjson', { cookie: await signIn(server, 'super_user') });
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toBe(replay.NDJSON_MEDIA_TYPE);
    expect(result.headers.get('content-disposition')).toBe('attachment; filename="reconnect-storm.ndjson"');
  });
});
