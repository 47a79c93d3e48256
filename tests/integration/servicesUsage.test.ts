/**
 * Issue 14 against a started server: managed services and trials (spec 001 §3, §4, §7, §9), unit
 * and licence activation with its grant (001 §6), usage profiles (002 §3, §5, §8) and usage reports
 * from the usage the server recorded. Every call's answer, its refusals with their exact texts,
 * tenancy (another broadcaster's inventory) and the role matrix of the 14 demo users.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { USER_TYPES } from '../../src/domain/roles/userTypes.ts';
import { may, type Action } from '../../src/domain/roles/permissions.ts';
import { monthOf } from '../../src/domain/usageProfiles.ts';
import { call, signIn, tempDir } from './server-harness.ts';
import { startUnitServer, type UnitTestServer } from './units-harness.ts';

const NOT_ALLOWED = 'You are not allowed to access this application.';
const NOT_GRANTED = 'Unit and license activation is not granted to you in this inventory. Ask an administrator of the inventory.';
const DAY_MS = 86_400_000;
const json = (method: string, body?: unknown) => ({ method, ...(body !== undefined ? { body } : {}) });

describe('managed services, activation, usage profiles and reports (issue 14)', () => {
  const tmp = tempDir();
  let server: UnitTestServer;
  const cookies = new Map<string, string>();
  const as = (type: string): string => cookies.get(type)!;
  let newsUnits: Array<{ uid: string; name: string }>;

  beforeAll(async () => {
    server = await startUnitServer(join(tmp.dir, 'luc.db'), 30);
    const now = Date.now();
    await server.store.inventories.insert({ id: 'INV-OTHER', name: 'Other-Broadcaster', region: 'eu', customer: 'Other', parentId: null, features: [], createdAt: now });
    for (const type of USER_TYPES) cookies.set(type, await signIn(server, type));
    newsUnits = (await server.store.units.all()).filter((u) => u.inventoryId === 'INV-NEWS').map((u) => ({ uid: u.uid, name: u.name }));
  }, 120_000);
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  /** 200 for the types the action is granted to, 403 with the spec's text for the others. */
  async function roleMatrix(action: Action, path: string): Promise<void> {
    for (const type of USER_TYPES) {
      const answer = await call(server, path, { cookie: as(type) });
      if (may([type], action)) expect(answer.status, `${type}: ${answer.text}`).toBe(200);
      else expect([type, answer.status, answer.json?.message]).toEqual([type, 403, NOT_ALLOWED]);
    }
  }

  describe('managed services (managed-services, services_status, POST managed-services/trial)', () => {
    it('lists the eight services of the spec in its order, with trials on offer and the demo’s purchase', async () => {
      const answer = await call(server, 'v2/admin/managed-services?inventoryId=INV-NEWS', { cookie: as('luc_admin') });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json.inventoryName).toBe('Newsroom');
      expect(answer.json.services.map((s: { serviceName: string }) => s.serviceName)).toEqual(['go_plan', 'graphics', 'smart_plan', 'ai_integration', 'audio_ifb', 'cellular_cap', 'ingest', 'field_server']);
      const by = (name: string) => answer.json.services.find((s: { serviceName: string }) => s.serviceName === name);
      expect(by('go_plan')).toMatchObject({ trialState: 'enabledTrial', trialAvailable: true, displayStatus: 'notEnabled' });
      expect(by('ai_integration')).toMatchObject({ trialState: 'purchasedService', state: 'active', planKind: 'PERMANENT', displayStatus: 'purchased', trialAvailable: false });
      expect(by('audio_ifb')).toMatchObject({ trialState: null, trialAvailable: false, displayStatus: 'notEnabled' });
    });

    it('shows a trial past its 30 days as expired and a purchase over its usage as over usage (Events)', async () => {
      const answer = await call(server, 'v2/admin/managed-services?inventoryId=INV-EVENTS', { cookie: as('super_user') });
      const by = (name: string) => answer.json.services.find((s: { serviceName: string }) => s.serviceName === name);
      expect(by('smart_plan')).toMatchObject({ trialState: 'expiredTrial', displayStatus: 'trialExpired' });
      expect(by('field_server')).toMatchObject({ displayStatus: 'overUsage', usage: { kind: 'data', used: 12_000, limit: 10_000 } });
    });

    it('answers the plain listing and services_status with name and status', async () => {
      const plain = await call(server, 'managed-services?inventoryId=INV-NEWS', { cookie: as('luc_regular') });
      expect(plain.status, plain.text).toBe(200);
      expect(plain.json).toContainEqual({ serviceName: 'ai_integration', serviceStatus: 'purchased' });
      const status = await call(server, 'services_status?inventoryId=INV-NEWS&serviceName=go_plan,ai_integration', { cookie: as('luc_regular') });
      expect(status.json).toEqual([
        { serviceName: 'go_plan', serviceStatus: 'notEnabled' },
        { serviceName: 'ai_integration', serviceStatus: 'purchased' },
      ]);
      const unknown = await call(server, 'services_status?inventoryId=INV-NEWS&serviceName=go_plan,teleport', { cookie: as('luc_regular') });
      expect([unknown.status, unknown.json.message, unknown.json.fields]).toEqual([400, 'Unknown service: teleport', { serviceName: 'Unknown service: teleport' }]);
    });

    it('puts each service with its most in-use status across the user’s inventories in the client configuration (spec 002 §3)', async () => {
      const configuration = await call(server, 'v2/client/configuration', { cookie: as('luc_regular') });
      expect(configuration.status, configuration.text).toBe(200);
      expect(configuration.json.services).toEqual(
        expect.arrayContaining([
          { serviceName: 'ai_integration', serviceStatus: 'purchased' }, // every demo inventory
          { serviceName: 'go_plan', serviceStatus: 'onTrial' }, // Sports
          { serviceName: 'field_server', serviceStatus: 'overUsage' }, // Events
          { serviceName: 'ingest', serviceStatus: 'notEnabled' },
        ]),
      );
    });

    it('starts the go plan trial for 30 days, once', async () => {
      const before = Date.now();
      const started = await call(server, 'managed-services/trial', { cookie: as('luc_admin'), body: { inventoryId: 'INV-NEWS', serviceName: 'go_plan' } });
      expect(started.status, started.text).toBe(201);
      expect(started.json).toMatchObject({ serviceName: 'go_plan', trialState: 'activeTrial', displayStatus: 'onTrial', trialAvailable: false, planKind: 'ADHOC' });
      expect(started.json.trialStartedAt).toBeGreaterThanOrEqual(before);
      expect(started.json.trialEndsAt - started.json.trialStartedAt).toBe(30 * DAY_MS);
      const again = await call(server, 'managed-services/trial', { cookie: as('luc_admin'), body: { inventoryId: 'INV-NEWS', serviceName: 'go_plan' } });
      expect([again.status, again.json.message]).toEqual([409, 'The free trial of Go plan is already running.']);
      const status = await call(server, 'services_status?inventoryId=INV-NEWS&serviceName=go_plan', { cookie: as('luc_regular') });
      expect(status.json).toEqual([{ serviceName: 'go_plan', serviceStatus: 'onTrial' }]);
    });

    it('starts the graphics trial: 10 hours of use, expiring in 30 days', async () => {
      const started = await call(server, 'managed-services/trial', { cookie: as('luc_admin'), body: { inventoryId: 'INV-NEWS', serviceName: 'graphics' } });
      expect(started.status, started.text).toBe(201);
      expect(started.json.usage).toEqual({ kind: 'time', used: 0, limit: 10 });
      expect(started.json.trialEndsAt - started.json.trialStartedAt).toBe(30 * DAY_MS);
    });

    it.each([
      ['INV-NEWS', 'ai_integration', 'No free trial is offered for AI integration.'],
      ['INV-EVENTS', 'smart_plan', 'The free trial of Smart plan has already been used.'],
    ])('refuses a trial in %s of %s: "%s"', async (inventoryId, serviceName, message) => {
      const refused = await call(server, 'managed-services/trial', { cookie: as('super_user'), body: { inventoryId, serviceName } });
      expect([refused.status, refused.json.message]).toEqual([409, message]);
    });

    it('refuses a foreign inventory (404), an unknown service name (400) and the users outside the admin set (403)', async () => {
      const foreign = await call(server, 'managed-services/trial', { cookie: as('luc_admin'), body: { inventoryId: 'INV-OTHER', serviceName: 'smart_plan' } });
      expect([foreign.status, foreign.json.message]).toEqual([404, "Inventory 'INV-OTHER' not found"]);
      const unknown = await call(server, 'managed-services/trial', { cookie: as('luc_admin'), body: { inventoryId: 'INV-NEWS', serviceName: 'teleport' } });
      expect(unknown.status).toBe(400);
      expect(Object.keys(unknown.json.fields)).toEqual(['serviceName']);
      const regular = await call(server, 'managed-services/trial', { cookie: as('luc_regular'), body: { inventoryId: 'INV-NEWS', serviceName: 'smart_plan' } });
      expect([regular.status, regular.json.message]).toEqual([403, NOT_ALLOWED]);
    });

    it('gives the admin listing to the admin set and the plain one to every console user', async () => {
      await roleMatrix('services.admin', 'v2/admin/managed-services?inventoryId=INV-NEWS');
      await roleMatrix('services.read', 'managed-services?inventoryId=INV-NEWS');
    });
  });

  describe('unit and licence activation', () => {
    it('lists the inventory’s units with their services and usage profile, searched by name', async () => {
      const page = await call(server, 'v2/admin/inventories/INV-NEWS/activation', { cookie: as('luc_admin') });
      expect(page.status, page.text).toBe(200);
      expect(page.json.total).toBe(newsUnits.length);
      expect(page.json.items.some((u: { usageProfileName: string | null }) => u.usageProfileName === 'Newsroom-Field-Data')).toBe(true);
      const first = newsUnits[0]!;
      const search = await call(server, `v2/admin/inventories/INV-NEWS/activation?searchValue=${encodeURIComponent(first.name)}`, { cookie: as('luc_admin') });
      expect(search.json.items.map((u: { id: string }) => u.id)).toContain(first.uid);
    });

    it('activates a service on a unit and deactivates it, in the same record as v2/units/{id}/services', async () => {
      const unit = newsUnits[1]!;
      const on = await call(server, `v2/admin/inventories/INV-NEWS/activation/${unit.uid}`, { cookie: as('luc_admin'), ...json('PUT', { serviceName: 'cellular_cap', active: true }) });
      expect(on.status, on.text).toBe(200);
      expect(on.json.services).toContain('cellular_cap');
      const services = await call(server, `v2/units/${unit.uid}/services`, { cookie: as('luc_admin') });
      expect(services.json.services.map((s: { name: string }) => s.name)).toContain('cellular_cap');
      const off = await call(server, `v2/admin/inventories/INV-NEWS/activation/${unit.uid}`, { cookie: as('luc_admin'), ...json('PUT', { serviceName: 'cellular_cap', active: false }) });
      expect(off.json.services).not.toContain('cellular_cap');
    });

    it('answers 404 for a unit of another inventory', async () => {
      const sportsUnit = (await server.store.units.all()).find((u) => u.inventoryId === 'INV-SPORTS')!;
      const answer = await call(server, `v2/admin/inventories/INV-NEWS/activation/${sportsUnit.uid}`, { cookie: as('luc_admin'), ...json('PUT', { serviceName: 'ingest', active: true }) });
      expect([answer.status, answer.json.message]).toEqual([404, `Unit '${sportsUnit.uid}' not found`]);
    });

    it('lets a regular user use it only once an admin of the inventory granted it; read-only users never', async () => {
      const refused = await call(server, 'v2/admin/inventories/INV-NEWS/activation', { cookie: as('luc_regular') });
      expect([refused.status, refused.json.message]).toEqual([403, NOT_GRANTED]);
      const before = await call(server, 'v2/admin/inventories/INV-NEWS/activation/grants', { cookie: as('luc_regular') });
      expect(before.json).toMatchObject({ users: [], mayUse: false, mayGrant: false });

      const notAdmin = await call(server, 'v2/admin/inventories/INV-NEWS/activation/grants', { cookie: as('luc_regular'), ...json('PUT', { userIds: ['USR-LUC_REGULAR'] }) });
      expect([notAdmin.status, notAdmin.json.message]).toEqual([403, NOT_ALLOWED]);
      const granted = await call(server, 'v2/admin/inventories/INV-NEWS/activation/grants', { cookie: as('luc_admin'), ...json('PUT', { userIds: ['USR-LUC_REGULAR', 'USR-LUC_READ'] }) });
      expect(granted.status, granted.text).toBe(200);
      expect(granted.json.users.map((u: { name: string }) => u.name)).toEqual(['luc_read', 'luc_regular']);

      const allowed = await call(server, 'v2/admin/inventories/INV-NEWS/activation', { cookie: as('luc_regular') });
      expect(allowed.status, allowed.text).toBe(200);
      const mine = await call(server, 'v2/admin/inventories/INV-NEWS/activation/grants', { cookie: as('luc_regular') });
      expect(mine.json).toMatchObject({ mayUse: true, mayGrant: false });
      // Other inventories were not granted.
      const sports = await call(server, 'v2/admin/inventories/INV-SPORTS/activation', { cookie: as('luc_regular') });
      expect([sports.status, sports.json.message]).toEqual([403, NOT_GRANTED]);
      // Read-only users change nothing, granted or not (spec 000 §6).
      const readOnly = await call(server, 'v2/admin/inventories/INV-NEWS/activation', { cookie: as('luc_read') });
      expect([readOnly.status, readOnly.json.message]).toEqual([403, NOT_ALLOWED]);
    });

    it('refuses to grant a user the admin cannot see (404 on the field, as every reference: issue 16)', async () => {
      const answer = await call(server, 'v2/admin/inventories/INV-NEWS/activation/grants', { cookie: as('luc_admin'), ...json('PUT', { userIds: ['USR-NOBODY'] }) });
      expect([answer.status, answer.json.fields]).toEqual([404, { userIds: "User 'USR-NOBODY' not found" }]);
    });
  });

  describe('usage profiles', () => {
    const PROFILES = 'v2/usage_profiles';

    it('lists the default profiles beside the inventory’s own, with their device counts', async () => {
      const page = await call(server, `${PROFILES}?limit=100`, { cookie: as('luc_admin') });
      expect(page.status, page.text).toBe(200);
      const names = page.json.items.map((p: { name: string }) => p.name);
      expect(names).toEqual(expect.arrayContaining(['Default data', 'Default hours', 'Newsroom-Field-Data', 'Sports-Studio-Hours']));
      expect(page.json.items.find((p: { name: string }) => p.name === 'Default data')).toMatchObject({ isDefault: true, inventoryId: null, type: 'data', value: 10_240, resetDay: 1 });
      expect(page.json.items.find((p: { name: string }) => p.name === 'Newsroom-Field-Data').deviceCount).toBeGreaterThan(0);
      expect(page.json.total).toBe(page.json.items.length);
      const one = await call(server, `${PROFILES}?inventoryId=INV-SPORTS&searchValue=studio`, { cookie: as('luc_admin') });
      expect(one.json.items.map((p: { name: string }) => p.name)).toEqual(['Sports-Studio-Hours']);
      expect(one.json.total).toBe(1);
      const second = await call(server, `${PROFILES}?limit=2&offset=2&sortBy=value&sortDir=desc`, { cookie: as('luc_admin') });
      expect([second.json.total, second.json.items.length]).toEqual([page.json.total, 2]);
    });

    it.each([
      [{ name: '' }, 'name', 'This field is required'],
      [{ name: 'default DATA' }, 'name', 'Name field has to be unique'],
      [{ resetDay: 0 }, 'resetDay', 'Must be 1 or more'],
      [{ resetDay: 32 }, 'resetDay', 'Must be 31 or less'],
      [{ resetDay: 1.5 }, 'resetDay', 'Must be an integer'],
      [{ value: -1 }, 'value', 'Must be 0 or more'],
    ])('refuses %j with "%s: %s"', async (change, field, message) => {
      const answer = await call(server, PROFILES, { cookie: as('luc_admin'), body: { inventoryId: 'INV-NEWS', name: 'Drone-Data', type: 'data', value: 2048, resetDay: 5, ...change } });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.json.fields[field]).toBe(message);
    });

    it('creates, renames and deletes a profile; the name is unique per inventory', async () => {
      const created = await call(server, PROFILES, { cookie: as('luc_admin'), body: { inventoryId: 'INV-NEWS', name: 'Drone-Data', type: 'data', value: 2048, resetDay: 31 } });
      expect(created.status, created.text).toBe(201);
      expect(created.json).toMatchObject({ name: 'Drone-Data', type: 'data', value: 2048, resetDay: 31, isDefault: false, inventoryName: 'Newsroom', deviceCount: 0 });
      const twice = await call(server, PROFILES, { cookie: as('luc_admin'), body: { inventoryId: 'INV-NEWS', name: 'drone-data', type: 'hours', value: 1, resetDay: 1 } });
      expect([twice.status, twice.json.fields]).toEqual([400, { name: 'Name field has to be unique' }]);
      const elsewhere = await call(server, PROFILES, { cookie: as('luc_admin'), body: { inventoryId: 'INV-SPORTS', name: 'Drone-Data', type: 'hours', value: 1, resetDay: 1 } });
      expect(elsewhere.status, elsewhere.text).toBe(201);
      const renamed = await call(server, `${PROFILES}/${created.json.id}`, { cookie: as('luc_admin'), ...json('PUT', { name: 'Drone-Data-2', value: 4096 }) });
      expect(renamed.json).toMatchObject({ name: 'Drone-Data-2', value: 4096, resetDay: 31 });
      const removed = await call(server, `${PROFILES}/${created.json.id}`, { cookie: as('luc_admin'), method: 'DELETE' });
      expect([removed.status, removed.json]).toEqual([200, { removed: 1 }]);
    });

    it('refuses to delete or change a default profile and to delete a profile with devices (spec 002 §5 texts)', async () => {
      const deleteDefault = await call(server, `${PROFILES}/UP-DEFAULT-DATA`, { cookie: as('luc_admin'), method: 'DELETE' });
      expect([deleteDefault.status, deleteDefault.json.message]).toEqual([409, 'The default profiles cannot be deleted.']);
      const changeDefault = await call(server, `${PROFILES}/UP-DEFAULT-HOURS`, { cookie: as('luc_admin'), ...json('PUT', { value: 1 }) });
      expect([changeDefault.status, changeDefault.json.message]).toEqual([409, 'The default profiles cannot be changed.']);
      const withDevices = await call(server, `${PROFILES}/UP-INV-NEWS-FIELD`, { cookie: as('luc_admin'), method: 'DELETE' });
      expect([withDevices.status, withDevices.json.message]).toEqual([409, 'Profiles with associated devices cannot be deleted.']);
    });

    it('puts a unit on a profile of its inventory or a default one, never another inventory’s', async () => {
      const unit = newsUnits[2]!;
      const set = await call(server, `v2/units/${unit.uid}/usage_profile`, { cookie: as('luc_admin'), ...json('PUT', { profileId: 'UP-DEFAULT-HOURS' }) });
      expect(set.json).toEqual({ uid: unit.uid, usageProfileId: 'UP-DEFAULT-HOURS' });
      const other = await call(server, `v2/units/${unit.uid}/usage_profile`, { cookie: as('luc_admin'), ...json('PUT', { profileId: 'UP-INV-SPORTS-FIELD' }) });
      expect([other.status, other.json.fields]).toEqual([400, { profileId: 'The profile belongs to another inventory.' }]);
      const cleared = await call(server, `v2/units/${unit.uid}/usage_profile`, { cookie: as('luc_admin'), ...json('PUT', { profileId: null }) });
      expect(cleared.json.usageProfileId).toBeNull();
    });

    it('hides a foreign inventory’s profiles (404) and keeps the screen to the admin set', async () => {
      const now = Date.now();
      await server.store.usageProfiles.insert({ id: 'UP-OTHER', inventoryId: 'INV-OTHER', name: 'Other-Data', type: 'data', value: 1, resetDay: 1, isDefault: false }, now);
      const foreign = await call(server, `${PROFILES}/UP-OTHER`, { cookie: as('luc_admin'), method: 'DELETE' });
      expect([foreign.status, foreign.json.message]).toEqual([404, "Usage profile 'UP-OTHER' not found"]);
      const list = await call(server, `${PROFILES}?limit=500`, { cookie: as('luc_admin') });
      expect(list.json.items.map((p: { id: string }) => p.id)).not.toContain('UP-OTHER');
      await roleMatrix('usageProfiles.admin', PROFILES);
    });
  });

  describe('usage reports (v2/reports/usage)', () => {
    it('sums the usage the server recorded from the fleet’s pushes per unit and month', async () => {
      const unit = newsUnits[3]!;
      const recorder = server.built.routeDeps.usage;
      const t0 = Date.UTC(2026, 0, 20, 12, 0, 0); // 20 January 2026
      const push = (ts: number, kbps: number) => recorder.handle({ seq: 0, ts, kind: 'unit.usage', id: unit.uid, rev: 0, data: { links: [{ uplinkKbps: kbps, downlinkKbps: 0 }] } });
      push(t0, 8_000); // starts the clock
      push(t0 + 5_000, 8_000); // 5 s at 8,000 kbps = 5 MB
      push(t0 + 10_000, 0); // 5 s more at 8,000 kbps = 5 MB
      push(t0 + 3_600_000, 0); // a gap counts 10 s at most, at 0 kbps
      await recorder.flush();
      await call(server, `v2/units/${unit.uid}/usage_profile`, { cookie: as('luc_admin'), ...json('PUT', { profileId: 'UP-DEFAULT-DATA' }) });
      const report = await call(server, `v2/reports/usage?inventoryId=INV-NEWS&from=2025-12&to=2026-02&unitId=${unit.uid}`, { cookie: as('luc_admin') });
      expect(report.status, report.text).toBe(200);
      expect(report.json.months).toEqual(['2025-12', '2026-01', '2026-02']);
      expect(report.json.rows).toEqual([
        {
          period: '2026-01',
          unitId: unit.uid,
          unitName: unit.name,
          profileId: 'UP-DEFAULT-DATA',
          profileName: 'Default data',
          profileType: 'data',
          dataMb: 10,
          hours: Math.round((20 / 3600) * 1000) / 1000,
          allowance: 10_240,
          usedPct: 0.1,
          overAllowance: false,
        },
      ]);
    });

    it('reads live recorded usage of the current month for the whole inventory', async () => {
      const month = monthOf(Date.now());
      const report = await call(server, `v2/reports/usage?inventoryId=INV-NEWS&from=${month}&to=${month}`, { cookie: as('luc_admin') });
      expect(report.status, report.text).toBe(200);
      expect(report.json.months).toEqual([month]);
    });

    it.each([
      ['from=2026-03&to=2026-01', 'from', 'The first month must not be after the last month.'],
      ['from=2024-01&to=2026-01', 'to', 'A report covers at most 24 months.'],
    ])('refuses %s', async (range, field, message) => {
      const answer = await call(server, `v2/reports/usage?inventoryId=INV-NEWS&${range}`, { cookie: as('luc_admin') });
      expect([answer.status, answer.json.fields?.[field]]).toEqual([400, message]);
    });

    it('refuses a month that is not YYYY-MM and a foreign inventory; keeps reports to the admin set', async () => {
      const bad = await call(server, 'v2/reports/usage?inventoryId=INV-NEWS&from=2026-13&to=2026-01', { cookie: as('luc_admin') });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.json.fields)).toContain('from');
      const foreign = await call(server, 'v2/reports/usage?inventoryId=INV-OTHER&from=2026-01&to=2026-01', { cookie: as('luc_admin') });
      expect(foreign.status).toBe(404);
      await roleMatrix('reports.read', 'v2/reports/usage?inventoryId=INV-NEWS&from=2026-01&to=2026-01');
    });
  });
  describe('inventory feature flags on the calls they name (spec 000 §6, 001 §8 "Feature disabled")', () => {
    it.each([
      ['reboot', (uid: string) => [`devices/${uid}/commands/LuReboot`, {}] as const],
      ['socialMedia', (uid: string) => [`v0/units/${uid}/stream/social_media`, { provider: 'youtube' }] as const],
    ] as const)('refuses the %s call while the inventory has the flag off', async (flag, request) => {
      const unit = newsUnits[4]!;
      const inventory = (await server.store.inventories.get('INV-NEWS'))!;
      await server.store.inventories.update('INV-NEWS', { features: inventory.features.filter((f) => f !== flag) });
      try {
        const [path, body] = request(unit.uid);
        const refused = await call(server, `${path}?crnt_vcg_uid=${(await server.store.units.get(unit.uid))!.groupId}`, { cookie: as('luc_admin'), body });
        expect([refused.status, refused.json.message]).toEqual([403, 'Feature disabled']);
      } finally {
        await server.store.inventories.update('INV-NEWS', { features: inventory.features });
      }
    });
  });
});
