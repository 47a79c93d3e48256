/**
 * Video return against a started server (spec 001 §3, §4, §5, §7; spec 000 §7, §8): every call of
 * the area with its rules and refusals (texts word for word), the live states from the simulator,
 * the unit's video return with the five refusals, and the role matrix of the 14 user types.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { USER_TYPES } from '../../src/domain/roles/userTypes.ts';
import { may } from '../../src/domain/roles/permissions.ts';
import { seedDemoVideoReturn } from '../../src/server/demo.ts';
import { call, signIn, tempDir } from './server-harness.ts';
import { addUnit, GROUP, startUnitServer, type UnitTestServer } from './units-harness.ts';

const NOT_ALLOWED = 'You are not allowed to access this application.';
const q = `?crnt_vcg_uid=${GROUP}`;
const UNKNOWN = 'Unknown video return channel';

describe('video return channels and video return to units', () => {
  const tmp = tempDir();
  let server: UnitTestServer;
  let operator: string;
  let admin: string;
  beforeAll(async () => {
    server = await startUnitServer(join(tmp.dir, 'luc.db'), 30);
    await seedDemoVideoReturn(server.store, Date.now());
    operator = await signIn(server, 'luc_regular');
    admin = await signIn(server, 'luc_admin');
  });
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  it('lists the group’s channels by name with their live states (spec 001 §4), never the passphrase', async () => {
    const answer = await call(server, `v0/groups/${GROUP}/video-return-channels${q}`, { cookie: operator });
    expect(answer.status, answer.text).toBe(200);
    const rows = answer.json as { name: string; status: string; hasPassphrase: boolean; urlData: { kind: string; url: string }[]; uptime: number | null }[];
    expect(rows.map((r) => [r.name, r.status])).toEqual([
      ['Newsroom-Program-SDI', 'inputConnected'],
      ['Newsroom-Remote', 'offline'],
      ['Newsroom-Spare', 'idle'],
      ['Newsroom-Studio-SRT', 'inputConnected'],
    ]);
    expect(answer.text).not.toContain('passphrase"');
    expect(rows[3]?.urlData).toEqual([
      { kind: 'external', url: 'srt://203.0.113.11:9001' },
      { kind: 'internal', url: 'srt://10.0.1.11:9001' },
    ]);
    expect(rows[1]?.uptime).toBeNull();
    // Another group's list is refused for a caller outside it? every demo user is in every group: a made-up one is 403.
    const foreign = await call(server, `v0/groups/G-NOPE/video-return-channels`, { cookie: operator });
    expect(foreign.status).toBe(403);
  });

  it('refuses a configuration that breaks spec 001 §5, each message on its field', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ description: 'x'.repeat(33) }, { description: 'Must have at most 32 characters' }],
      [{ name: 'two words' }, { name: 'Should contain only letters, numbers, underscores and hyphens' }],
      [{ name: 'Newsroom-Spare' }, { name: 'Name is already taken. Please select a different name' }],
      [{ name: '' }, { name: 'This field is required' }],
      [{ destinationPort: 70000 }, { destinationPort: 'Must be 65535 or less' }],
      [{ destinationPort: 0 }, { destinationPort: 'Must be 1 or more' }],
      [{ passphrase: 'short' }, { passphrase: 'Must have at least 10 characters' }],
      [{ passphrase: 'p'.repeat(65) }, { passphrase: 'Must have at most 64 characters' }],
      [{ srtMode: 'caller', url: '' }, { url: 'This field is required' }],
      [{ srtMode: 'caller', url: 'http://example.org' }, { url: 'Use srt://host:port' }],
      [{ srtMode: null }, { srtMode: 'This field is required' }],
      [{ srtMode: 'listener', destinationPort: null }, { destinationPort: 'This field is required' }],
      [{ externalIp: '300.1.1.1' }, { externalIp: 'Invalid IP field' }],
    ];
    for (const [body, fields] of cases) {
      const answer = await call(server, `v0/video-return-channels/VRC-NEWS-1/update${q}`, { cookie: operator, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json.fields, JSON.stringify(body)).toEqual(fields);
      expect(answer.json.message).toBe(Object.values(fields)[0]);
    }
  });

  it('answers 404 "Unknown video return channel" for an unknown channel and for one the group does not hold', async () => {
    for (const id of ['VRC-NOPE', 'VRC-SPORTS-1']) {
      const update = await call(server, `v0/video-return-channels/${id}/update${q}`, { cookie: operator, body: { description: 'x' } });
      expect(update.status).toBe(404);
      expect(update.json.message).toBe(UNKNOWN);
      for (const path of ['capabilities', 'inputSources', 'ips']) {
        const read = await call(server, `v2/vrChannels/${id}/${path}${q}`, { cookie: operator });
        expect(read.status).toBe(404);
        expect(read.json.message).toBe(UNKNOWN);
      }
    }
  });

  it('configures an SRT caller input: connecting, then input connected on the simulator’s clock; capabilities, sources, ips', async () => {
    const set = await call(server, `v2/vrChannels/VRC-NEWS-3/inputSources${q}`, {
      cookie: operator,
      body: { inputType: 'srt', srtMode: 'caller', url: 'srt://198.51.100.7:7001', passphrase: 'secret-key-1234', destinationPort: '7001' },
    });
    expect(set.status, set.text).toBe(200);
    expect(set.json).toMatchObject({ status: 'connecting', inputType: 'srt', srtMode: 'caller', hasPassphrase: true, destinationPort: 7001, urlData: [{ kind: 'caller', url: 'srt://198.51.100.7:7001' }] });
    server.clock.advance(2_600);
    const after = await call(server, `v2/vrChannels/VRC-NEWS-3/inputSources${q}`, { cookie: operator });
    expect(after.json.current).toEqual({ inputType: 'srt', srtMode: 'caller', url: 'srt://198.51.100.7:7001', hasPassphrase: true, destinationPort: 7001 });
    expect(after.json.sources.map((s: { id: string }) => s.id)).toEqual(['disabled', 'sdi-1', 'srt-listener', 'srt-caller']);
    const list = await call(server, `v0/groups/${GROUP}/video-return-channels${q}`, { cookie: operator });
    const channel = (list.json as { uniqueId: string; status: string; inputStandard: string | null }[]).find((c) => c.uniqueId === 'VRC-NEWS-3');
    expect(channel?.status).toBe('inputConnected');
    expect(channel?.inputStandard).toMatch(/^(1080|720)[pi](50|60)$/);
    const caps = await call(server, `v2/vrChannels/VRC-NEWS-4/capabilities${q}`, { cookie: operator });
    expect(caps.json).toEqual({ uniqueId: 'VRC-NEWS-4', inputTypes: ['disabled'], srtModes: ['listener', 'caller'], passphraseLength: { min: 10, max: 64 }, portRange: { min: 1, max: 65535 }, maxReceivers: 8, hevc: true });
    const ips = await call(server, `v2/vrChannels/VRC-NEWS-1/ips${q}`, { cookie: operator });
    expect(ips.json).toMatchObject({ internalIp: '10.0.1.11', externalIp: '203.0.113.11' });
    // The passphrase stays when left out and goes with ''.
    const kept = await call(server, `v0/video-return-channels/VRC-NEWS-3/update${q}`, { cookie: operator, body: { description: 'Caller feed' } });
    expect(kept.json).toMatchObject({ description: 'Caller feed', hasPassphrase: true, status: 'inputConnected' });
    const cleared = await call(server, `v0/video-return-channels/VRC-NEWS-3/update${q}`, { cookie: operator, body: { passphrase: '', inputType: 'disabled' } });
    expect(cleared.json).toMatchObject({ hasPassphrase: false, srtMode: null, status: 'idle' });
  });

  it('starts video return on a unit only past the five refusals of spec 000 §8, then the unit receives the channel', async () => {
    const uid = await addUnit(server, 'UVRTEST1', '800');
    const smart = await addUnit(server, 'UVRSMART1', 'Smart');
    const start = (unit: string) => call(server, `v2/units/${unit}/vrChannels/stream${q}`, { cookie: operator, body: {} });
    const select = (unit: string, channelId: string | null) => call(server, `v2/units/${unit}/vrChannels/selected${q}`, { method: 'PUT', cookie: operator, body: { channelId } });

    const noLicence = await start(smart);
    expect([noLicence.status, noLicence.json.message]).toEqual([409, 'The unit has no video return licence.']);
    const none = await start(uid);
    expect([none.status, none.json.message]).toEqual([409, 'No video return channel is selected.']);
    const external = await select(uid, 'VRC-SPORTS-1');
    expect([external.status, external.json.fields]).toEqual([400, { channelId: 'The selected channel is an external channel.' }]);
    const ordinary = await select(uid, 'CH-NEWS-NATIONAL-OUTPUT');
    expect([ordinary.status, ordinary.json.message]).toEqual([404, UNKNOWN]);
    expect((await select(uid, 'VRC-NEWS-4')).status).toBe(200);
    const offline = await start(uid);
    expect([offline.status, offline.json.message]).toEqual([409, 'The video return channel is offline.']);
    expect((await select(uid, 'VRC-NEWS-3')).status).toBe(200);
    const noVideo = await start(uid);
    expect([noVideo.status, noVideo.json.message]).toEqual([409, 'The video return channel has no video.']);
    // A channel taken from the group after it was picked is external.
    expect((await select(uid, 'VRC-NEWS-2')).status).toBe(200);
    await server.store.groups.setVrChannel(GROUP, 'VRC-NEWS-2', false);
    const gone = await start(uid);
    expect([gone.status, gone.json.message]).toEqual([409, 'The selected channel is an external channel.']);
    await server.store.groups.setVrChannel(GROUP, 'VRC-NEWS-2', true);

    expect((await select(uid, 'VRC-NEWS-1')).status).toBe(200);
    const ok = await start(uid);
    expect(ok.status, ok.text).toBe(200);
    server.clock.advance(3_000);
    expect(server.fleet.unit(uid)?.applications.videoReturn?.state).toBe('collecting');
    const list = await call(server, `v0/groups/${GROUP}/video-return-channels${q}`, { cookie: operator });
    const channel = (list.json as { uniqueId: string; status: string; p2MPStreamingStatuses: unknown[] }[]).find((c) => c.uniqueId === 'VRC-NEWS-1');
    expect(channel?.status).toBe('collecting');
    expect(channel?.p2MPStreamingStatuses).toEqual([{ uid, name: 'Test-UVRTEST1', state: 'connected' }]);
    expect((await call(server, `v2/units/${uid}/vrChannels/stream${q}`, { method: 'DELETE', cookie: operator })).status).toBe(200);
    server.clock.advance(3_000);
  });

  it('lets a video-return viewer (no console role) list the group’s units and send a channel to one; a read-only user may not', async () => {
    const viewer = await signIn(server, 'luc_vr_viewer');
    const uid = await addUnit(server, 'UVRPORTAL1', '800');
    const units = await call(server, `v2/vrChannels/receivers${q}`, { cookie: viewer });
    expect(units.status, units.text).toBe(200);
    expect((units.json as { uid: string }[]).find((u) => u.uid === uid)).toEqual({ uid, name: 'Test-UVRPORTAL1', type: '800', online: true, licensed: true, selectedChannelId: null, receiving: null });
    expect((await call(server, `v2/units/${uid}/vrChannels/selected${q}`, { method: 'PUT', cookie: viewer, body: { channelId: 'VRC-NEWS-2' } })).status).toBe(200);
    expect((await call(server, `v2/units/${uid}/vrChannels/stream${q}`, { cookie: viewer, body: {} })).status).toBe(200);
    const receiving = await call(server, `v2/vrChannels/receivers${q}`, { cookie: viewer });
    expect((receiving.json as { uid: string; receiving: unknown }[]).find((u) => u.uid === uid)?.receiving).toEqual({ channelId: 'VRC-NEWS-2', state: 'connecting' });
    const reader = await signIn(server, 'luc_read');
    const refused = await call(server, `v2/units/${uid}/vrChannels/stream${q}`, { method: 'DELETE', cookie: reader });
    expect([refused.status, refused.json.message]).toEqual([403, NOT_ALLOWED]);
    expect((await call(server, `v2/units/${uid}/vrChannels/stream${q}`, { method: 'DELETE', cookie: viewer })).status).toBe(200);
  });

  it('administers channels: create (201) with groups, search, update server and serial, groups, inventories, delete refused while groups hold it', async () => {
    const created = await call(server, 'v2/admin/vrChannels', {
      cookie: admin,
      body: { name: 'Newsroom-Backup', inventoryId: 'INV-NEWS', serverId: 'VR-1', inputType: 'sdi', description: 'Backup', groupIds: ['G-NEWS-REGIONAL'] },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json.uniqueId as string;
    expect(created.json).toMatchObject({ name: 'Newsroom-Backup', inventoryName: 'Newsroom', serverName: 'VR-Newsroom-01', inputType: 'sdi' });
    const taken = await call(server, 'v2/admin/vrChannels', { cookie: admin, body: { name: 'Newsroom-Backup', inventoryId: 'INV-NEWS' } });
    expect([taken.status, taken.json.fields]).toEqual([400, { name: 'Name is already taken. Please select a different name' }]);
    const wrongServer = await call(server, 'v2/admin/vrChannels', { cookie: admin, body: { name: 'X1', inventoryId: 'INV-NEWS', serverId: 'MMH-1' } });
    expect([wrongServer.status, wrongServer.json.fields]).toEqual([400, { serverId: "Video return server 'MMH-1' not found in this inventory" }]);
    const search = await call(server, 'v2/admin/vrChannels?searchKey=name&searchValue=backup', { cookie: admin });
    expect(search.json.items.map((c: { name: string }) => c.name)).toEqual(['Newsroom-Backup']);
    const ofInventory = await call(server, 'v2/admin/inventories/INV-NEWS/vrChannels?sortBy=name&sortDir=desc', { cookie: admin });
    expect(ofInventory.json.items[0].name).toBe('Newsroom-Studio-SRT');
    expect((await call(server, 'v2/admin/inventories/INV-NEWS/vrServers', { cookie: admin })).json).toEqual([{ id: 'VR-1', name: 'VR-Newsroom-01' }]);
    const updated = await call(server, `v2/admin/vrChannels/${id}`, { method: 'PUT', cookie: admin, body: { serverId: null, serialNumber: 'SN-42' } });
    expect(updated.json).toMatchObject({ serverId: null, serialNumber: 'SN-42', status: 'offline' });
    expect((await call(server, `v2/admin/vrChannels/${id}/groups`, { cookie: admin })).json).toEqual({ total: 1, limit: 50, offset: 0, items: [{ id: 'G-NEWS-REGIONAL', name: 'News-Regional' }] });
    expect((await call(server, `v2/admin/vrChannels/${id}/inventories`, { cookie: admin })).json.items).toEqual([{ id: 'INV-NEWS', name: 'Newsroom' }]);
    const options = await call(server, `v2/admin/vrChannels/${id}/groups/ofInventories?searchValue=news`, { cookie: admin });
    expect(options.json.items).toEqual([
      { id: 'G-NEWS-NATIONAL', name: 'News-National', linked: false },
      { id: 'G-NEWS-REGIONAL', name: 'News-Regional', linked: true },
    ]);
    const held = await call(server, `v2/admin/vrChannels/${id}`, { method: 'DELETE', cookie: admin });
    expect([held.status, held.json.message]).toEqual([409, 'The video return channel is still given to 1 groups: take it from them first']);
    expect((await call(server, `v2/admin/groups/G-NEWS-REGIONAL/vrChannels/${id}`, { method: 'DELETE', cookie: admin, body: {} })).status).toBe(200);
    expect((await call(server, `v2/admin/vrChannels/${id}`, { method: 'DELETE', cookie: admin })).json).toEqual({ removed: 1 });
    expect((await call(server, `v2/admin/vrChannels/${id}`, { cookie: admin })).status).toBe(404);
  });

  it('answers each of the 14 user types as the permissions table says (read, configure, administer)', async () => {
    const failures: string[] = [];
    for (const type of USER_TYPES) {
      const cookie = await signIn(server, type);
      const probes = [
        { action: 'videoReturn.read', answer: await call(server, `v0/groups/${GROUP}/video-return-channels${q}`, { cookie }) },
        { action: 'videoReturn.configure', answer: await call(server, `v0/video-return-channels/VRC-NEWS-2/update${q}`, { cookie, body: { description: `by ${type}`.slice(0, 32) } }) },
        { action: 'videoReturn.admin', answer: await call(server, 'v2/admin/vrChannels', { cookie }) },
      ] as const;
      for (const { action, answer } of probes) {
        const allowed = may([type], action);
        const ok = allowed ? answer.status === 200 : answer.status === 403 && answer.json?.message === NOT_ALLOWED;
        if (!ok) failures.push(`${type} ${action}: ${answer.status} ${answer.json?.message ?? ''}`);
      }
    }
    expect(failures).toEqual([]);
    // The portal's viewer reads and operates, but does not configure or administer.
    expect(may(['luc_vr_viewer'], 'videoReturn.read')).toBe(true);
    expect(may(['luc_vr_viewer'], 'videoReturn.configure')).toBe(false);
    expect(may(['luc_read'], 'videoReturn.configure')).toBe(false);
  });
});
