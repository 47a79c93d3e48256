/**
 * The channels area (spec 001 §3 Channel, §4 live status, §5 rules, §7 "Channels") against a started
 * server with the fleet simulator on a manual clock: live status from the units, a server going
 * down, every editor tab's rules with the spec's words, destinations (credentials never sent back),
 * tally / IFB / audio interfaces / ingest, the overlay library checked from the bytes, audio rooms
 * and the inventory deletion refusal, and the role matrix of the area (14 user types).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { USER_TYPES } from '../../src/domain/roles/userTypes.ts';
import { may, type Action } from '../../src/domain/roles/permissions.ts';
import { hashPassword } from '../../src/server/auth/password.ts';
import { API, APP_ID, call, DEMO_PASSWORD, signIn, tempDir } from './server-harness.ts';
import { GROUP, idleUnit, startUnitServer, type UnitTestServer } from './units-harness.ts';

const NOT_ALLOWED = 'You are not allowed to access this application.';
const REQUIRED = 'This field is required';
const UNIQUE_NAME = 'Name field has to be unique';
const UNIQUE_STREAM_ID = 'Please make sure Stream ID is unique between the different streams';
const NAME_TAKEN = 'Name is already taken. Please select a different name';
const OUTPUT_LICENCE = 'Server supports up to 4 output channels';
const ONE_AT_A_TIME = 'Only one channel can fetch logs at a time.';
const NOT_IDLE = 'The channel is not idle.';
const ROOM_IN_USE = 'The room is in use.';

const PREVIEW = 'CH-NEWS-NATIONAL-PREVIEW';
const OUTPUT = 'CH-NEWS-NATIONAL-OUTPUT';
const DISTRIBUTOR = 'CH-NEWS-NATIONAL-DISTRIBUTOR';
const REGIONAL_PREVIEW = 'CH-NEWS-REGIONAL-PREVIEW';

const json = (method: string, body?: unknown) => ({ method, ...(body !== undefined ? { body } : {}) });

/** A PNG of the given size: signature + IHDR (the server reads the size from these bytes) + padding to `bytes`. */
function png(width: number, height: number, bytes = 1_000): Buffer {
  const head = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(head, 0);
  head.writeUInt32BE(13, 8);
  head.write('IHDR', 12, 'ascii');
  head.writeUInt32BE(width, 16);
  head.writeUInt32BE(height, 20);
  head.writeUInt8(8, 24);
  head.writeUInt8(6, 25);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, bytes - head.length))]);
}

