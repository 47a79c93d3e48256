/**
 * The servers area (issue 12; spec 001 §3 Server, §7 "Servers", §8 refusals, §9 gates and the 30 min
 * services cache) and the Devices screen's LU-Link call, against a started server with the fleet
 * simulator on a manual clock: server.status published and following the channels' load, every
 * call's happy path, the refusals with their exact words, and the role matrix (14 user types).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { USER_TYPES } from '../../src/domain/roles/userTypes.ts';
import { may, type Action } from '../../src/domain/roles/permissions.ts';
import { hashPassword } from '../../src/server/auth/password.ts';
import { SERVER_STATUS_PERIOD_MS } from '../../src/server/sim/servers.ts';
import { call, DEMO_PASSWORD, signIn, tempDir } from './server-harness.ts';
import { GROUP, idleUnit, listen, startUnitServer, until, type UnitTestServer } from './units-harness.ts';

const NOT_ALLOWED = 'You are not allowed to access this application.';
const MMH = 'MMH-1';
const VR = 'VR-1';
const ING = 'ING-1';
const OUTPUT = 'CH-NEWS-NATIONAL-OUTPUT';
const json = (method: string, body?: unknown) => ({ method, ...(body !== undefined ? { body } : {}) });

describe('servers (issue 12)', () => {
  const tmp = tempDir();
  let server: UnitTestServer;
  const cookies = new Map<string, string>();
  let admin = '';
  let superUser = '';

  beforeAll(async () => {
    server = await startUnitServer(join(tmp.dir, 'luc.db'), 40);
    const now = Date.now();
    await server.store.inventories.insert({ id: 'INV-OTHER', name: 'Other-Broadcaster', region: 'eu', customer: 'Other', parentId: null, features: [], createdAt: now });
    await server.store.groups.insert({ id: 'G-OTHER', name: 'Other-Desk', inventoryId: 'INV-OTHER', autoAssociation: false, unitAutoAssociation: false, createdAt: now });
    await server.store.servers.insert({ id: 'MMH-OTHER', name: 'MMH-Other', type: 'mmh', serial: 'SN-OT', swVersion: '8.5.0', alias: '', inventoryId: 'INV-OTHER', maxChannels: 8, cloudRegion: '', config: {}, createdAt: now });
    await server.store.servers.insert({ id: 'MMH-OLD', name: 'MMH-Old', type: 'mmh', serial: 'SN-OLD', swVersion: '6.0.0', alias: '', inventoryId: 'INV-NEWS', maxChannels: 8, cloudRegion: '', config: {}, createdAt: now });
    await server.store.users.insert(
      { id: 'USR-OUTSIDER', username: 'outsider_admin', firstName: 'O', lastName: 'S', email: null, userLabel: '', userType: 'luc_admin', active: true, sso: false, isDemo: false, password: await hashPassword(DEMO_PASSWORD), passwordChangedAt: now, passwordExpiresAt: null, forcePasswordChange: false, createdAt: now },
      ['G-OTHER'],
    );
    for (const type of USER_TYPES) cookies.set(type, await signIn(server, type));
    admin = cookies.get('luc_admin')!;
    superUser = cookies.get('super_user')!;
  }, 120_000);
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  describe('live (server.status)', () => {
    it('lists an inventory’s servers with their live state, by type', async () => {
      const all = await call(server, 'admin/inventories/INV-NEWS/servers', { cookie: admin });
      expect(all.status).toBe(200);
      expect(all.json.items.map((s: { deviceId: string }) => s.deviceId)).toEqual(expect.arrayContaining([MMH, VR, 'TRX-1', ING]));
      const mmh = all.json.items.find((s: { deviceId: string }) => s.deviceId === MMH);
      expect(mmh).toMatchObject({ type: 'mmh', state: 'idle', ifbMode: 'V1', maxChannels: 16, inventoryName: 'Newsroom' });
      expect(mmh.upTime).toBeGreaterThan(0);
      for (const [query, type] of [['mmh_server', 'mmh'], ['vr_server', 'videoReturn'], ['ingest_server', 'ingest'], ['transceiver_server', 'transceiver']]) {
        const one = await call(server, `admin/inventories/INV-NEWS/servers?type=${query}`, { cookie: admin });
        expect(one.json.items.length).toBeGreaterThan(0);
        expect(one.json.items.every((s: { type: string }) => s.type === type)).toBe(true);
      }
      expect((await call(server, 'admin/inventories/INV-NEWS/servers?type=foo', { cookie: admin })).status).toBe(400);
    });

    it('publishes server.status every period; a unit streaming makes the server busy with more usage', async () => {
      const socket = await listen(server, admin, [`group:${GROUP}`]);
      try {
        server.clock.advance(SERVER_STATUS_PERIOD_MS);
        await until(() => socket.events.some((e) => e.kind === 'server.status' && e.id === MMH));
        const first = socket.events.filter((e) => e.kind === 'server.status' && e.id === MMH).at(-1)!;
        expect(first.data).toMatchObject({ deviceId: MMH, state: 'idle', type: 'mmh' });
        expect(Object.keys(first.data as object)).toEqual(expect.arrayContaining(['applications', 'upTime', 'serverUsage', 'tallyHwStatus', 'audioHwStatus', 'servicesData', 'alias', 'name', 'serialNumber', 'swVersion']));
        const uid = await idleUnit(server);
        const started = await call(server, `v2/units/${uid}/stream`, { ...json('POST', { channelId: OUTPUT }), cookie: admin });
        expect([200, 202]).toContain(started.status);
        server.clock.advance(60_000);
        const row = await call(server, `admin/servers/${MMH}`, { cookie: admin });
        expect(row.json.state).toBe('busy');
        expect(Object.keys(row.json.applications)).toContain(`channel:${OUTPUT}`);
        expect(row.json.serverUsage.bandwidthKbps).toBeGreaterThan(0);
        await until(() => socket.events.some((e) => e.kind === 'server.status' && e.id === MMH && (e.data as { state: string }).state === 'busy'));
        await call(server, `v2/units/${uid}/stream`, { ...json('POST', { action: 'stop' }), cookie: admin });
        server.clock.advance(60_000);
      } finally {
        socket.close();
      }
    });

    it('resetinstance restarts a server: offline with its channels, then back with a fresh upTime (gate 6.4)', async () => {
      const before = (await call(server, `admin/servers/${MMH}`, { cookie: admin })).json;
      const answer = await call(server, `servers/${MMH}/resetinstance`, { method: 'PUT', cookie: admin });
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({ deviceId: MMH, restarting: true });
      const down = (await call(server, `admin/servers/${MMH}`, { cookie: admin })).json;
      expect(down.state).toBe('offline');
      expect((await call(server, `channels/${OUTPUT}/status`, { cookie: admin })).json.status).toBe('offline');
      expect((await call(server, `servers/${MMH}/resetinstance`, { method: 'PUT', cookie: admin })).json.message).toBe('The server is offline.');
      server.clock.advance(60_000);
      const back = (await call(server, `admin/servers/${MMH}`, { cookie: admin })).json;
      expect(back.state).not.toBe('offline');
      expect(back.upTime).toBeLessThan(before.upTime);
      const old = await call(server, 'servers/MMH-OLD/resetinstance', { method: 'PUT', cookie: admin });
      expect(old.status).toBe(409);
      expect(old.json.message).toBe('Needs server software 6.4 or higher');
    });
  });

  describe('reads', () => {
    it('services are cached 30 minutes (spec 001 §9)', async () => {
      const first = await call(server, `servers/${MMH}/services`, { cookie: admin });
      expect(first.status).toBe(200);
      expect(first.json.servicesData.list.map((s: { name: string }) => s.name)).toEqual(['graphics', 'audio_ifb', 'field_server']);
      const second = await call(server, `servers/${MMH}/services`, { cookie: admin });
      expect(second.json.cached).toBe(true);
      expect(second.json.fetchedAt).toBe(first.json.fetchedAt);
    });

    it('capabilities, specifications (gate 8.5), ips', async () => {
      const caps = await call(server, `servers/${MMH}/capabilities`, { cookie: admin });
      expect(caps.json).toMatchObject({ gates: { restartServer: true, serverInfo: true }, maxChannelsBounds: { min: 8, max: 24 }, smpte: true, ipPipe: true });
      expect((await call(server, `servers/${MMH}/specifications`, { cookie: admin })).json.cores).toBeGreaterThan(0);
      const old = await call(server, 'servers/MMH-OLD/specifications', { cookie: admin });
      expect(old.status).toBe(409);
      expect(old.json.message).toBe('Needs server software 8.5 or higher');
      const ips = await call(server, `servers/${MMH}/ips`, { cookie: admin });
      expect(ips.json.internal.length).toBeGreaterThan(0);
    });

    it('ingest servers list their allocated channels; other types are refused', async () => {
      await call(server, 'v2/inventories/INV-NEWS/ingest_association', { ...json('POST', { channelId: OUTPUT, serverId: ING }), cookie: admin });
      const answer = await call(server, `ingestservers/${ING}/channels`, { cookie: admin });
      expect(answer.status).toBe(200);
      expect(answer.json.channels.map((c: { id: string }) => c.id)).toContain(OUTPUT);
      expect((await call(server, `ingestservers/${MMH}/channels`, { cookie: admin })).status).toBe(400);
    });
  });

  describe('edit (General, SMPTE 2110, IP pipe, MMH and VR configuration)', () => {
    it('changes the admin fields; refuses max channels outside 8-24 and a taken name with the spec’s words', async () => {
      const ok = await call(server, `admin/servers/${MMH}`, { ...json('PUT', { alias: 'Main MMH', maxChannels: 20, cloudRegion: 'eu-west' }), cookie: admin });
      expect(ok.status).toBe(200);
      expect(ok.json).toMatchObject({ alias: 'Main MMH', maxChannels: 20, cloudRegion: 'eu-west' });
      for (const [value, message] of [[25, 'Must be 24 or less'], [7, 'Must be 8 or more'], [null, 'This field is required'], [8.5, 'Must be an integer']] as const) {
        const bad = await call(server, `admin/servers/${MMH}`, { ...json('PUT', { maxChannels: value }), cookie: admin });
        expect(bad.status).toBe(400);
        expect(bad.json.fields.maxChannels).toBe(message);
      }
      const taken = await call(server, `admin/servers/${MMH}`, { ...json('PUT', { name: 'vr-Newsroom-01' }), cookie: admin });
      expect(taken.json.fields.name).toBe('Name is already taken. Please select a different name');
      const pattern = await call(server, `admin/servers/${MMH}`, { ...json('PUT', { name: 'bad name!' }), cookie: admin });
      expect(pattern.json.fields.name).toBe('Should contain only letters, numbers, underscores and hyphens');
      expect((await call(server, `admin/servers/${MMH}`, { cookie: admin })).json.maxChannels).toBe(20);
    });

    it('an IFB mode change is refused with every reason (spec 001 §8), then allowed with a SIP server on an idle server', async () => {
      const refused = await call(server, `admin/servers/${VR}`, { ...json('PUT', { ifbMode: 'V2' }), cookie: admin });
      expect(refused.status).toBe(409);
      expect(refused.json.reasons).toEqual(['IFB mode cannot be changed: no SIP server is configured']);
      server.fleet.setServerOnline(VR, false);
      const offline = await call(server, `admin/servers/${VR}`, { ...json('PUT', { ifbMode: 'V2' }), cookie: admin });
      expect(offline.json.reasons).toEqual(['IFB mode cannot be changed: the server is offline', 'IFB mode cannot be changed: no SIP server is configured']);
      server.fleet.setServerOnline(VR, true);
      server.clock.advance(60_000);
      await server.store.servers.setConfig(VR, { sipServer: 'sip.example.invalid' });
      const ok = await call(server, `admin/servers/${VR}`, { ...json('PUT', { ifbMode: 'V2' }), cookie: admin });
      expect(ok.status).toBe(200);
      expect(ok.json.ifbMode).toBe('V2');
    });

    it('SMPTE 2110 within the server’s bounds; IP pipe created once, then changed; MMH and VR configuration', async () => {
      const smpte = await call(server, `mmhservers/${MMH}/configuration/smpte`, { cookie: admin });
      expect(smpte.json.bounds).toEqual({ port: { min: 1024, max: 65535 }, ptpDomain: { min: 0, max: 127 } });
      const bad = await call(server, `mmhservers/${MMH}/configuration/smpte`, { ...json('PUT', { enabled: true, ptpDomain: 200, basePort: 80, genlockOffset: 600 }), cookie: admin });
      expect(bad.status).toBe(400);
      expect(bad.json.fields).toEqual({ ptpDomain: 'Must be 127 or less', basePort: 'Must be 1024 or more', genlockOffset: 'Must be 511 or less' });
      const good = await call(server, `mmhservers/${MMH}/configuration/smpte`, { ...json('PUT', { enabled: true, ptpDomain: 10, basePort: 5004, genlockOffset: -20 }), cookie: admin });
      expect(good.json.smpte).toEqual({ enabled: true, ptpDomain: 10, basePort: 5004, genlockOffset: -20 });
      expect((await call(server, `mmhservers/${VR}/configuration/smpte`, { cookie: admin })).status).toBe(400);

      expect((await call(server, `mmhservers/${MMH}/configuration/ippipe`, { cookie: admin })).json.ipPipe).toBeNull();
      const pipe = { enabled: true, destinationHost: '10.0.0.9', port: 9000, bitrateKbps: 500, protocol: 'udp' };
      expect((await call(server, `mmhservers/${MMH}/configuration/ippipe`, { ...json('PUT', pipe), cookie: admin })).status).toBe(404);
      expect((await call(server, `mmhservers/${MMH}/configuration/ippipe`, { ...json('POST', pipe), cookie: admin })).status).toBe(201);
      expect((await call(server, `mmhservers/${MMH}/configuration/ippipe`, { ...json('POST', pipe), cookie: admin })).status).toBe(409);
      const badPipe = await call(server, `mmhservers/${MMH}/configuration/ippipe`, { ...json('PUT', { ...pipe, port: 0, bitrateKbps: 1000 }), cookie: admin });
      expect(badPipe.json.fields).toMatchObject({ bitrateKbps: 'Must be 999 or less' });
      expect(badPipe.json.fields.port).toBeDefined();
      expect((await call(server, `mmhservers/${MMH}/configuration/ippipe`, { ...json('PUT', { ...pipe, port: 9100 }), cookie: admin })).json.ipPipe.port).toBe(9100);

      const mmh = await call(server, `mmhservers/${MMH}/configuration`, { ...json('POST', { recordingEnabled: false, storageQuotaGb: 5, retentionDays: 30 }), cookie: admin });
      expect(mmh.json.fields).toEqual({ storageQuotaGb: 'Must be 10 or more' });
      expect((await call(server, `mmhservers/${MMH}/configuration`, { ...json('POST', { recordingEnabled: false, storageQuotaGb: 500, retentionDays: 7 }), cookie: admin })).json.configuration.retentionDays).toBe(7);
      expect((await call(server, `vrservers/${VR}/configuration`, { ...json('POST', { maxReceivers: 10, latencyMs: 300 }), cookie: admin })).json.configuration).toEqual({ maxReceivers: 10, latencyMs: 300 });
      expect((await call(server, `vrservers/${VR}/configuration`, { ...json('POST', { maxReceivers: 0, latencyMs: 300 }), cookie: admin })).json.fields.maxReceivers).toBe('Must be 1 or more');
    });
  });

  describe('delete (spec 001 §8)', () => {
    it('an online ingest server is refused; tied to busy channels is refused; a media server with channels is refused', async () => {
      const online = await call(server, `admin/servers/${ING}`, { method: 'DELETE', cookie: admin });
      expect(online.status).toBe(409);
      expect(online.json.message).toBe('The ingest server is online.');
      server.fleet.setServerOnline(MMH, false);
      const withChannels = await call(server, `admin/servers/${MMH}`, { method: 'DELETE', cookie: admin });
      expect(withChannels.json.message).toBe('The server cannot be deleted because it has channels.');
      server.fleet.setServerOnline(MMH, true);
      server.clock.advance(60_000);
      const mmhOnline = await call(server, `admin/servers/${MMH}`, { method: 'DELETE', cookie: admin });
      expect(mmhOnline.json.message).toBe('The server cannot be deleted while it is online.');
    });
  });

  describe('IFB servers and LU-Link', () => {
    it('the super user lists and edits IFB servers; a bad port and a taken name are refused', async () => {
      const list = await call(server, 'v2/admin/ifbServers', { cookie: superUser });
      expect(list.status).toBe(200);
      expect(list.json.length).toBe(3);
      const id = list.json[0].id;
      const ok = await call(server, `v2/admin/ifbServers/${id}`, { ...json('PUT', { host: 'sip.new.invalid', port: 5070, enabled: false }), cookie: superUser });
      expect(ok.json).toMatchObject({ host: 'sip.new.invalid', port: 5070, enabled: false });
      const bad = await call(server, `v2/admin/ifbServers/${id}`, { ...json('PUT', { port: 70000, name: list.json[1].name }), cookie: superUser });
      expect(bad.json.fields).toEqual({ port: 'Must be 65535 or less', name: 'Name is already taken. Please select a different name' });
      expect((await call(server, 'v2/admin/ifbServers', { cookie: admin })).status).toBe(403);
    });

    it('LU-Link settings: a server of the unit’s inventory, bitrate cap 0 or 100-20000', async () => {
      const uid = await idleUnit(server);
      const read = await call(server, `v2/units/${uid}/lulink`, { cookie: admin });
      expect(read.json.settings).toEqual({ enabled: false, serverId: null, maxBitrateKbps: 0 });
      const target = read.json.servers[0].id;
      const bad = await call(server, `v2/units/${uid}/lulink`, { ...json('PUT', { enabled: true, serverId: null, maxBitrateKbps: 50 }), cookie: admin });
      expect(bad.json.fields).toEqual({ serverId: 'Choose the server the unit links to', maxBitrateKbps: 'Must be 100 or more' });
      const foreign = await call(server, `v2/units/${uid}/lulink`, { ...json('PUT', { enabled: true, serverId: 'MMH-OTHER', maxBitrateKbps: 0 }), cookie: admin });
      // A server the caller cannot see is refused by the contract kit's reference check, like an unknown one (issue 16).
      expect(foreign.status).toBe(404);
      const ok = await call(server, `v2/units/${uid}/lulink`, { ...json('PUT', { enabled: true, serverId: target, maxBitrateKbps: 800 }), cookie: admin });
      expect(ok.json.settings).toEqual({ enabled: true, serverId: target, maxBitrateKbps: 800 });
    });
  });

  describe('tenancy and the role matrix (14 user types)', () => {
    it('another broadcaster’s server answers 404, the same as an unknown one', async () => {
      const outsider = await signIn(server, 'outsider_admin');
      expect((await call(server, `admin/servers/${MMH}`, { cookie: outsider })).status).toBe(404);
      expect((await call(server, 'admin/servers/NOPE', { cookie: outsider })).status).toBe(404);
      expect((await call(server, 'admin/servers/MMH-OTHER', { cookie: admin })).status).toBe(404);
      expect((await call(server, 'admin/inventories/INV-OTHER/servers', { cookie: admin })).status).toBe(404);
    });

    const reads: [string, Action][] = [
      [`admin/servers/${MMH}`, 'servers.read'],
      [`servers/${MMH}/capabilities`, 'servers.read'],
      ['admin/inventories/INV-NEWS/servers', 'servers.read'],
      ['v2/admin/ifbServers', 'ifbServers.admin'],
    ];
    it.each(reads)('GET %s answers 403 exactly to the user types %s refuses', async (path, action) => {
      for (const type of USER_TYPES) {
        const answer = await call(server, path, { cookie: cookies.get(type)! });
        if (may([type], action)) expect(answer.status, `${type} ${answer.text}`).toBe(200);
        else {
          expect(answer.status, type).toBe(403);
          expect(answer.json.message).toBe(NOT_ALLOWED);
        }
      }
    });

    it('a server write is refused to every type without servers.admin, before the body is read', async () => {
      for (const type of USER_TYPES) {
        const answer = await call(server, `admin/servers/${MMH}`, { ...json('PUT', { maxChannels: 'x' }), cookie: cookies.get(type)! });
        if (may([type], 'servers.admin')) expect(answer.status, type).toBe(400);
        else expect(answer.status, type).toBe(403);
      }
    });
  });
});
