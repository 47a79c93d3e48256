/**
 * The groups area (spec 002 §3 Group, §4, §5, §7) against a started server: every call's answer,
 * every refusal with its exact message, tenancy (another broadcaster's inventory and admin) and the
 * role matrix (the 14 demo users, whose username is their user type).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { USER_TYPES } from '../../src/domain/roles/userTypes.ts';
import { may } from '../../src/domain/roles/permissions.ts';
import { hashPassword } from '../../src/server/auth/password.ts';
import { call, DEMO_PASSWORD, signIn, tempDir } from './server-harness.ts';
import { startUnitServer, type UnitTestServer } from './units-harness.ts';
import { testUser } from './testUsers.ts';

// spec 002 §5 shared messages and the generic texts of 001 §8 / 002 §8, word for word.
const GENERIC_NAME = 'Should contain only letters, numbers, underscores and hyphens';
const NAME_TAKEN = 'Name is already taken. Please select a different name';
const REQUIRED = 'This field is required';
const CONFIG_EXISTS = 'Inventory configuration already exists';
const CONFIG_UNAVAILABLE = 'Configuration unavailable';
const CELLULAR_ABOVE_TOTAL = 'Max Cellular Capping cannot be higher than Max Total Capping';
const NOT_ALLOWED = 'You are not allowed to access this application.';

const GROUPS = 'v2/admin/groups';
const json = (method: string, body?: unknown) => ({ method, ...(body !== undefined ? { body } : {}) });

describe('groups (spec 002 §3 §4 §5 §7) against a started server', () => {
  const tmp = tempDir();
  let server: UnitTestServer;
  let superUser: string;
  let admin: string;
  let outsider: string;
  const cookies = new Map<string, string>();

  beforeAll(async () => {
    server = await startUnitServer(join(tmp.dir, 'luc.db'), 40);
    // Another broadcaster: its own inventory, group and administrator.
    const now = Date.now();
    await server.store.inventories.insert({ id: 'INV-OTHER', name: 'Other-Broadcaster', region: 'eu', customer: 'Other', parentId: null, features: [], createdAt: now });
    await server.store.groups.insert({ id: 'G-OTHER', name: 'Other-Desk', inventoryId: 'INV-OTHER', autoAssociation: false, unitAutoAssociation: false, createdAt: now });
    await server.store.users.insert(
      { ...testUser('USR-OUTSIDER', now), username: 'outsider_admin', firstName: 'Out', lastName: 'Sider', password: await hashPassword(DEMO_PASSWORD) },
      ['G-OTHER'],
    );
    superUser = await signIn(server, 'super_user');
    admin = await signIn(server, 'luc_admin');
    outsider = await signIn(server, 'outsider_admin');
    for (const type of USER_TYPES) cookies.set(type, type === 'super_user' ? superUser : type === 'luc_admin' ? admin : await signIn(server, type));
  });
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  describe('the admin listing (v2/admin/groups)', () => {
    it('pages the groups by name with their inventory and counts (defaults: key name, limit 50, offset 0)', async () => {
      const page = await call(server, GROUPS, { cookie: superUser });
      expect(page.status, page.text).toBe(200);
      expect(page.json).toMatchObject({ limit: 50, offset: 0 });
      const names = page.json.items.map((g: { name: string }) => g.name);
      expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
      expect(names).toEqual(expect.arrayContaining(['News-National', 'Other-Desk']));
      const national = page.json.items.find((g: { id: string }) => g.id === 'G-NEWS-NATIONAL');
      expect(national).toMatchObject({ inventoryId: 'INV-NEWS', inventoryName: 'Newsroom', userCount: 14 });
      expect(national.unitCount).toBeGreaterThan(0);
    });

    it('searches by name or inventory name without case, sorts and pages', async () => {
      const byName = await call(server, `${GROUPS}?searchValue=nEwS-n`, { cookie: superUser });
      expect(byName.json.items.map((g: { id: string }) => g.id)).toEqual(['G-NEWS-NATIONAL']);
      const byInventory = await call(server, `${GROUPS}?searchKey=inventoryName&searchValue=sport`, { cookie: superUser });
      expect(byInventory.json.items.map((g: { id: string }) => g.id).sort()).toEqual(['G-SPORTS-FOOTBALL', 'G-SPORTS-MOTOR']);
      const desc = await call(server, `${GROUPS}?sortBy=name&sortDir=desc&limit=2&offset=1`, { cookie: superUser });
      expect(desc.json.total).toBe(6);
      expect(desc.json.items.map((g: { name: string }) => g.name)).toEqual(['Sports-Football', 'Other-Desk']); // after Sports-Motor
    });

    it.each([
      ['limit=0', 'query.limit must be >= 1'],
      ['offset=-1', 'query.offset must be >= 0'],
      ['sortBy=password', 'query.sortBy must be one of'],
      ['limit=1e21', 'query.limit must be <= 500'],
    ])('refuses %s with a message naming the parameter', async (query, message) => {
      const answer = await call(server, `${GROUPS}?${query}`, { cookie: superUser });
      expect(answer.status).toBe(400);
      expect(answer.json.message).toContain(message);
    });

    it('shows an administrator only the groups of their inventories', async () => {
      const own = await call(server, GROUPS, { cookie: outsider });
      expect(own.json.items.map((g: { id: string }) => g.id)).toEqual(['G-OTHER']);
      const inventory = await call(server, 'v2/admin/inventories/INV-OTHER/groups', { cookie: outsider });
      expect(inventory.json.total).toBe(1);
      expect((await call(server, 'v2/admin/inventories/INV-NEWS/groups', { cookie: outsider })).status).toBe(404);
      expect((await call(server, `${GROUPS}/G-NEWS-NATIONAL`, { cookie: outsider })).status).toBe(404);
      expect((await call(server, `${GROUPS}/G-OTHER`, { cookie: admin })).status).toBe(404);
      expect((await call(server, `${GROUPS}/G-NO-SUCH`, { cookie: admin })).json.message).toBe("Group 'G-NO-SUCH' not found");
    });
  });

  describe('create, update, delete', () => {
    it('creates a group with its flags, then refuses a taken name on the name field (409)', async () => {
      const created = await call(server, GROUPS, json('POST', { name: 'Night-Desk', inventoryId: 'INV-NEWS', autoAssociation: true }));
      expect(created.status).toBe(401); // no cookie: no session
      const ok = await call(server, GROUPS, { ...json('POST', { name: 'Night-Desk', inventoryId: 'INV-NEWS', autoAssociation: true }), cookie: admin });
      expect(ok.status, ok.text).toBe(201);
      expect(ok.json).toMatchObject({ name: 'Night-Desk', inventoryId: 'INV-NEWS', autoAssociation: true, unitAutoAssociation: false, unitCount: 0, userCount: 0 });
      const taken = await call(server, GROUPS, { ...json('POST', { name: 'Night-Desk', inventoryId: 'INV-SPORTS' }), cookie: admin });
      expect(taken.status).toBe(409);
      expect(taken.json).toEqual({ error: 'Conflict', message: NAME_TAKEN, fields: { name: NAME_TAKEN } });
    });

    it.each([
      [{ name: 'Night Desk', inventoryId: 'INV-NEWS' }, 400, { name: GENERIC_NAME }],
      [{ name: '', inventoryId: 'INV-NEWS' }, 400, { name: REQUIRED }],
      [{ name: 'x'.repeat(256), inventoryId: 'INV-NEWS' }, 400, { name: 'Must have at most 255 characters' }],
      [{ inventoryId: 'INV-NEWS' }, 400, { name: REQUIRED }],
      [{ name: 'Ok-Name', inventoryId: 'INV-NEWS', admin: true }, 400, { admin: 'Invalid field' }],
      [{ name: 'Ok-Name', inventoryId: 'INV-OTHER' }, 404, { inventoryId: "Inventory 'INV-OTHER' not found" }],
    ])('refuses %j with %i and the field’s message', async (body, status, fields) => {
      const answer = await call(server, GROUPS, { ...json('POST', body), cookie: admin });
      expect(answer.status).toBe(status);
      expect(answer.json.fields).toEqual(fields);
    });

    it('renames a group and changes its flags; a taken name changes nothing', async () => {
      const id = await groupId('Night-Desk');
      const renamed = await call(server, `${GROUPS}/${id}`, { ...json('PUT', { name: 'Late-Desk', unitAutoAssociation: true }), cookie: admin });
      expect(renamed.json).toMatchObject({ name: 'Late-Desk', autoAssociation: true, unitAutoAssociation: true });
      const taken = await call(server, `${GROUPS}/${id}`, { ...json('PUT', { name: 'News-National' }), cookie: admin });
      expect(taken.status).toBe(409);
      expect((await call(server, `${GROUPS}/${id}`, { cookie: admin })).json.name).toBe('Late-Desk');
    });

    it('refuses to delete a group that holds units or channels, naming how many; deletes an empty one', async () => {
      const full = await call(server, `${GROUPS}/G-NEWS-REGIONAL`, { ...json('DELETE'), cookie: admin });
      expect(full.status).toBe(409);
      expect(full.json.message).toMatch(/^The group still has \d+ units and \d+ channels: move them to another group first$/);
      const id = await groupId('Late-Desk');
      const gone = await call(server, `${GROUPS}/${id}`, { ...json('DELETE'), cookie: admin });
      expect(gone.json).toEqual({ removed: 1 });
      expect((await call(server, `${GROUPS}/${id}`, { cookie: admin })).status).toBe(404);
    });

    it('removes several groups all or none (groups/remove_multiple)', async () => {
      const a = (await call(server, 'groups/add', { ...json('POST', { name: 'Temp-A', inventoryId: 'INV-NEWS' }), cookie: admin })).json.id;
      const b = (await call(server, 'groups/add_details', { ...json('POST', { name: 'Temp-B', inventoryId: 'INV-NEWS', unitAutoAssociation: true }), cookie: admin })).json.id;
      const refused = await call(server, 'groups/remove_multiple', { ...json('POST', { uids: [a, 'G-NEWS-NATIONAL', b] }), cookie: admin });
      expect(refused.status).toBe(409);
      expect(refused.json.message).toMatch(/^News-National: The group still has/);
      expect((await call(server, `${GROUPS}/${a}`, { cookie: admin })).status).toBe(200); // none went
      const removed = await call(server, 'groups/remove_multiple', { ...json('POST', { uids: [a, b] }), cookie: admin });
      expect(removed.json).toEqual({ removed: 2 });
    });
  });

  describe('members', () => {
    it('adds a user of the inventory and removes them; a user of another inventory is refused', async () => {
      const id = (await call(server, GROUPS, { ...json('POST', { name: 'Members-Desk', inventoryId: 'INV-NEWS' }), cookie: admin })).json.id;
      const added = await call(server, `${GROUPS}/${id}/users/${await userId('luc_regular')}`, { ...json('PUT'), cookie: admin });
      expect(added.json.group.userCount).toBe(1);
      const users = await call(server, `${GROUPS}/${id}/users`, { cookie: admin });
      expect(users.json.items.map((u: { username: string }) => u.username)).toEqual(['luc_regular']);
      const foreign = await call(server, `${GROUPS}/${id}/users/USR-OUTSIDER`, { ...json('PUT'), cookie: admin });
      // Another tenant's user is answered as an unknown one (issue 16 item 3: references checked everywhere).
      expect(foreign.status).toBe(404);
      expect(foreign.json.message).toBe("User 'USR-OUTSIDER' not found");
      const removed = await call(server, `${GROUPS}/${id}/users/${await userId('luc_regular')}`, { ...json('DELETE'), cookie: admin });
      expect(removed.json.group.userCount).toBe(0);
    });

    it('moves a channel into the group, and the websocket authority follows without a refresh', async () => {
      const id = (await call(server, GROUPS, { ...json('POST', { name: 'Channel-Desk', inventoryId: 'INV-NEWS' }), cookie: admin })).json.id;
      const channel = 'CH-NEWS-REGIONAL-OUTPUT';
      const moved = await call(server, `${GROUPS}/${id}/channels/${channel}`, { ...json('PUT'), cookie: admin });
      expect(moved.json.group.channelCount).toBe(1);
      expect(server.built.authority.groupOfChannel(channel)).toBe(id);
      const channels = await call(server, `${GROUPS}/${id}/channels`, { cookie: admin });
      expect(channels.json.items).toEqual([{ id: channel, name: 'News-Regional-Output', type: 'output' }]);
      await call(server, `${GROUPS}/${id}/channels/${channel}`, { ...json('DELETE'), cookie: admin });
      expect(server.built.authority.groupOfChannel(channel)).toBeUndefined();
      expect((await call(server, `${GROUPS}/${id}/channels/CH-NO-SUCH`, { ...json('PUT'), cookie: admin })).status).toBe(404);
    });

    it('lists the units of a group by name, paged', async () => {
      const units = await call(server, `${GROUPS}/G-NEWS-NATIONAL/units?limit=3`, { cookie: admin });
      expect(units.json.items).toHaveLength(3);
      expect(units.json.total).toBeGreaterThan(3);
      expect(Object.keys(units.json.items[0]).sort()).toEqual(['id', 'name', 'serial', 'type']);
    });
  });

  describe('group services (v2/groups/{id})', () => {
    it('sets the default configuration once (POST), then changes it (PUT), with the spec’s texts', async () => {
      const path = 'v2/groups/G-SPORTS-MOTOR/defaultConfiguration';
      const none = await call(server, path, { cookie: admin });
      expect(none.status).toBe(404);
      expect(none.json.message).toBe(CONFIG_UNAVAILABLE);
      expect((await call(server, path, { ...json('PUT', config()), cookie: admin })).json.message).toBe(CONFIG_UNAVAILABLE);
      const created = await call(server, path, { ...json('POST', config({ delayMs: 2000 })), cookie: admin });
      expect(created.status).toBe(201);
      expect(created.json.configuration.delayMs).toBe(2000);
      const again = await call(server, path, { ...json('POST', config()), cookie: admin });
      expect(again.status).toBe(409);
      expect(again.json.message).toBe(CONFIG_EXISTS);
      const above = await call(server, path, { ...json('PUT', config({ totalCappingKbps: 4000, cellularCappingKbps: 5000 })), cookie: admin });
      expect(above.json).toMatchObject({ message: CELLULAR_ABOVE_TOTAL, fields: { cellularCappingKbps: CELLULAR_ABOVE_TOTAL } });
      const delayRange = await call(server, path, { ...json('PUT', config({ delayMs: 300 })), cookie: admin });
      expect(delayRange.json.fields).toEqual({ delayMs: 'Must be 400 or more' });
      expect((await call(server, path, { cookie: admin })).json.configuration.delayMs).toBe(2000);
    });

    it('keeps the alerts configuration of a group; a bad e-mail is refused on its field', async () => {
      const path = 'v2/groups/G-SPORTS-MOTOR/alerts/configuration';
      const saved = await call(server, path, { ...json('PUT', { battery: { enabled: true, thresholdPct: 15 }, emails: ['desk@example.com'] }), cookie: admin });
      expect(saved.json).toEqual({ groupId: 'G-SPORTS-MOTOR', configuration: { battery: { enabled: true, thresholdPct: 15 }, emails: ['desk@example.com'] } });
      const bad = await call(server, path, { ...json('PUT', { emails: ['ok@example.com', 'not-an-address'] }), cookie: admin });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.json.fields)).toEqual(['emails[1]']);
      expect((await call(server, path, { cookie: admin })).json.configuration.emails).toEqual(['desk@example.com']);
    });

    it('lists the multi-camera channels by media server with the aggregate status (spec 001 §4)', async () => {
      const answer = await call(server, 'v2/groups/G-NEWS-NATIONAL/multiChannels', { cookie: admin });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json.length).toBeGreaterThan(0);
      for (const multi of answer.json as { status: string; channels: { status: string }[] }[]) {
        const statuses = multi.channels.map((c) => c.status);
        expect(multi.status).toBe(statuses.includes('offline') ? 'offline' : statuses.includes('collecting') ? 'collecting' : 'idle');
      }
    });

    it('names the group of a unit (v2/units/{id}/groups) and the group’s features', async () => {
      const uid = (await server.store.units.all()).find((u) => u.groupId === 'G-NEWS-NATIONAL')?.uid ?? '';
      expect((await call(server, `v2/units/${uid}/groups`, { cookie: admin })).json).toEqual([{ id: 'G-NEWS-NATIONAL', name: 'News-National' }]);
      const features = await call(server, 'groups/fetch_features?uid=G-NEWS-NATIONAL', { cookie: admin });
      expect(features.json).toMatchObject({ uid: 'G-NEWS-NATIONAL', inventoryId: 'INV-NEWS' });
      expect(Object.keys(features.json.features)).toHaveLength(11); // spec 000 §6: eleven inventory feature flags
      expect((await call(server, 'groups/fetch_features?uid=G-OTHER', { cookie: admin })).status).toBe(403);
    });
  });

  describe('the legacy calls', () => {
    it('light_fetch, fetch_machinegroups and fetch_details answer the caller’s groups', async () => {
      expect((await call(server, 'groups/light_fetch', { cookie: outsider })).json).toEqual([{ uid: 'G-OTHER', name: 'Other-Desk' }]);
      const machines = await call(server, 'groups/fetch_machinegroups', { cookie: outsider });
      expect(machines.json).toEqual([{ uid: 'G-OTHER', name: 'Other-Desk', inventoryId: 'INV-OTHER', unitCount: 0 }]);
      const details = await call(server, 'groups/fetch_details?inventoryUid=INV-SPORTS', { cookie: admin });
      expect(details.json.map((g: { id: string }) => g.id).sort()).toEqual(['G-SPORTS-FOOTBALL', 'G-SPORTS-MOTOR']);
      expect((await call(server, 'groups/fetch_details?groupUid=G-OTHER', { cookie: admin })).status).toBe(404);
      const renamed = await call(server, 'groups/update', { ...json('POST', { uid: 'G-OTHER', name: 'Other-Desk-2' }), cookie: outsider });
      expect(renamed.json.name).toBe('Other-Desk-2');
      const flags = await call(server, 'groups/update_details', { ...json('POST', { uid: 'G-OTHER', autoAssociation: true }), cookie: outsider });
      expect(flags.json).toMatchObject({ name: 'Other-Desk-2', autoAssociation: true });
    });
  });

  describe('the role matrix (spec 002 §2: /groups for the admin set)', () => {
    it.each(USER_TYPES.map((type) => [type]))('%s may list and create groups only when the permissions table says so', async (type) => {
      const cookie = cookies.get(type) ?? '';
      const allowed = may([type], 'groups.admin');
      const list = await call(server, GROUPS, { cookie });
      expect(list.status).toBe(allowed ? 200 : 403);
      if (!allowed) expect(list.json.message).toBe(NOT_ALLOWED);
      const create = await call(server, GROUPS, { ...json('POST', { name: `Matrix-${type.replace(/_/g, '-')}`, inventoryId: 'INV-EVENTS' }), cookie });
      expect(create.status).toBe(allowed ? 201 : 403);
      // Reading the user's own groups is open to every signed-in user.
      expect((await call(server, 'groups/light_fetch', { cookie })).status).toBe(200);
    });
  });

  async function groupId(name: string): Promise<string> {
    const answer = await call(server, `${GROUPS}?searchValue=${name}`, { cookie: superUser });
    const found = (answer.json.items as { id: string; name: string }[]).find((g) => g.name === name);
    if (found === undefined) throw new Error(`no group ${name}`);
    return found.id;
  }

  async function userId(username: string): Promise<string> {
    const user = await server.store.users.credentials(username);
    if (user === undefined) throw new Error(`no user ${username}`);
    return user.user.id;
  }
});

function config(changes: Record<string, unknown> = {}) {
  return { delayMs: null, storeAndForwardQuality: null, storeAndForwardCodec: null, totalCappingKbps: null, cellularCappingKbps: null, ...changes };
}