describe('channels (spec 001 §3 §4 §5 §7) against a started server', () => {
  const tmp = tempDir();
  let server: UnitTestServer;
  let admin: string;
  let outsider: string;
  const cookies = new Map<string, string>();

  async function upload(cookie: string, inventoryId: string, fileName: string, body: Buffer) {
    const response = await fetch(`${server.url}${API}/v2/inventories/${inventoryId}/overlays?fileName=${encodeURIComponent(fileName)}`, {
      method: 'POST',
      headers: { cookie, 'application-id': APP_ID, 'content-type': 'application/octet-stream', accept: 'application/json' },
      body: new Uint8Array(body),
    });
    const text = await response.text();
    return { status: response.status, json: text === '' ? undefined : JSON.parse(text), text };
  }

  beforeAll(async () => {
    server = await startUnitServer(join(tmp.dir, 'luc.db'), 40);
    const now = Date.now();
    await server.store.inventories.insert({ id: 'INV-OTHER', name: 'Other-Broadcaster', region: 'eu', customer: 'Other', parentId: null, features: [], createdAt: now });
    await server.store.groups.insert({ id: 'G-OTHER', name: 'Other-Desk', inventoryId: 'INV-OTHER', autoAssociation: false, unitAutoAssociation: false, createdAt: now });
    await server.store.servers.insert({ id: 'MMH-OLD', name: 'MMH-Old', type: 'mmh', serial: 'SN-OLD', swVersion: '4.9.0', alias: '', inventoryId: 'INV-NEWS', maxChannels: 8, cloudRegion: '', config: {}, createdAt: now });
    await server.store.channels.insert({ id: 'CH-OLD', name: 'Old-Preview', type: 'preview', serverId: 'MMH-OLD', groupId: GROUP, inventoryId: 'INV-NEWS', config: {}, createdAt: now });
    await server.store.channels.insert({ id: 'CH-OTHER', name: 'Other-Preview', type: 'preview', serverId: null, groupId: 'G-OTHER', inventoryId: 'INV-OTHER', config: {}, createdAt: now });
    await server.store.users.insert(
      { id: 'USR-OUTSIDER', username: 'outsider_admin', firstName: 'O', lastName: 'S', email: null, userLabel: '', userType: 'luc_admin', active: true, sso: false, isDemo: false, password: await hashPassword(DEMO_PASSWORD), passwordChangedAt: now, passwordExpiresAt: null, forcePasswordChange: false, createdAt: now },
      ['G-OTHER'],
    );
    for (const type of USER_TYPES) cookies.set(type, await signIn(server, type));
    admin = cookies.get('luc_admin')!;
    outsider = await signIn(server, 'outsider_admin');
  });
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  describe('live status (spec 001 §4)', () => {
    it('a unit streaming to a channel makes it collecting; it goes back to idle when the unit stops', async () => {
      const uid = await idleUnit(server);
      const live = server.fleet.unit(uid)!;
      server.fleet.command(uid, { type: 'setChannel', channelId: PREVIEW });
      server.clock.advance(60_000);
      expect(live.channelId).toBe(PREVIEW);
      server.fleet.command(uid, { type: 'startStream' });
      server.clock.advance(60_000);
      const status = await call(server, `channels/${PREVIEW}/status`, { cookie: admin });
      expect(status.status, status.text).toBe(200);
      expect(status.json.status).toBe('collecting');
      expect(status.json.unitIds).toContain(uid);
      server.fleet.command(uid, { type: 'stopStream' });
      server.clock.advance(60_000);
      const after = await call(server, `channels/${PREVIEW}/status`, { cookie: admin });
      expect(after.json.unitIds).not.toContain(uid);
    });

    it('a server going down takes its channels offline; back up, they are unavailable, then idle', async () => {
      server.fleet.setServerOnline('TRX-1', false);
      const down = await call(server, 'channels/CH-NEWS-NATIONAL-INPUT/status', { cookie: admin });
      expect(down.json).toMatchObject({ status: 'offline', unitIds: [] });
      server.fleet.setServerOnline('TRX-1', true);
      expect((await call(server, 'channels/CH-NEWS-NATIONAL-INPUT/status', { cookie: admin })).json.status).toBe('unavailable');
      server.clock.advance(10_000);
      // Back in service: idle, or collecting/connecting again when its units still stream to it.
      expect(['idle', 'collecting', 'connecting']).toContain((await call(server, 'channels/CH-NEWS-NATIONAL-INPUT/status', { cookie: admin })).json.status);
    });

    it('channels/fetch answers the caller’s channels with configuration and status; a foreign group is 403', async () => {
      const all = await call(server, 'channels/fetch', { cookie: admin });
      expect(all.status, all.text).toBe(200);
      const ids = all.json.map((c: { id: string }) => c.id);
      expect(ids).toEqual(expect.arrayContaining([PREVIEW, OUTPUT, DISTRIBUTOR]));
      expect(ids).not.toContain('CH-OTHER');
      const group = await call(server, `channels/fetch?groupId=${GROUP}`, { cookie: admin });
      expect(group.json.every((c: { groupId: string }) => c.groupId === GROUP)).toBe(true);
      expect((await call(server, 'channels/fetch?groupId=G-OTHER', { cookie: admin })).status).toBe(403);
    });

    it('the group details: pseudo-channel status and the counters by the domain’s rules', async () => {
      const details = await call(server, `internal/groups/${GROUP}/channel-details`, { cookie: admin });
      expect(details.status, details.text).toBe(200);
      const { counters, channels } = details.json;
      expect(counters.busy + counters.idle + counters.offline).toBe(channels.length);
      expect(counters.input + counters.output + counters.preview).toBe(channels.length);
      expect(counters.distributor).toBe(1);
      expect(['idle', 'collecting', 'offline']).toContain(details.json.groupStatus);
    });

    it('a foreign channel is 404 like an unknown one', async () => {
      expect((await call(server, 'channels/CH-OTHER/status', { cookie: admin })).status).toBe(404);
      expect((await call(server, 'channels/CH-NOPE/status', { cookie: admin })).status).toBe(404);
      expect((await call(server, 'channels/CH-OTHER/status', { cookie: outsider })).status).toBe(200);
    });
  });

  describe('the editor tabs (spec 001 §5, §9)', () => {
    it('General: name rules, unique name, the output licence, a distributor forced to output', async () => {
      const cases: [unknown, string][] = [
        [{ name: '' }, REQUIRED],
        [{ name: 'has space' }, 'Should contain only letters, numbers, underscores and hyphens'],
        [{ name: 'News-National-Output' }, NAME_TAKEN],
      ];
      for (const [body, message] of cases) {
        const refused = await call(server, `channels/${PREVIEW}/configuration`, json('PUT', body));
        expect(refused.status, JSON.stringify(body)).toBe(401);
        const answer = await call(server, `channels/${PREVIEW}/configuration`, { ...json('PUT', body), cookie: admin });
        expect(answer.status, answer.text).toBe(400);
        expect(answer.json.message).toBe(message);
        expect(answer.json.fields.name).toBe(message);
      }
      const details = (await call(server, `admin/channels/${PREVIEW}`, { cookie: admin })).json;
      const general = { ...details.config.general, output: true, preview: false, forceOutput: true };
      const licence = await call(server, `channels/${PREVIEW}/configuration`, { ...json('PUT', { general }), cookie: admin });
      expect(licence.status, licence.text).toBe(400);
      expect(licence.json.fields.output).toBe(OUTPUT_LICENCE);
      const renamed = await call(server, `channels/${PREVIEW}/configuration`, { ...json('PUT', { name: 'News-National-Preview-A', general: { ...details.config.general, broadcasterName: 'NN' } }), cookie: admin });
      expect(renamed.status, renamed.text).toBe(200);
      expect(renamed.json).toMatchObject({ name: 'News-National-Preview-A', type: 'preview', config: { general: { broadcasterName: 'NN' } } });
      const dist = (await call(server, `admin/channels/${DISTRIBUTOR}`, { cookie: admin })).json;
      const forced = await call(server, `channels/${DISTRIBUTOR}/configuration`, { ...json('PUT', { general: { ...dist.config.general, preview: true, forceOutput: false } }), cookie: admin });
      expect(forced.json.config.general).toMatchObject({ output: true, forceOutput: true, preview: false, distributor: true });
    });

    it('version gates: force output 6.1.2, multipoint 5.0, graphics overlay 8.0 on an older server', async () => {
      const old = (await call(server, 'admin/channels/CH-OLD', { cookie: admin })).json;
      const force = await call(server, 'channels/CH-OLD/configuration', { ...json('PUT', { general: { ...old.config.general, forceOutput: true } }), cookie: admin });
      expect(force.json.fields.forceOutput).toBe('Needs channel software 6.1.2 or higher');
      const multipoint = await call(server, 'ptmp/update', { ...json('POST', { uniqueID: 'CH-OLD', sharing: true, machines: [] }), cookie: admin });
      expect(multipoint.json.fields.sharing).toBe('Needs channel software 5.0 or higher');
      // An overlay of the channel's inventory (a made-up one is refused before the gate: references are checked first).
      await server.store.db.insertInto('overlays').values({ id: 'OVL-X', inventory_id: 'INV-NEWS', file_name: 'x.png', width: 1, height: 1, size_bytes: 1, png_base64: '', created_at: Date.now() }).execute();
      const overlay = await call(server, 'channels/CH-OLD/configuration', { ...json('PUT', { overlay: { overlayId: 'OVL-X' } }), cookie: admin });
      expect(overlay.json.fields.overlayId).toBe('Needs channel software 8.0 or higher');
      const caps = await call(server, 'channels/CH-OLD/capabilities', { cookie: admin });
      expect(caps.json.gates).toEqual({ forceOutput: false, multipoint: false, graphicsOverlay: false });
    });

    it('NDI: a source name is required while on', async () => {
      const refused = await call(server, `channels/${OUTPUT}/configuration`, { ...json('PUT', { ndi: { enabled: true, sourceName: '' } }), cookie: admin });
      expect(refused.json.fields.sourceName).toBe(REQUIRED);
      const saved = await call(server, `channels/${OUTPUT}/configuration`, { ...json('PUT', { ndi: { enabled: true, sourceName: 'NDI-1' } }), cookie: admin });
      expect(saved.json.config.ndi).toEqual({ enabled: true, sourceName: 'NDI-1' });
    });

    it('Multipoint: servers of the inventory, each once; the list of servers it may share with', async () => {
      const fetched = await call(server, `ptmp/fetch?uniqueID=${OUTPUT}`, { cookie: admin });
      expect(fetched.status, fetched.text).toBe(200);
      expect(fetched.json.servers.map((s: { id: string }) => s.id)).toEqual(['MMH-OLD']);
      const twice = await call(server, 'ptmp/update', { ...json('POST', { uniqueID: OUTPUT, sharing: true, machines: [{ uid: 'MMH-OLD' }, { uid: 'MMH-OLD' }] }), cookie: admin });
      expect(twice.json.fields.machines).toBe('Each server can be chosen once');
      const saved = await call(server, 'ptmp/update', { ...json('POST', { uniqueID: OUTPUT, sharing: true, machines: [{ uid: 'MMH-OLD' }] }), cookie: admin });
      expect(saved.json).toMatchObject({ sharing: true, machines: [{ uid: 'MMH-OLD', name: 'MMH-Old' }] });
    });

    it.each([
      [{ flavor: null, genlockOffset: 512, port: null, ptpDomain: null }, 'genlockOffset', 'Must be 511 or less'],
      [{ flavor: null, genlockOffset: -512, port: null, ptpDomain: null }, 'genlockOffset', 'Must be -511 or more'],
      [{ flavor: '2110-20', genlockOffset: 0, port: null, ptpDomain: 0 }, 'port', REQUIRED],
      [{ flavor: '2110-20', genlockOffset: 0, port: 80, ptpDomain: 0 }, 'port', 'Must be 1024 or more'],
      [{ flavor: '2110-20', genlockOffset: 0, port: 5004, ptpDomain: 128 }, 'ptpDomain', 'Must be 127 or less'],
    ])('SMPTE 2110 %j is refused on %s: %s', async (smpte, field, message) => {
      const refused = await call(server, `channels/${OUTPUT}/smpte`, { ...json('PUT', smpte), cookie: admin });
      expect(refused.status, refused.text).toBe(400);
      expect(refused.json.fields[field]).toBe(message);
    });

    it('SMPTE 2110: saved within the bounds the server supplies; configured once port and domain are set', async () => {
      const saved = await call(server, `channels/${OUTPUT}/smpte`, { ...json('PUT', { flavor: '2110-20', genlockOffset: -511, port: 5004, ptpDomain: 127 }), cookie: admin });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.json).toMatchObject({ configured: true, bounds: { port: { min: 1024, max: 65535 }, ptpDomain: { min: 0, max: 127 } } });
    });
  });

  describe('streaming destinations (spec 001 §3, §5)', () => {
    const base = { name: 'YT-Main', provider: 'YouTube', streamType: 'rtmp', link: 'rtmp://a.rtmp.youtube.com/live2', streamId: 'key-1', username: 'me', password: 'secret' };
    let id = '';

    it('adds a destination; the password is never sent back, only that it is set', async () => {
      const added = await call(server, 'channels/add_details', { ...json('POST', { channelId: OUTPUT, destination: base }), cookie: admin });
      expect(added.status, added.text).toBe(200);
      expect(added.json).toMatchObject({ name: 'YT-Main', hasPassword: true, active: false });
      expect(added.text).not.toContain('secret');
      id = added.json.id;
      const listed = await call(server, 'channels/fetch_details', { ...json('POST', { channelId: OUTPUT }), cookie: admin });
      expect(listed.text).not.toContain('secret');
    });

    it.each([
      [{ ...base, password: undefined, streamId: 'key-2' }, 'name', UNIQUE_NAME],
      [{ ...base, name: 'Other', streamId: 'KEY-1' }, 'streamId', UNIQUE_STREAM_ID],
      [{ ...base, name: 'Other', streamId: 'k3', maxFrameRate: 50 }, 'maxFrameRate', 'Must be 25 or 30'],
      [{ ...base, name: 'Other', streamId: 'k3', sourcePort: 555 }, 'sourcePort', 'Ports 554-557 are reserved; use 0-553 or 558-65535'],
      [{ ...base, name: 'Other', streamId: 'k3', sourcePort: 65536 }, 'sourcePort', 'Must be 65535 or less'],
      [{ ...base, name: 'Other', streamId: 'k3', streamType: 'srt', srtMode: 'listener', passphrase: 'short' }, 'passphrase', 'Must have at least 10 characters'],
      [{ ...base, name: 'Other', streamId: 'k3', streamType: 'mpegts', mpegTsIp: '10.0.0', mpegTsPort: 5000, mpegTsVideoBitrate: 4000 }, 'mpegTsIp', 'Invalid IP field'],
      [{ ...base, name: 'Other', streamId: 'k3', streamType: 'mpegts', mpegTsIp: '10.0.0.1', mpegTsPort: 70000, mpegTsVideoBitrate: 4000 }, 'mpegTsPort', 'Must be 65535 or less'],
      [{ ...base, name: 'Other', streamId: 'k3', streamType: 'mpegts', mpegTsIp: '10.0.0.1', mpegTsPort: 5000, mpegTsVideoBitrate: 1999 }, 'mpegTsVideoBitrate', 'Must be 2000 or more'],
      [{ ...base, name: 'Other', streamId: 'k3', streamType: 'mpegts', mpegTsIp: '10.0.0.1', mpegTsPort: 5000, mpegTsVideoBitrate: 8001 }, 'mpegTsVideoBitrate', 'Must be 8000 or less'],
    ])('refuses %j on %s: %s', async (destination, field, message) => {
      const clean = Object.fromEntries(Object.entries(destination).filter(([, v]) => v !== undefined));
      const refused = await call(server, 'channels/add_details', { ...json('POST', { channelId: OUTPUT, destination: clean }), cookie: admin });
      expect(refused.status, refused.text).toBe(400);
      expect(refused.json.fields[field]).toBe(message);
    });

    it('the active destination names the channel’s CDN; updating keeps the password unless sent; removing clears the CDN', async () => {
      const active = await call(server, `channels/${OUTPUT}/configuration`, { ...json('PUT', { streaming: { activeDestinationId: id } }), cookie: admin });
      expect(active.json.config.streaming).toEqual({ activeDestinationId: id, cdnName: 'YT-Main' });
      const { password: _p, ...noPassword } = base;
      const updated = await call(server, 'channels/update_details', { ...json('POST', { channelId: OUTPUT, destinationId: id, destination: { ...noPassword, name: 'YT-Primary' } }), cookie: admin });
      expect(updated.json).toMatchObject({ name: 'YT-Primary', hasPassword: true, active: true });
      const cdns = await call(server, 'channels/fetch_cdns', { ...json('POST', { channelId: OUTPUT }), cookie: admin });
      expect(cdns.json).toEqual([{ id, name: 'YT-Primary', provider: 'YouTube', active: true }]);
      expect((await call(server, `admin/channels/${OUTPUT}`, { cookie: admin })).json.config.streaming.cdnName).toBe('YT-Primary');
      const removed = await call(server, 'channels/remove_details', { ...json('POST', { channelId: OUTPUT, destinationId: id }), cookie: admin });
      expect(removed.json).toEqual({ removed: 1 });
      expect((await call(server, `admin/channels/${OUTPUT}`, { cookie: admin })).json.config.streaming).toEqual({ activeDestinationId: null, cdnName: null });
    });

    it('the streaming media profiles list providers with their domain', async () => {
      const profiles = await call(server, 'streamingmediaprofiles', { cookie: admin });
      expect(profiles.json).toContainEqual({ provider: 'YouTube', domain: 'youtube.com' });
    });
  });

  describe('tally, IFB, audio interfaces, ingest, logs (spec 001 §2, §7, §8)', () => {
    it('tally: on air and supported by unit, listed for the inventory', async () => {
      const saved = await call(server, `channels/${OUTPUT}/tally`, { ...json('PUT', { onAir: true, supportedByUnit: true, tallyName: 'T1' }), cookie: admin });
      expect(saved.json.tally).toEqual({ onAir: true, supportedByUnit: true, tallyName: 'T1' });
      const tallies = await call(server, 'v2/inventories/INV-NEWS/tallies', { cookie: admin });
      expect(tallies.json).toContainEqual({ channelId: OUTPUT, channelName: 'News-National-Output', tallyName: 'T1', onAir: true, supportedByUnit: true, associated: true });
    });

    it('IFB: low delay takes 700 ms to 300 ms; a mode change is refused with every reason', async () => {
      const normal = await call(server, `channels/${OUTPUT}/ifb`, { ...json('PUT', { enabled: true, lowDelay: false, alwaysOn: false }), cookie: admin });
      expect(normal.json).toMatchObject({ delayMs: 700, mode: 'V1' });
      const low = await call(server, `channels/${OUTPUT}/ifb`, { ...json('PUT', { enabled: true, lowDelay: true, alwaysOn: true }), cookie: admin });
      expect(low.json.delayMs).toBe(300);
      const mode = await call(server, `channels/${OUTPUT}/ifb`, { ...json('PUT', { enabled: true, lowDelay: true, alwaysOn: true, mode: 'V2' }), cookie: admin });
      expect(mode.status, mode.text).toBe(409);
      expect(mode.json.reasons).toEqual(['IFB mode cannot be changed: no SIP server is configured']);
      const ifbs = await call(server, 'v2/inventories/INV-NEWS/ifbs', { cookie: admin });
      expect(ifbs.json).toMatchObject({ available: 8, used: 1 });
    });

    it('audio interfaces: up to the supplied limit, names unique', async () => {
      const five = Array.from({ length: 5 }, (_, i) => ({ name: `A${i}`, kind: 'sip' }));
      const tooMany = await call(server, `channels/${OUTPUT}/audiointerfaces`, { ...json('PUT', { interfaces: five }), cookie: admin });
      expect(tooMany.json.message).toBe('This channel can have up to 4 audio interfaces');
      const twice = await call(server, `channels/${OUTPUT}/audiointerfaces`, { ...json('PUT', { interfaces: [{ name: 'Mic', kind: 'sip' }, { name: 'mic', kind: 'webrtc' }] }), cookie: admin });
      expect(twice.json.fields['interfaces.1.name']).toBe(UNIQUE_NAME);
      const saved = await call(server, `channels/${OUTPUT}/audiointerfaces`, { ...json('PUT', { interfaces: [{ name: 'Mic', kind: 'sip' }] }), cookie: admin });
      expect(saved.json).toEqual({ channelId: OUTPUT, interfaces: [{ name: 'Mic', kind: 'sip' }], limit: 4 });
    });

    it('ingest: allocated to an ingest server of the inventory; another server is refused', async () => {
      const wrong = await call(server, 'v2/inventories/INV-NEWS/ingest_association', { ...json('POST', { channelId: OUTPUT, serverId: 'MMH-1' }), cookie: admin });
      expect(wrong.json.fields.serverId).toBe('Ingest server not found in this inventory');
      const set = await call(server, 'v2/inventories/INV-NEWS/ingest_association', { ...json('POST', { channelId: OUTPUT, serverId: 'ING-1' }), cookie: admin });
      expect(set.json).toMatchObject({ channelId: OUTPUT, serverId: 'ING-1' });
      expect((await call(server, `channels/${OUTPUT}/ingest_association`, { cookie: admin })).json.serverId).toBe('ING-1');
    });

    it('logs: one channel at a time', async () => {
      const first = await call(server, `channels/${OUTPUT}/fetchlogs`, { ...json('POST'), cookie: admin });
      expect(first.status, first.text).toBe(200);
      expect(first.json.state).toBe('connecting');
      const second = await call(server, `channels/${PREVIEW}/fetchlogs`, { ...json('POST'), cookie: admin });
      expect(second.status).toBe(409);
      expect(second.json.message).toBe(ONE_AT_A_TIME);
      await call(server, `channels/${OUTPUT}/fetchlogs`, { ...json('DELETE'), cookie: admin });
      server.clock.advance(60_000);
      expect((await call(server, `channels/${PREVIEW}/fetchlogs`, { ...json('POST'), cookie: admin })).status).toBe(200);
      await call(server, `channels/${PREVIEW}/fetchlogs`, { ...json('DELETE'), cookie: admin });
      server.clock.advance(60_000);
    });

    it('SDI, output and recording channels of an inventory; STUN/TURN with its expiry', async () => {
      const outputs = await call(server, 'channels/output?inventoryId=INV-NEWS', { cookie: admin });
      expect(outputs.json.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining([OUTPUT, DISTRIBUTOR]));
      const sdi = await call(server, 'channels/sdi?inventoryId=INV-NEWS', { cookie: admin });
      expect(sdi.json.map((c: { id: string }) => c.id)).toContain('CH-NEWS-NATIONAL-INPUT');
      const stun = await call(server, 'stunTurnInfo?inventoryName=newsroom', { cookie: admin });
      expect(stun.status, stun.text).toBe(200);
      expect(stun.json.expiresAt - Date.now()).toBeGreaterThan(9 * 60_000);
      expect((await call(server, 'stunTurnInfo?inventoryName=Other-Broadcaster', { cookie: admin })).status).toBe(404);
    });
  });

  describe('administration (spec 001 §7 admin channels)', () => {
    it('creates a channel on a server of the caller’s inventory, refuses another tenant’s server and a sixth output', async () => {
      const created = await call(server, 'admin/channels', { ...json('POST', { name: 'Extra-Preview', type: 'preview', serverId: 'MMH-1', groupId: GROUP }), cookie: admin });
      expect(created.status, created.text).toBe(201);
      expect(created.json).toMatchObject({ name: 'Extra-Preview', type: 'preview', inventoryId: 'INV-NEWS', groupId: GROUP, status: 'idle' });
      const output = await call(server, 'admin/channels', { ...json('POST', { name: 'Extra-Output', type: 'output', serverId: 'MMH-1' }), cookie: admin });
      expect(output.json.fields.output).toBe(OUTPUT_LICENCE);
      const foreign = await call(server, 'admin/channels', { ...json('POST', { name: 'X', type: 'preview', serverId: 'MMH-1' }), cookie: outsider });
      expect(foreign.status).toBe(404);
      const page = await call(server, 'admin/channels?searchValue=extra', { cookie: admin });
      expect(page.json.items.map((c: { name: string }) => c.name)).toEqual(['Extra-Preview']);
      const removed = await call(server, `admin/channels/${created.json.id}`, { ...json('DELETE'), cookie: admin });
      expect(removed.json).toEqual({ removed: 1 });
    });

    it('a channel a unit sends to is not deleted', async () => {
      const uid = await idleUnit(server);
      server.fleet.command(uid, { type: 'setChannel', channelId: REGIONAL_PREVIEW });
      server.clock.advance(60_000);
      server.fleet.command(uid, { type: 'startStream' });
      server.clock.advance(60_000);
      const refused = await call(server, `admin/channels/${REGIONAL_PREVIEW}`, { ...json('DELETE'), cookie: admin });
      expect(refused.status, refused.text).toBe(409);
      expect(refused.json.message).toBe(NOT_IDLE);
      server.fleet.command(uid, { type: 'stopStream' });
      server.clock.advance(60_000);
    });
  });

  describe('the overlay library (spec 001 §5: checked from the bytes)', () => {
    it.each([
      ['a JPEG named .png', 'fake.png', Buffer.from('\xff\xd8\xff\xe0 not a png at all, just jpeg-ish bytes', 'latin1'), 'Only PNG images can be used as overlays'],
      ['110 KB and one byte', 'big.png', png(400, 400, 112_641), 'The image must be 110 KB or smaller'],
      ['2001 px wide', 'wide.png', png(2001, 400), 'The image must be at most 2000x2000 pixels'],
    ])('refuses %s with its own message', async (_label, name, body, message) => {
      const refused = await upload(admin, 'INV-NEWS', name, body);
      expect(refused.status, refused.text).toBe(400);
      expect(refused.json.message).toBe(message);
    });

    it('accepts a PNG (warns under 300×300), refuses the same file name, lets a channel pick it and keeps it while shown', async () => {
      const small = await upload(admin, 'INV-NEWS', 'logo.png', png(200, 100));
      expect(small.status, small.text).toBe(201);
      expect(small.json).toMatchObject({ fileName: 'logo.png', width: 200, height: 100, warnings: ['For best quality, use an image of at least 300x300 pixels'], createdBy: 'luc_admin' });
      const again = await upload(admin, 'INV-NEWS', 'LOGO.png', png(400, 400));
      expect(again.status).toBe(409);
      expect(again.json.message).toBe('An overlay with this file name already exists');
      const picked = await call(server, `channels/${OUTPUT}/configuration`, { ...json('PUT', { overlay: { overlayId: small.json.id } }), cookie: admin });
      expect(picked.json.config.overlay.overlayId).toBe(small.json.id);
      const image = await fetch(`${server.url}${API}/v2/inventories/INV-NEWS/overlays/${small.json.id}/image`, { headers: { cookie: admin } }); // an <img>: no Application-Id
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toContain('image/png');
      expect(Buffer.from(await image.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
      expect((await call(server, `v2/inventories/INV-NEWS/overlays/${small.json.id}`, { ...json('DELETE'), cookie: admin })).status).toBe(409);
      const inv = await call(server, 'v2/admin/inventories/INV-NEWS', { ...json('DELETE'), cookie: cookies.get('super_user')! });
      expect(inv.json.message).toBe('The inventory cannot be deleted because it has overlays.');
    });
  });

  describe('audio rooms (Audio Connect)', () => {
    it('creates, renames, manages interfaces, refuses a taken name, and refuses changes while a unit talks in the room', async () => {
      const created = await call(server, 'v2/inventories/INV-NEWS/audiorooms', { ...json('POST', { name: 'Studio-A', interfaces: [{ name: 'Line 1', kind: 'sip' }] }), cookie: admin });
      expect(created.status, created.text).toBe(201);
      expect(created.json).toMatchObject({ name: 'Studio-A', inventoryName: 'Newsroom', createdBy: 'luc_admin', inUse: false });
      const taken = await call(server, 'v2/inventories/INV-NEWS/audiorooms', { ...json('POST', { name: 'studio-a' }), cookie: admin });
      expect(taken.json.fields.name).toBe(NAME_TAKEN);
      const room = created.json.id as string;
      const uid = await idleUnit(server);
      const live = server.fleet.unit(uid)!;
      live.intercom.intercom1 = { mode: 'audioRoom', destinationAccount: room, state: 'connected' } as never;
      const listed = await call(server, 'v2/audiorooms', { cookie: admin });
      expect(listed.json.items.find((r: { id: string }) => r.id === room).inUse).toBe(true);
      const remove = await call(server, `v2/inventories/INV-NEWS/audiorooms/${room}`, { ...json('DELETE'), cookie: admin });
      expect(remove.status).toBe(409);
      expect(remove.json.message).toBe(ROOM_IN_USE);
      const shrink = await call(server, `v2/inventories/INV-NEWS/audiorooms/${room}/interfaces`, { ...json('PUT', { interfaces: [] }), cookie: admin });
      expect(shrink.json.message).toBe(ROOM_IN_USE);
      const grow = await call(server, `v2/inventories/INV-NEWS/audiorooms/${room}/interfaces`, { ...json('PUT', { interfaces: [{ name: 'Line 1', kind: 'sip' }, { name: 'Line 2', kind: 'webrtc' }] }), cookie: admin });
      expect(grow.status, grow.text).toBe(200);
      const renamed = await call(server, `v2/inventories/INV-NEWS/audiorooms/${room}`, { ...json('PUT', { name: 'Studio-B' }), cookie: admin });
      expect(renamed.json.name).toBe('Studio-B');
      live.intercom = {};
      expect((await call(server, `v2/inventories/INV-NEWS/audiorooms/${room}`, { ...json('DELETE'), cookie: admin })).json).toEqual({ removed: 1 });
    });
  });

  describe('the other calls of 001 §7', () => {
    it('input sources: added, each once, at most 8, removed', async () => {
      const added = await call(server, `channels/${OUTPUT}/inputSources`, { ...json('POST', { kind: 'srt', address: 'srt://10.0.0.9:9000' }), cookie: admin });
      expect(added.status, added.text).toBe(200);
      const twice = await call(server, `channels/${OUTPUT}/inputSources`, { ...json('POST', { kind: 'srt', address: 'SRT://10.0.0.9:9000' }), cookie: admin });
      expect(twice.json.fields.address).toBe('This input source is already added');
      for (let i = 1; i < 8; i += 1) await call(server, `channels/${OUTPUT}/inputSources`, { ...json('POST', { kind: 'rtmp', address: `rtmp://s/${i}` }), cookie: admin });
      const ninth = await call(server, `channels/${OUTPUT}/inputSources`, { ...json('POST', { kind: 'ndi', address: 'NDI-9' }), cookie: admin });
      expect(ninth.json.fields.address).toBe('A channel can have up to 8 input sources');
      const id = added.json.inputSources[0].id as string;
      const removed = await call(server, `channels/${OUTPUT}/inputSources?sourceId=${id}`, { ...json('DELETE'), cookie: admin });
      expect(removed.json.inputSources).toHaveLength(7);
    });

    it('bandwidth limit 100-100,000 kbps or none; private session; ffmpeg command required while on', async () => {
      const low = await call(server, 'channels/bwLimit', { ...json('PUT', { channelId: OUTPUT, limitKbps: 99 }), cookie: admin });
      expect(low.json.fields.limitKbps).toBe('Must be 100 or more');
      expect((await call(server, 'channels/bwLimit', { ...json('PUT', { channelId: OUTPUT, limitKbps: 5_000 }), cookie: admin })).json).toEqual({ channelId: OUTPUT, bwLimitKbps: 5_000 });
      expect((await call(server, 'channels/privateSession', { ...json('PUT', { channelId: OUTPUT, enabled: true }), cookie: admin })).json).toEqual({ channelId: OUTPUT, privateSession: true });
      const ffmpeg = await call(server, `admin/channels/${OUTPUT}/ffmpeg`, { ...json('PUT', { enabled: true, command: '' }), cookie: admin });
      expect(ffmpeg.json.fields.command).toBe(REQUIRED);
      expect((await call(server, `channels/${OUTPUT}/ffmpeg`, { ...json('PUT', { enabled: true, command: '-c:v copy' }), cookie: admin })).json.ffmpeg).toEqual({ enabled: true, command: '-c:v copy' });
    });

    it('media access outputs of the caller’s channels only; ips; the admin associations', async () => {
      const outputs = await call(server, 'channels/mediaAccessOutputInfo', { ...json('POST', { uniqueIds: [OUTPUT, 'CH-OTHER'] }), cookie: admin });
      expect(outputs.json.map((o: { uniqueId: string }) => o.uniqueId)).toEqual([OUTPUT]);
      expect(outputs.json[0].outputs.map((o: { protocol: string }) => o.protocol)).toEqual(['rtmp', 'srt', 'hls']);
      const ips = await call(server, `channels/${OUTPUT}/ips`, { cookie: admin });
      expect(ips.json.internal[0]).toMatch(/^10\./);
      expect((await call(server, `admin/channels/${OUTPUT}/inventories`, { cookie: admin })).json.items).toEqual([{ id: 'INV-NEWS', name: 'Newsroom' }]);
      expect((await call(server, `admin/channels/${OUTPUT}/groups`, { cookie: admin })).json.items).toEqual([{ id: GROUP, name: 'News-National' }]);
    });

    it('the channel info of a group: broadcaster and tally names; a channel of another group is refused', async () => {
      const saved = await call(server, `v2/groups/${GROUP}/channels/info`, { ...json('POST', { channels: [{ id: DISTRIBUTOR, broadcasterName: 'BN', tallyName: 'TN' }] }), cookie: admin });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.json[0].config.general.broadcasterName).toBe('BN');
      const other = await call(server, `v2/groups/${GROUP}/channels/info`, { ...json('POST', { channels: [{ id: REGIONAL_PREVIEW, tallyName: 'X' }] }), cookie: admin });
      expect(other.json.fields['channels.0.id']).toBe(`Channel '${REGIONAL_PREVIEW}' not found`);
    });

    it('tally and IFB association per inventory; the IFB lines are counted', async () => {
      const tally = await call(server, 'v2/inventories/INV-NEWS/channel_association', { ...json('POST', { kind: 'tally', channelId: DISTRIBUTOR, associated: true }), cookie: admin });
      expect(tally.json.tallies.find((t: { channelId: string }) => t.channelId === DISTRIBUTOR).associated).toBe(true);
      const ifb = await call(server, 'v2/inventories/INV-NEWS/channel_association', { ...json('POST', { kind: 'ifb', channelId: DISTRIBUTOR, associated: true }), cookie: admin });
      expect(ifb.json.ifbs.channels.map((c: { channelId: string }) => c.channelId)).toContain(DISTRIBUTOR);
    });

    it('moving a channel to another inventory takes it out of its group; moving it back', async () => {
      const moved = await call(server, `admin/inventories/INV-NEWS/channels/CH-OLD`, { ...json('DELETE'), cookie: admin });
      expect(moved.json).toMatchObject({ id: 'CH-OLD', inventoryId: null, groupId: null });
      const back = await call(server, `admin/inventories/INV-NEWS/channels/CH-OLD`, { ...json('PUT'), cookie: admin });
      expect(back.json).toMatchObject({ inventoryId: 'INV-NEWS', groupId: null });
    });

    it('social media details of a unit; Facebook without a page cannot create its preview', async () => {
      const uid = await idleUnit(server);
      const before = await call(server, `socialmediadetails?uid=${uid}`, { cookie: admin });
      expect(before.json).toEqual({ uid, facebookPage: null, title: '', description: '', privacy: 'public', videoProfile: '720p30' });
      const refused = await call(server, `v0/units/${uid}/stream/social_media?crnt_vcg_uid=${GROUP}`, { ...json('POST', { provider: 'facebook' }), cookie: admin });
      expect(refused.status).toBe(409);
      expect(refused.json.message).toBe('The Facebook preview stream could not be created.');
      const saved = await call(server, 'socialmediadetails', { ...json('POST', { uid, facebookPage: ' Desk ', title: 'T', description: '', privacy: 'friends', videoProfile: '1080p30' }), cookie: admin });
      expect(saved.json).toMatchObject({ facebookPage: 'Desk', privacy: 'friends', videoProfile: '1080p30' });
      const started = await call(server, `v0/units/${uid}/stream/social_media?crnt_vcg_uid=${GROUP}`, { ...json('POST', { provider: 'facebook' }), cookie: admin });
      expect(started.status, started.text).toBeLessThan(300);
      const again = await call(server, `v0/units/${uid}/stream/social_media?crnt_vcg_uid=${GROUP}`, { ...json('POST', { provider: 'facebook' }), cookie: admin });
      expect(again.json.message).toBe('The unit is already streaming to this provider.');
      await call(server, `v0/units/${uid}/stream/social_media?provider=facebook&crnt_vcg_uid=${GROUP}`, { ...json('DELETE'), cookie: admin });
      const readOnly = await call(server, 'socialmediadetails', { ...json('POST', { uid, facebookPage: null, title: '', description: '', privacy: 'public', videoProfile: '720p30' }), cookie: cookies.get('luc_read')! });
      expect(readOnly.status).toBe(403);
    });
  });

  describe('the role matrix (14 user types)', () => {
    const reads: [string, Action][] = [
      [`channels/${OUTPUT}/status`, 'units.read'],
      [`channels/${OUTPUT}/capabilities`, 'channels.read'],
      ['admin/channels', 'channels.admin'],
      ['v2/audiorooms', 'audioRooms.admin'],
      ['v2/inventories/INV-NEWS/overlays', 'channels.read'],
    ];
    it.each(reads)('GET %s answers 403 exactly to the user types %s refuses', async (path, action) => {
      for (const type of USER_TYPES) {
        const answer = await call(server, path, { cookie: cookies.get(type)! });
        if (may([type], action)) expect(answer.status, `${type} ${answer.text}`).not.toBe(403);
        else {
          expect(answer.status, type).toBe(403);
          expect(answer.json.message).toBe(NOT_ALLOWED);
        }
      }
    });

    it('a write of the editor is refused to every type without channels.configure, before the body is read', async () => {
      for (const type of USER_TYPES) {
        const answer = await call(server, `channels/${OUTPUT}/tally`, { ...json('PUT', { onAir: 'x' }), cookie: cookies.get(type)! });
        if (may([type], 'channels.configure')) expect(answer.status, type).toBe(400);
        else expect(answer.status, type).toBe(403);
      }
    });
  });
});
