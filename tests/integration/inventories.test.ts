/**
 * The inventories area (spec 001 §3 Inventory, §7 "Admin inventories", §8; 002 §3, §5) against a
 * started server: every call's answer, every refusal with its exact message, tenancy (another
 * broadcaster's inventory and admin) and the role matrix (the 14 demo users, whose username is
 * their user type, against every call on their own and on a foreign inventory).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { USER_TYPES, type UserType } from '../../src/domain/roles/userTypes.ts';
import { may, type Action } from '../../src/domain/roles/permissions.ts';
import { INVENTORY_FEATURE_FLAG_NAMES } from '../../src/domain/roles/roleSets.ts';
import { hashPassword } from '../../src/server/auth/password.ts';
import { call, DEMO_PASSWORD, signIn, tempDir } from './server-harness.ts';
import { startUnitServer, type UnitTestServer } from './units-harness.ts';
import { testUser } from './testUsers.ts';

// spec 002 §5 shared messages and spec 001 §8 texts, word for word.
const GENERIC_NAME = 'Should contain only letters, numbers, underscores and hyphens';
const ALPHA_DASH = 'Should contain only alpha-numeric characters, dashes and underscores';
const NAME_TAKEN = 'Name is already taken. Please select a different name';
const REQUIRED = 'This field is required';
const INVALID_IP = 'Invalid IP field';
const PARENT_SELF = 'Parent inventory cannot be the current inventory';
const MUST_BE_UNIQUE = 'This field must be unique';
const NOT_ALLOWED = 'You are not allowed to access this application.';
// Ours (src/domain/inventories.ts, src/domain/validation/groups.ts).
const PARENT_LOOP = 'Parent inventory cannot be one of the inventories under the current inventory';
const VERSION_FORMAT = 'Must be a dotted version number such as 8.5.2';

const INVENTORIES = 'v2/admin/inventories';
const json = (method: string, body?: unknown) => ({ method, ...(body !== undefined ? { body } : {}) });

/** The fields of a list row (InventoryRow): the list answers exactly these. */
const ROW_FIELDS = ['createdAt', 'customer', 'groupCount', 'id', 'name', 'parentId', 'parentName', 'region', 'unitCount', 'userCount'];

