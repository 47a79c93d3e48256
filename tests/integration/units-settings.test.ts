import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { call, signIn, tempDir } from './server-harness.ts';
import { addUnit, GROUP, idleUnit, startUnitServer, type UnitTestServer } from './units-harness.ts';

const q = `?crnt_vcg_uid=${GROUP}`;
const NAME_IN_USE = 'Please select a different name. The current name is already in use';

describe('unit settings, storage, multi camera and bandwidth (spec 000 §5, §7) against a started server', () => {
  const tmp = tempDir();
  const dbFile = join(tmp.dir, 'luc.db');
  let server: UnitTestServer;
  let operator: string;
  const used = new Set<string>();
  beforeAll(async () => {
    server = await startUnitServer(dbFile);
    operator = await signIn(server, 'luc_regular');
  });
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  it('renames a unit and refuses a name in use (also in another case) with the spec’s message', async () => {
    const [a, b] = [await idleUnit(server, { exclude: used }), await idleUnit(server, { exclude: used })];
    const other = (await server.store.units.get(b))?.name ?? '';
    const taken = await call(server, `devices/update${q}`, { cookie: operator, body: { uid: a, name: other.toUpperCase() } });
    expect(taken.status).toBe(400);
    expect(taken.json).toEqual({ error: 'Bad Request', message: NAME_IN_USE, fields: { name: NAME_IN_USE } });
    const viaPut = await call(server, `v2/units/${a}${q}`, { method: 'PUT', cookie: operator, body: { name: other } });
    expect(viaPut.json.message).toBe(NAME_IN_USE);
    const chars = await call(server, `devices/update${q}`, { cookie: operator, body: { uid: a, name: 'has space' } });
    expect(chars.json.message).toBe('Should contain only letters, numbers, underscores and hyphens');
    const ok = await call(server, `devices/update${q}`, { cookie: operator, body: { uid: a, name: 'Renamed-Unit_1' } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.name).toBe('Renamed-Unit_1');
  });

  it('accepts a comment of 100 characters and refuses 101 with "Must have at most 100 characters"; metadata with ; is refused', async () => {
    const uid = await idleUnit(server, { exclude: used });
    expect((await call(server, `v2/units/${uid}${q}`, { method: 'PUT', cookie: operator, body: { comment: 'c'.repeat(100) } })).status).toBe(200);
    const long = await call(server, `v2/units/${uid}${q}`, { method: 'PUT', cookie: operator, body: { comment: 'c'.repeat(101) } });
    expect(long.status).toBe(400);
    expect(long.json).toEqual({ error: 'Bad Request', message: 'Must have at most 100 characters', fields: { comment: 'Must have at most 100 characters' } });
    const meta = await call(server, `v2/units/${uid}${q}`, { method: 'PUT', cookie: operator, body: { metadata: { reporter: 'a;b' } } });
    expect(meta.status).toBe(400);
    expect(meta.json.fields).toEqual({ 'metadata.reporter': 'Must not contain a semicolon (;) or a backslash (\\)' });
    // a refused request changed nothing
    expect((await server.store.units.get(uid))?.comment).toBe('c'.repeat(100));
  });

  it('keeps stored settings across a restart', async () => {
    const uid = await idleUnit(server, { exclude: used });
    await call(server, `v2/units/${uid}${q}`, { method: 'PUT', cookie: operator, body: { comment: 'kept' } });
    await call(server, `v0/units/${uid}/storeandforward_quality${q}`, { method: 'PUT', cookie: operator, body: { codec: 'h265', level: 'MQ' } });
    await call(server, `v2/units/${uid}/bwLimitation/total${q}`, { method: 'PUT', cookie: operator, body: { limitKbps: 8000 } });
    await call(server, `v2/units/${uid}/settings/pairingCode${q}`, { method: 'PUT', cookie: operator, body: { mode: 'persistent' } });
    await server.close();
    server = await startUnitServer(dbFile);
    operator = await signIn(server, 'luc_regular');
    const unit = await call(server, `v2/units/${uid}${q}`, { cookie: operator });
    expect(unit.json.comment).toBe('kept');
    expect(unit.json.settings.storeAndForwardQuality).toEqual({ codec: 'h265', level: 'MQ' });
    expect((await call(server, `v2/units/${uid}/bwLimitation/total${q}`, { cookie: operator })).json.limitKbps).toBe(8000);
    expect((await call(server, `v2/units/${uid}/settings/pairingCode${q}`, { cookie: operator })).json.mode).toBe('persistent');
  });

  it('refuses a total bandwidth limit below the cellular limit', async () => {
    const uid = await idleUnit(server, { exclude: used });
    expect((await call(server, `v2/units/${uid}/bwLimitation/cellular${q}`, { method: 'PUT', cookie: operator, body: { limitKbps: 5000 } })).status).toBe(200);
    const below = await call(server, `v2/units/${uid}/bwLimitation/total${q}`, { method: 'PUT', cookie: operator, body: { limitKbps: 4999 } });
    expect(below.status).toBe(400);
    expect(below.json.message).toBe('Total limit must be at or above the cellular limit');
    expect((await call(server, `v2/units/${uid}/bwLimitation/total${q}`, { method: 'PUT', cookie: operator, body: { limitKbps: 5000 } })).status).toBe(200);
    const adminVariant = await call(server, `v2/admin/units/${uid}/bwLimitation/total${q}`, { method: 'PUT', cookie: operator, body: { limitKbps: 6000 } });
    expect(adminVariant.status).toBe(403);
  });

  it('validates the network limits form (per-interface below the total)', async () => {
    const uid = await idleUnit(server, { exclude: used });
    const port = server.fleet.unit(uid)?.links.find((l) => l.type !== 'cell')?.port ?? 'eth0';
    const bad = await call(server, `v2/units/${uid}/interfaces/config${q}`, { method: 'PUT', cookie: operator, body: { totalKbps: 5000, interfaces: [{ port, limitKbps: 5000 }] } });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Must be lower than the total limit (5000 kbps)');
    expect((await call(server, `v2/units/${uid}/interfaces/config${q}`, { method: 'PUT', cookie: operator, body: { totalKbps: 5000, interfaces: [{ port, limitKbps: 4999 }] } })).status).toBe(200);
    const modem = await call(server, `v2/units/${uid}/interfaces/modem/${port}/config${q}`, { cookie: operator });
    expect(modem.status).toBe(200);
    expect((await call(server, `v2/units/${uid}/interfaces/modem/nope/config${q}`, { cookie: operator })).status).toBe(404);
  });

  it('keeps at least 2 interfaces connected when disabling one', async () => {
    const uid = await addUnit(server, 'ULINKS1', '800');
    const live = server.fleet.unit(uid);
    if (live === undefined) throw new Error('no unit');
    live.links.forEach((l, i) => {
      l.connected = i < 2;
      l.enabled = true;
    });
    const port = live.links[0]?.port ?? '';
    const blocked = await call(server, `v2/units/${uid}/interfaces/modem/${port}/config${q}`, { method: 'PUT', cookie: operator, body: { enabled: false } });
    expect(blocked.status).toBe(409);
    expect(blocked.json.message).toBe('At least 2 interfaces must stay connected');
    live.links.forEach((l) => (l.connected = true));
    const ok = await call(server, `v2/units/${uid}/interfaces/modem/${port}/config${q}`, { method: 'PUT', cookie: operator, body: { enabled: false, confirmed: true } });
    expect(ok.status, ok.text).toBe(200);
    expect(server.fleet.unit(uid)?.links[0]?.enabled).toBe(false);
  });

  it('refuses duplicate multi-camera channels and HQ = proxy in switcher mode; starts the multi-camera stream', async () => {
    const uid = await addUnit(server, 'UMULTI1', '810');
    const dup = await call(server, `v2/units/${uid}/multiplecamera${q}`, {
      method: 'PUT',
      cookie: operator,
      body: { mode: 'highQuality', cameras: [{ channelId: 'CH-NEWS-NATIONAL-PREVIEW', priority: 1 }, { channelId: 'CH-NEWS-NATIONAL-PREVIEW', priority: 2 }] },
    });
    expect(dup.status).toBe(400);
    expect(dup.json.message).toBe('This field must be unique');
    const same = await call(server, `v2/units/${uid}/multiplecamera${q}`, {
      method: 'PUT',
      cookie: operator,
      body: { mode: 'switcher', cameras: [], highQualityChannelId: 'CH-NEWS-NATIONAL-OUTPUT', proxyChannelId: 'CH-NEWS-NATIONAL-OUTPUT' },
    });
    expect(same.status).toBe(400);
    expect(same.json).toMatchObject({ message: 'The HQ and proxy channels must be different', fields: { proxyChannel: 'The HQ and proxy channels must be different' } });
    const priority = await call(server, `v2/units/${uid}/multiplecamera${q}`, { method: 'PUT', cookie: operator, body: { mode: 'highQuality', cameras: [{ channelId: 'CH-NEWS-NATIONAL-PREVIEW', priority: 10 }] } });
    expect(priority.json.message).toBe('Must be 9 or less');
    const ok = await call(server, `v2/units/${uid}/multiplecamera${q}`, {
      method: 'PUT',
      cookie: operator,
      body: { mode: 'highQuality', cameras: [{ channelId: 'CH-NEWS-NATIONAL-PREVIEW', priority: 1 }, { channelId: 'CH-NEWS-NATIONAL-OUTPUT', priority: 2 }] },
    });
    expect(ok.status, ok.text).toBe(200);
    expect((await call(server, `v2/units/${uid}/stream/multiplecamera${q}`, { cookie: operator, body: {} })).status).toBe(200);
    server.clock.advance(5_000);
    expect(server.fleet.unit(uid)?.applications.multiCamera?.state).toBe('streaming');
    expect((await call(server, `v2/units/${uid}/stream/multiplecamera${q}`, { method: 'DELETE', cookie: operator })).status).toBe(200);
    const single = await idleUnit(server, { exclude: used, types: ['200', '210', '220', '300', '500', '600', '610', 'Solo'] });
    const notMulti = await call(server, `v2/units/${single}/multiplecamera/mode${q}`, { method: 'PUT', cookie: operator, body: { mode: 'switcher' } });
    expect(notMulti.status).toBe(409);
  });

  it('guards switcher input changes for 5000 ms', async () => {
    const uid = await addUnit(server, 'USWITCH1', '800');
    expect((await call(server, `v2/units/${uid}/sdiinput${q}`, { method: 'PUT', cookie: operator, body: { input: 1 } })).status).toBe(200);
    const tooSoon = await call(server, `v2/units/${uid}/sdiinput${q}`, { method: 'PUT', cookie: operator, body: { input: 2 } });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.json.retryAfterMs).toBeGreaterThan(0);
    expect(tooSoon.json.retryAfterMs).toBeLessThanOrEqual(5000);
  });

  it('lists storages and files, records uploads (last 10 kept) and deletes files', async () => {
    const uid = await idleUnit(server, { exclude: used });
    const storages = await call(server, `v2/units/${uid}/storages${q}`, { cookie: operator });
    expect(storages.json.storages.map((s: { id: string }) => s.id)).toEqual(['internal', 'sd']);
    const files = await call(server, `v2/units/${uid}/storages/files${q}&path=/sd`, { cookie: operator });
    const paths = files.json.files.map((f: { path: string }) => f.path) as string[];
    expect(paths.length).toBeGreaterThan(0);
    const upload = await call(server, `v2/units/${uid}/storages/files/upload${q}`, { cookie: operator, body: { paths } });
    expect(upload.json.uploads.every((u: { status: string }) => u.status === 'pending')).toBe(true);
    const all = (await call(server, `v2/units/${uid}/storages/files${q}&path=/`, { cookie: operator })).json.files.map((f: { path: string }) => f.path) as string[];
    const many = await call(server, `v2/units/${uid}/storages/files/upload${q}`, { cookie: operator, body: { paths: all } });
    expect(many.json.uploads).toHaveLength(10);
    const first = paths[0] ?? '';
    expect((await call(server, `v2/units/${uid}/storages/files/deletion${q}`, { cookie: operator, body: { paths: [first] } })).status).toBe(200);
    const after = await call(server, `v2/units/${uid}/storages/files${q}&path=/sd`, { cookie: operator });
    expect(after.json.files.map((f: { path: string }) => f.path)).not.toContain(first);
    expect((await call(server, `v2/units/${uid}/storages/files/deletion${q}`, { cookie: operator, body: { paths: [first] } })).status).toBe(404);
  });

  it('stores services, pairing codes, alert configuration and the settings configuration', async () => {
    const uid = await idleUnit(server, { exclude: used });
    expect((await call(server, `v2/units/${uid}/services${q}`, { cookie: operator, body: { name: 'graphics' } })).json.services).toHaveLength(1);
    expect((await call(server, `v2/units/${uid}/services${q}`, { cookie: operator, body: { name: 'nope' } })).status).toBe(400);
    expect((await call(server, `v2/units/${uid}/services/graphics${q}`, { method: 'DELETE', cookie: operator })).json.services).toEqual([]);
    const code = await call(server, `v2/units/${uid}/settings/pairingCode${q}`, { cookie: operator, body: {} });
    expect(code.json.code).toMatch(/^\d{6}$/);
    expect((await call(server, `v2/units/${uid}/pairing${q}`, { method: 'DELETE', cookie: operator })).json.code).toBeNull();
    const badMail = await call(server, `v2/units/${uid}/alerts/configuration${q}`, { method: 'PUT', cookie: operator, body: { emails: ['ops@example.com', 'nope'] } });
    expect(badMail.json).toMatchObject({ message: 'Invalid email address', fields: { 'emails.1': 'Invalid email address' } });
    expect((await call(server, `v2/units/${uid}/alerts/configuration${q}`, { method: 'PUT', cookie: operator, body: { battery: { enabled: true, thresholdPct: 20 } } })).status).toBe(200);
    expect((await call(server, `v2/units/${uid}/alerts/configuration${q}`, { cookie: operator })).json.configuration.battery.thresholdPct).toBe(20);
    expect((await call(server, `v2/units/${uid}/alerts/possibleconfiguration${q}&mode=unit`, { cookie: operator })).json.types).toEqual(['battery', 'cameraDisconnected']);
    const add = await call(server, `settingsConfiguration/add${q}`, { cookie: operator, body: { machineUid: uid, outputChannel: 'CH-NEWS-NATIONAL-OUTPUT' } });
    expect(add.status, add.text).toBe(200);
    expect((await call(server, `settingsConfiguration/fetch${q}&machineUid=${uid}`, { cookie: operator })).json.settingsConfiguration.outputChannel).toBe('CH-NEWS-NATIONAL-OUTPUT');
    const groupSettings = await call(server, `v0/groups/units/settings?groupId=${GROUP}`, { cookie: operator });
    expect(groupSettings.json.find((u: { uid: string }) => u.uid === uid).settings.settingsConfiguration).toBeDefined();
    expect((await call(server, 'v0/groups/units/settings?groupId=G-NOPE', { cookie: operator })).status).toBe(403);
  });
});