describe('inventories (spec 001 §3 §7 §8, 002 §3 §5) against a started server', () => {
  const tmp = tempDir();
  let server: UnitTestServer;
  let superUser: string;
  let admin: string;
  let outsider: string;
  const cookies = new Map<UserType, string>();
  /** Names unique to this run's creations. */
  let serial = 0;
  const fresh = (prefix: string): string => `${prefix}-${(serial += 1)}`;

  beforeAll(async () => {
    server = await startUnitServer(join(tmp.dir, 'luc.db'), 40);
    // Another broadcaster: its own inventory, group and administrator.
    const now = Date.now();
    await server.store.inventories.insert({ id: 'INV-FOREIGN', name: 'Foreign-Broadcaster', region: 'sa-east', customer: 'Foreign Media', parentId: null, features: [], createdAt: now });
    await server.store.groups.insert({ id: 'G-FOREIGN-DESK', name: 'Foreign-Desk', inventoryId: 'INV-FOREIGN', autoAssociation: false, unitAutoAssociation: false, createdAt: now });
    await server.store.users.insert(
      { ...testUser('USR-OUTSIDER', now), username: 'outsider_admin', firstName: 'Out', lastName: 'Sider', password: await hashPassword(DEMO_PASSWORD) },
      ['G-FOREIGN-DESK'],
    );
    for (const type of USER_TYPES) cookies.set(type, await signIn(server, type));
    superUser = cookies.get('super_user') ?? '';
    admin = cookies.get('luc_admin') ?? '';
    outsider = await signIn(server, 'outsider_admin');
  });
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  async function create(body: Record<string, unknown>) {
    const answer = await call(server, INVENTORIES, { ...json('POST', body), cookie: superUser });
    expect(answer.status, answer.text).toBe(201);
    return answer.json as { id: string; name: string } & Record<string, unknown>;
  }

  describe('the listings (list, enhanced, count, one)', () => {
    it('pages the inventories by name with their parent and counts (defaults: key name, limit 50, offset 0)', async () => {
      const page = await call(server, INVENTORIES, { cookie: superUser });
      expect(page.status, page.text).toBe(200);
      expect(page.json).toMatchObject({ limit: 50, offset: 0 });
      const names = page.json.items.map((i: { name: string }) => i.name);
      expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
      expect(names).toEqual(expect.arrayContaining(['Newsroom', 'Sports', 'Events', 'Foreign-Broadcaster']));
      const news = page.json.items.find((i: { id: string }) => i.id === 'INV-NEWS');
      expect(Object.keys(news).sort()).toEqual(ROW_FIELDS);
      // Demo: two groups in the newsroom, the 14 demo users in every demo group.
      expect(news).toMatchObject({ name: 'Newsroom', region: 'us-east', customer: 'Demo Broadcasting', parentId: null, parentName: null, groupCount: 2, userCount: 14 });
      const units = (await server.store.units.all()).filter((u) => u.inventoryId === 'INV-NEWS').length;
      expect(news.unitCount).toBe(units);
    });

    it.each([
      ['name', 'nEwS', ['Newsroom']],
      ['customer', 'live events', ['Events']],
      ['region', 'EU-', ['Sports']],
      ['region', '%', []],
    ])('searches by %s for %j without case', async (key, value, expected) => {
      const page = await call(server, `${INVENTORIES}?searchKey=${key}&searchValue=${encodeURIComponent(value)}`, { cookie: superUser });
      expect(page.status, page.text).toBe(200);
      expect(page.json.items.map((i: { name: string }) => i.name)).toEqual(expected);
      expect(page.json.total).toBe(expected.length);
    });

    it.each([
      ['name', 'desc', (a: Row, b: Row) => b.name.toLowerCase().localeCompare(a.name.toLowerCase())],
      ['customer', 'asc', (a: Row, b: Row) => a.customer.toLowerCase().localeCompare(b.customer.toLowerCase()) || a.name.toLowerCase().localeCompare(b.name.toLowerCase())],
      ['unitCount', 'desc', (a: Row, b: Row) => b.unitCount - a.unitCount || a.name.toLowerCase().localeCompare(b.name.toLowerCase())],
      ['groupCount', 'asc', (a: Row, b: Row) => a.groupCount - b.groupCount || a.name.toLowerCase().localeCompare(b.name.toLowerCase())],
      ['userCount', 'asc', (a: Row, b: Row) => a.userCount - b.userCount || a.name.toLowerCase().localeCompare(b.name.toLowerCase())],
    ] as const)('sorts by %s %s, then by name', async (sortBy, sortDir, order) => {
      const page = await call(server, `${INVENTORIES}?sortBy=${sortBy}&sortDir=${sortDir}&limit=500`, { cookie: superUser });
      expect(page.status, page.text).toBe(200);
      const rows = page.json.items as Row[];
      expect(rows.map((r) => r.id)).toEqual([...rows].sort(order).map((r) => r.id));
    });

    it('pages with limit and offset and counts what matches', async () => {
      const all = await call(server, `${INVENTORIES}?limit=500`, { cookie: superUser });
      const second = await call(server, `${INVENTORIES}?limit=2&offset=1`, { cookie: superUser });
      expect(second.json.total).toBe(all.json.total);
      expect(second.json.items.map((i: Row) => i.id)).toEqual(all.json.items.slice(1, 3).map((i: Row) => i.id));
      const count = await call(server, `${INVENTORIES}/count`, { cookie: superUser });
      expect(count.json).toEqual({ count: all.json.total });
      expect((await call(server, `${INVENTORIES}/count?searchKey=customer&searchValue=demo`, { cookie: superUser })).json).toEqual({ count: 3 });
    });

    it.each([
      ['limit=0', 'query.limit must be >= 1'],
      ['offset=-1', 'query.offset must be >= 0'],
      ['sortBy=password', 'query.sortBy must be one of'],
      ['searchKey=parentId', 'query.searchKey must be one of'],
    ])('refuses %s with a message naming the parameter', async (query, message) => {
      const answer = await call(server, `${INVENTORIES}?${query}`, { cookie: superUser });
      expect(answer.status).toBe(400);
      expect(answer.json.message).toContain(message);
    });

    it('answers the enhanced rows with every detail: flags, properties, settings', async () => {
      const page = await call(server, `${INVENTORIES}/enhanced?searchValue=Newsroom`, { cookie: superUser });
      expect(page.status, page.text).toBe(200);
      expect(page.json.items).toHaveLength(1);
      expect(page.json.items[0]).toEqual({
        id: 'INV-NEWS',
        name: 'Newsroom',
        region: 'us-east',
        customer: 'Demo Broadcasting',
        parentId: null,
        parentName: null,
        groupCount: 2,
        unitCount: expect.any(Number),
        userCount: 14,
        createdAt: expect.any(Number),
        autoGroup: false,
        sipServer: '',
        identityProvider: '',
        userLicences: null,
        // The demo turns every flag on.
        features: Object.fromEntries(INVENTORY_FEATURE_FLAG_NAMES.map((flag) => [flag, true])),
        properties: {},
        defaultSwVersions: {},
      });
    });

    it('shows an administrator only their inventories; another tenant’s is the same 404 as an unknown one', async () => {
      const own = await call(server, `${INVENTORIES}?limit=500`, { cookie: outsider });
      expect(own.json.items.map((i: Row) => i.id)).toEqual(['INV-FOREIGN']);
      expect((await call(server, `${INVENTORIES}/count`, { cookie: outsider })).json).toEqual({ count: 1 });
      const demo = await call(server, `${INVENTORIES}/enhanced?limit=500`, { cookie: admin });
      expect(demo.json.items.map((i: Row) => i.id).sort()).toEqual(['INV-EVENTS', 'INV-NEWS', 'INV-SPORTS']);
      expect((await call(server, `${INVENTORIES}/INV-FOREIGN`, { cookie: outsider })).json).toMatchObject({ id: 'INV-FOREIGN', groupCount: 1, userCount: 1 });
      const foreign = await call(server, `${INVENTORIES}/INV-NEWS`, { cookie: outsider });
      expect(foreign.status).toBe(404);
      expect(foreign.json.message).toBe("Inventory 'INV-NEWS' not found");
      const unknown = await call(server, `${INVENTORIES}/INV-NO-SUCH`, { cookie: superUser });
      expect(unknown.status).toBe(404);
      expect(unknown.json.message).toBe("Inventory 'INV-NO-SUCH' not found");
    });
  });

  describe('create', () => {
    it('creates an inventory with every field; the answer is the enhanced row', async () => {
      const name = fresh('Night-Newsroom');
      const created = await create({
        name,
        region: 'us-west',
        customer: 'Night Broadcasting',
        parentId: 'INV-NEWS',
        sipServer: 'sip.example.com',
        identityProvider: 'okta-night',
        userLicences: 25,
        features: { mapView: true, lux: true, reboot: false },
        properties: { billing: 'B-17', ' contact ': ' desk@example.com ' },
        defaultSwVersions: { fieldUnits: '8.5.2', smartUnits: ' 7.4 ', cameraUnits: '' },
      });
      expect(created).toMatchObject({
        name,
        region: 'us-west',
        customer: 'Night Broadcasting',
        parentId: 'INV-NEWS',
        parentName: 'Newsroom',
        groupCount: 0,
        unitCount: 0,
        userCount: 0,
        autoGroup: false,
        sipServer: 'sip.example.com',
        identityProvider: 'okta-night',
        userLicences: 25,
        properties: { billing: 'B-17', contact: 'desk@example.com' },
        defaultSwVersions: { fieldUnits: '8.5.2', smartUnits: '7.4' },
      });
      expect(created['features']).toEqual({ ...Object.fromEntries(INVENTORY_FEATURE_FLAG_NAMES.map((flag) => [flag, false])), mapView: true, lux: true });
      expect(created.id).toMatch(/^INV-/);
      // The features the console reads for a group of it (groups/fetch_features) are these.
      expect((await server.store.inventories.get(created.id))?.features).toEqual(['mapView', 'lux']);
    });

    it('with auto group: a group named after it, both auto associations on, in the same transaction', async () => {
      const name = fresh('Auto-Desk');
      const created = await create({ name, autoGroup: true });
      expect(created).toMatchObject({ autoGroup: true, groupCount: 1 });
      const groups = await call(server, `${INVENTORIES}/${created.id}/groups`, { cookie: superUser });
      expect(groups.json.items).toEqual([expect.objectContaining({ name, inventoryId: created.id, autoAssociation: true, unitAutoAssociation: true })]);
    });

    it('refuses an auto group whose name another group has, and creates nothing', async () => {
      const answer = await call(server, INVENTORIES, { ...json('POST', { name: 'News-National', autoGroup: true }), cookie: superUser });
      expect(answer.status).toBe(409);
      const message = 'A group named News-National already exists: choose another inventory name or turn auto group off';
      expect(answer.json).toEqual({ error: 'Conflict', message, fields: { autoGroup: message } });
      expect((await call(server, `${INVENTORIES}?searchValue=News-National`, { cookie: superUser })).json.total).toBe(0);
    });

    it('refuses a name another inventory has, without case, on the name field (409)', async () => {
      const answer = await call(server, INVENTORIES, { ...json('POST', { name: 'NEWSROOM' }), cookie: superUser });
      expect(answer.status).toBe(409);
      expect(answer.json).toEqual({ error: 'Conflict', message: NAME_TAKEN, fields: { name: NAME_TAKEN } });
    });

    it.each([
      [{ name: 'Night Desk' }, 400, { name: GENERIC_NAME }],
      [{ name: '' }, 400, { name: REQUIRED }],
      [{ name: '   ' }, 400, { name: REQUIRED }],
      [{}, 400, { name: REQUIRED }],
      [{ name: 'x'.repeat(256) }, 400, { name: 'Must have at most 255 characters' }],
      [{ name: 'Ok-1', region: 'r'.repeat(65) }, 400, { region: 'Must have at most 64 characters' }],
      [{ name: 'Ok-2', sipServer: '300.1.1.1' }, 400, { sipServer: INVALID_IP }],
      [{ name: 'Ok-3', sipServer: 'sip server' }, 400, { sipServer: INVALID_IP }],
      [{ name: 'Ok-4', identityProvider: 'okta corp' }, 400, { identityProvider: ALPHA_DASH }],
      [{ name: 'Ok-5', userLicences: -1 }, 400, { userLicences: 'Must be 0 or more' }],
      [{ name: 'Ok-6', userLicences: 1.5 }, 400, { userLicences: 'Must be an integer' }],
      [{ name: 'Ok-7', defaultSwVersions: { fieldUnits: '3.4' } }, 400, { 'defaultSwVersions.fieldUnits': 'Must be 3.5 or more' }],
      [{ name: 'Ok-8', defaultSwVersions: { liteUnits: '9.0.1' } }, 400, { 'defaultSwVersions.liteUnits': 'Must be 9.0 or less' }],
      [{ name: 'Ok-9', defaultSwVersions: { smartUnits: 'v8.5' } }, 400, { 'defaultSwVersions.smartUnits': VERSION_FORMAT }],
      [{ name: 'Ok-10', properties: { 'bad key': 'x' } }, 400, { 'properties.0.key': ALPHA_DASH }],
      [{ name: 'Ok-11', properties: { Billing: 'a', billing: 'b' } }, 400, { 'properties.1.key': MUST_BE_UNIQUE }],
      [{ name: 'Ok-12', features: { teleport: true } }, 400, { 'features.teleport': 'Invalid field' }],
      [{ name: 'Ok-13', owner: 'me' }, 400, { owner: 'Invalid field' }],
      [{ name: 'Ok-15', parentId: '' }, 400, { parentId: REQUIRED }],
      [{ name: 'Ok-14', parentId: 'INV-NO-SUCH' }, 404, { parentId: "Inventory 'INV-NO-SUCH' not found" }],
    ])('refuses %j with %i and the field’s message', async (body, status, fields) => {
      const answer = await call(server, INVENTORIES, { ...json('POST', body), cookie: superUser });
      expect(answer.status, answer.text).toBe(status);
      expect(answer.json.fields).toEqual(fields);
    });
  });

  describe('update', () => {
    it('changes the given fields only; flags it names take their value, the others stay', async () => {
      const created = await create({ name: fresh('Edit-Me'), region: 'us-east', features: { lux: true, gauge: true }, properties: { a: '1' } });
      const renamed = `${created.name}-Renamed`;
      const answer = await call(server, `${INVENTORIES}/${created.id}`, {
        ...json('PUT', { name: renamed, customer: 'Someone', features: { gauge: false, vsim: true }, defaultSwVersions: { ptmpUnits: '6.0' }, userLicences: null }),
        cookie: superUser,
      });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json).toMatchObject({ id: created.id, name: renamed, region: 'us-east', customer: 'Someone', properties: { a: '1' }, defaultSwVersions: { ptmpUnits: '6.0' }, userLicences: null });
      expect(answer.json.features).toMatchObject({ lux: true, gauge: false, vsim: true, mapView: false });
      // An empty body changes nothing.
      const same = await call(server, `${INVENTORIES}/${created.id}`, { ...json('PUT', {}), cookie: superUser });
      expect(same.json).toEqual(answer.json);
    });

    it('refuses the inventory as its own parent (spec 002 §5) and a parent below it (a loop)', async () => {
      const top = await create({ name: fresh('Top') });
      const middle = await create({ name: fresh('Middle'), parentId: top.id });
      const bottom = await create({ name: fresh('Bottom'), parentId: middle.id });
      const self = await call(server, `${INVENTORIES}/${top.id}`, { ...json('PUT', { parentId: top.id }), cookie: superUser });
      expect(self.status).toBe(400);
      expect(self.json).toEqual({ error: 'Bad Request', message: PARENT_SELF, fields: { parentId: PARENT_SELF } });
      const loop = await call(server, `${INVENTORIES}/${top.id}`, { ...json('PUT', { parentId: bottom.id }), cookie: superUser });
      expect(loop.status).toBe(400);
      expect(loop.json.fields).toEqual({ parentId: PARENT_LOOP });
      // Moving the bottom one up is fine; so is making the top one top-level again.
      const up = await call(server, `${INVENTORIES}/${bottom.id}`, { ...json('PUT', { parentId: top.id }), cookie: superUser });
      expect(up.json).toMatchObject({ parentId: top.id, parentName: top.name });
      expect((await call(server, `${INVENTORIES}/${middle.id}`, { ...json('PUT', { parentId: null }), cookie: superUser })).json).toMatchObject({ parentId: null, parentName: null });
    });

    it.each([
      [{ name: 'Sports' }, 409, { name: NAME_TAKEN }],
      [{ name: 'Bad name' }, 400, { name: GENERIC_NAME }],
      [{ sipServer: '10.0.0.256' }, 400, { sipServer: INVALID_IP }],
      [{ parentId: 'INV-NO-SUCH' }, 404, { parentId: "Inventory 'INV-NO-SUCH' not found" }],
      [{ autoGroup: true }, 400, { autoGroup: 'Invalid field' }],
    ])('refuses %j with %i and the field’s message, and keeps what was stored', async (body, status, fields) => {
      const created = await create({ name: fresh('Refuse-Me') });
      const answer = await call(server, `${INVENTORIES}/${created.id}`, { ...json('PUT', body), cookie: superUser });
      expect(answer.status, answer.text).toBe(status);
      expect(answer.json.fields).toEqual(fields);
      expect((await call(server, `${INVENTORIES}/${created.id}`, { cookie: superUser })).json.name).toBe(created.name);
    });
  });

  describe('delete', () => {
    it('refuses while the inventory holds groups, units or users, saying how many', async () => {
      const units = (await server.store.units.all()).filter((u) => u.inventoryId === 'INV-NEWS').length;
      const answer = await call(server, `${INVENTORIES}/INV-NEWS`, { ...json('DELETE'), cookie: superUser });
      expect(answer.status).toBe(409);
      expect(answer.json).toEqual({ error: 'Conflict', message: `The inventory still has 2 groups, ${units} units and 14 users: move them to another inventory or delete them first` });
      const auto = await create({ name: fresh('Auto-Only'), autoGroup: true });
      const refused = await call(server, `${INVENTORIES}/${auto.id}`, { ...json('DELETE'), cookie: superUser });
      expect(refused.json.message).toBe('The inventory still has 1 groups, 0 units and 0 users: move them to another inventory or delete them first');
    });

    it('deletes an empty inventory (its children become top-level), then answers 404', async () => {
      const parent = await create({ name: fresh('Empty') });
      const child = await create({ name: fresh('Child'), parentId: parent.id });
      const answer = await call(server, `${INVENTORIES}/${parent.id}`, { ...json('DELETE'), cookie: superUser });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json).toEqual({ removed: 1 });
      expect((await call(server, `${INVENTORIES}/${parent.id}`, { cookie: superUser })).status).toBe(404);
      expect((await call(server, `${INVENTORIES}/${child.id}`, { cookie: superUser })).json).toMatchObject({ parentId: null, parentName: null });
    });
  });

  describe('properties', () => {
    it('reads and replaces the properties (keys and values trimmed)', async () => {
      const created = await create({ name: fresh('Props'), properties: { a: '1' } });
      const path = `${INVENTORIES}/${created.id}/properties`;
      expect((await call(server, path, { cookie: superUser })).json).toEqual({ inventoryId: created.id, properties: { a: '1' } });
      const put = await call(server, path, { ...json('PUT', { b: ' two ', c: '' }), cookie: superUser });
      expect(put.status, put.text).toBe(200);
      expect(put.json).toEqual({ inventoryId: created.id, properties: { b: 'two', c: '' } });
      expect((await call(server, path, { cookie: admin })).status).toBe(404); // the demo admin does not administer it
      expect((await call(server, `${INVENTORIES}/${created.id}`, { cookie: superUser })).status).toBe(200);
    });

    it.each([
      [{ ok: 'x', OK: 'y' }, { 'properties.1.key': MUST_BE_UNIQUE }],
      [{ '': 'x' }, { 'properties.0.key': REQUIRED }],
      [Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, 'v'])), { properties: 'At most 100 properties' }],
      [{ k: 'v'.repeat(1025) }, { 'k': 'Must have at most 1024 characters' }],
    ])('refuses %j with the field’s message', async (body, fields) => {
      const answer = await call(server, `${INVENTORIES}/INV-EVENTS/properties`, { ...json('PUT', body), cookie: superUser });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.json.fields).toEqual(fields);
    });
  });

  describe('devices serviceable (ours: the inventory’s online units)', () => {
    it('lists the units of the inventory that the fleet reports online, by name, paged', async () => {
      const stored = (await server.store.units.all()).filter((u) => u.inventoryId === 'INV-SPORTS');
      const online = stored.filter((u) => server.fleet.unit(u.uid)?.state === 'online');
      expect(online.length).toBeGreaterThan(0);
      const answer = await call(server, `${INVENTORIES}/INV-SPORTS/devices/serviceable?limit=500`, { cookie: admin });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json.total).toBe(online.length);
      expect(answer.json.items.map((u: { id: string }) => u.id).sort()).toEqual(online.map((u) => u.uid).sort());
      const names = answer.json.items.map((u: { name: string }) => u.name.toLowerCase());
      expect(names).toEqual([...names].sort());
      const first = answer.json.items[0];
      expect(first).toEqual({ id: expect.any(String), name: expect.any(String), type: expect.any(String), serial: expect.any(String), swVersion: expect.any(String), groupId: expect.any(String), groupName: expect.any(String) });
      const second = await call(server, `${INVENTORIES}/INV-SPORTS/devices/serviceable?limit=1&offset=1`, { cookie: admin });
      expect(second.json).toMatchObject({ total: online.length, limit: 1, offset: 1 });
      expect(second.json.items.map((u: { id: string }) => u.id)).toEqual(answer.json.items.slice(1, 2).map((u: { id: string }) => u.id));
    });

    it('leaves out a unit that goes offline', async () => {
      const unit = (await server.store.units.all()).find((u) => u.inventoryId === 'INV-EVENTS' && server.fleet.unit(u.uid)?.state === 'online');
      if (unit === undefined) throw new Error('no online unit in INV-EVENTS');
      const live = server.fleet.unit(unit.uid);
      if (live === undefined) throw new Error('unit not in the fleet');
      live.state = 'offline';
      try {
        const answer = await call(server, `${INVENTORIES}/INV-EVENTS/devices/serviceable?limit=500`, { cookie: superUser });
        expect(answer.json.items.map((u: { id: string }) => u.id)).not.toContain(unit.uid);
      } finally {
        live.state = 'online';
      }
    });
  });

  describe('video return channels (ours: a channel belongs to exactly one inventory)', () => {
    it('moves a channel into another inventory (it leaves the groups of the former one), refuses to remove it while groups use it, then removes it', async () => {
      await server.store.db.insertInto('vr_channels').values({ id: 'VR-1', name: 'VR-Studio-1', inventory_id: 'INV-NEWS', created_at: Date.now() }).execute();
      const give = await call(server, 'v2/admin/groups/G-NEWS-NATIONAL/vrChannels/VR-1', { ...json('PUT'), cookie: superUser });
      expect(give.status, give.text).toBe(200);

      const refused = await call(server, `${INVENTORIES}/INV-NEWS/vrChannels/VR-1`, { ...json('DELETE'), cookie: superUser });
      expect(refused.status).toBe(409);
      expect(refused.json.message).toBe('The video return channel is still given to 1 groups: take it from them first');

      const same = await call(server, `${INVENTORIES}/INV-NEWS/vrChannels/VR-1`, { ...json('PUT'), cookie: superUser });
      expect(same.json).toEqual({ id: 'VR-1', name: 'VR-Studio-1', inventoryId: 'INV-NEWS', groupCount: 1 }); // already there: nothing moves
      const moved = await call(server, `${INVENTORIES}/INV-SPORTS/vrChannels/VR-1`, { ...json('PUT'), cookie: superUser });
      expect(moved.status, moved.text).toBe(200);
      expect(moved.json).toEqual({ id: 'VR-1', name: 'VR-Studio-1', inventoryId: 'INV-SPORTS', groupCount: 0 });
      expect((await call(server, 'v2/admin/groups/G-NEWS-NATIONAL/vrChannels', { cookie: superUser })).json.total).toBe(0);

      const elsewhere = await call(server, `${INVENTORIES}/INV-NEWS/vrChannels/VR-1`, { ...json('DELETE'), cookie: superUser });
      expect(elsewhere.status).toBe(404);
      expect(elsewhere.json.message).toBe("Video return channel 'VR-1' not found in this inventory");
      const removed = await call(server, `${INVENTORIES}/INV-SPORTS/vrChannels/VR-1`, { ...json('DELETE'), cookie: superUser });
      expect(removed.json).toEqual({ removed: 1 });
      const unknown = await call(server, `${INVENTORIES}/INV-SPORTS/vrChannels/VR-1`, { ...json('PUT'), cookie: superUser });
      expect(unknown.status).toBe(404);
      expect(unknown.json.message).toBe("Video return channel 'VR-1' not found");
    });
  });

  describe('the role matrix (inventories.read: the admin set; inventories.admin: the super user)', () => {
    interface MatrixCall {
      readonly name: string;
      readonly action: Action;
      readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
      /** The path for an inventory; null for a call that names none. */
      readonly path: (inventory: string, type: UserType) => string;
      readonly scoped: boolean;
      readonly body?: (type: UserType) => unknown;
      /** The answer of a caller who may: the call's own outcome, not a refusal of access. */
      readonly granted: number;
    }
    const CALLS: readonly MatrixCall[] = [
      { name: 'list', action: 'inventories.read', method: 'GET', path: () => INVENTORIES, scoped: false, granted: 200 },
      { name: 'enhanced', action: 'inventories.read', method: 'GET', path: () => `${INVENTORIES}/enhanced`, scoped: false, granted: 200 },
      { name: 'count', action: 'inventories.read', method: 'GET', path: () => `${INVENTORIES}/count`, scoped: false, granted: 200 },
      { name: 'create', action: 'inventories.admin', method: 'POST', path: () => INVENTORIES, scoped: false, body: (type) => ({ name: `Matrix-${type.replace(/_/g, '-')}` }), granted: 201 },
      { name: 'one', action: 'inventories.read', method: 'GET', path: (inv) => `${INVENTORIES}/${inv}`, scoped: true, granted: 200 },
      { name: 'update', action: 'inventories.admin', method: 'PUT', path: (inv) => `${INVENTORIES}/${inv}`, scoped: true, body: () => ({}), granted: 200 },
      { name: 'delete', action: 'inventories.admin', method: 'DELETE', path: (inv) => `${INVENTORIES}/${inv}`, scoped: true, granted: 409 }, // both hold groups
      { name: 'properties', action: 'inventories.read', method: 'GET', path: (inv) => `${INVENTORIES}/${inv}/properties`, scoped: true, granted: 200 },
      { name: 'set properties', action: 'inventories.admin', method: 'PUT', path: (inv) => `${INVENTORIES}/${inv}/properties`, scoped: true, body: () => ({}), granted: 200 },
      { name: 'serviceable', action: 'inventories.read', method: 'GET', path: (inv) => `${INVENTORIES}/${inv}/devices/serviceable`, scoped: true, granted: 200 },
      { name: 'link vr channel', action: 'inventories.admin', method: 'PUT', path: (inv) => `${INVENTORIES}/${inv}/vrChannels/VR-NONE`, scoped: true, granted: 404 },
      { name: 'unlink vr channel', action: 'inventories.admin', method: 'DELETE', path: (inv) => `${INVENTORIES}/${inv}/vrChannels/VR-NONE`, scoped: true, granted: 404 },
    ];

    it.each(USER_TYPES.map((type) => [type]))('%s gets each call’s answer where the permissions table grants it, 403 where it refuses, 404 for a foreign inventory', async (type) => {
      const cookie = cookies.get(type) ?? '';
      const failures: string[] = [];
      for (const c of CALLS) {
        const allowed = may([type], c.action);
        const own = await call(server, c.path('INV-EVENTS', type), { method: c.method, cookie, ...(c.body !== undefined ? { body: c.body(type) } : {}) });
        const expected = allowed ? c.granted : 403;
        if (own.status !== expected || (!allowed && own.json?.message !== NOT_ALLOWED)) failures.push(`${c.name} (own): ${own.status} ${own.json?.message ?? ''}, expected ${expected}`);
        if (!c.scoped) continue;
        // Another broadcaster's inventory: a super user sees every inventory; anyone else gets the 404 of an unknown id.
        const foreign = await call(server, c.path('INV-FOREIGN', type), { method: c.method, cookie, ...(c.body !== undefined ? { body: c.body(type) } : {}) });
        const expectedForeign = type === 'super_user' ? c.granted : 404;
        if (foreign.status !== expectedForeign) failures.push(`${c.name} (foreign): ${foreign.status} ${foreign.json?.message ?? ''}, expected ${expectedForeign}`);
      }
      expect(failures).toEqual([]);
    });

    it('lists for each granted user type only the inventories it administers', async () => {
      for (const type of USER_TYPES.filter((t) => may([t], 'inventories.read'))) {
        const ids = (await call(server, `${INVENTORIES}?limit=500`, { cookie: cookies.get(type) ?? '' })).json.items.map((i: Row) => i.id);
        if (type === 'super_user') expect(ids).toContain('INV-FOREIGN');
        else expect(ids.sort()).toEqual(['INV-EVENTS', 'INV-NEWS', 'INV-SPORTS']);
      }
    });
  });
});

interface Row {
  id: string;
  name: string;
  customer: string;
  unitCount: number;
  groupCount: number;
  userCount: number;
}
