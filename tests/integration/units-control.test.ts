import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { call, signIn, tempDir } from './server-harness.ts';
import { addForeignUnit, addUnit, GROUP, idleUnit, listen, startUnitServer, status, until, type UnitTestServer } from './units-harness.ts';

const ACCESS_REFUSED = 'You are not allowed to access this application.';
const q = `?crnt_vcg_uid=${GROUP}`;

describe('unit streaming, commands and control (spec 000 §7) against a started server', () => {
  const tmp = tempDir();
  let server: UnitTestServer;
  let operator: string;
  let reader: string;
  const used = new Set<string>();
  beforeAll(async () => {
    server = await startUnitServer(join(tmp.dir, 'luc.db'));
    operator = await signIn(server, 'luc_regular');
    reader = await signIn(server, 'luc_read');
  });
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  it('starts a stream: the unit goes connecting, then streaming; then stops (REST status)', async () => {
    const uid = await idleUnit(server, { exclude: used });
    const start = await call(server, `v2/units/${uid}/stream${q}`, { method: 'POST', cookie: operator });
    expect(start.status, start.text).toBe(200);
    expect(start.json).toMatchObject({ uid, accepted: true });
    const connecting = await call(server, `v2/admin/units/${uid}/status${q}`, { cookie: operator });
    expect(connecting.json.video.state).toBe('connecting');
    server.clock.advance(5_000);
    expect(await status(server, operator, uid)).toBe('streaming');
    const stop = await call(server, `devices/${uid}/commands/LuSetStopStreaming${q}`, { cookie: operator, body: {} });
    expect(stop.status, stop.text).toBe(200);
    server.clock.advance(2_000);
    expect(await status(server, operator, uid)).toBe('idle');
  });

  it('pushes the stream phases as unit.status events over the websocket', async () => {
    const uid = await idleUnit(server, { exclude: used });
    const socket = await listen(server, operator, [`unit:${uid}`]);
    expect((await call(server, `v2/units/${uid}/stream${q}`, { cookie: operator, body: {} })).status).toBe(200);
    server.clock.advance(5_000);
    await until(() => socket.events.filter((e) => e.kind === 'unit.status' && e.id === uid).length >= 2);
    const videoStates = socket.events.filter((e) => e.kind === 'unit.status').map((e) => (e.data as { video: { state: string } }).video.state);
    expect(videoStates.slice(0, 2)).toEqual(['connecting', 'streaming']);
    socket.close();
  });

  it('refuses every change to a read-only user with the access message', async () => {
    const uid = await idleUnit(server, { exclude: used });
    const calls: [string, string, unknown][] = [
      ['POST', `v2/units/${uid}/stream`, {}],
      ['PUT', `v2/units/${uid}/delay`, { delay: 2000 }],
      ['POST', `devices/${uid}/commands/LuReboot`, {}],
      ['PUT', `units/${uid}/network/capping`, { total: { kind: 'disabled' }, cellular: { kind: 'disabled' } }],
      ['PUT', `v2/units/${uid}`, { comment: 'x' }],
      ['POST', `v2/units/${uid}/storages/files/deletion`, { paths: ['/sd/x.mp4'] }],
    ];
    for (const [method, path, body] of calls) {
      const result = await call(server, `${path}${q}`, { method, cookie: reader, body });
      expect(result.status, path).toBe(403);
      expect(result.json.message).toBe(ACCESS_REFUSED);
    }
    expect((await call(server, `v2/admin/units/${uid}/status${q}`, { cookie: reader })).status).toBe(200);
  });

  it('answers 404 for a unit of another group, with no data', async () => {
    const foreign = await addForeignUnit(server);
    for (const [method, path] of [
      ['GET', `v2/admin/units/${foreign}/status`],
      ['POST', `v2/units/${foreign}/stream`],
      ['POST', `devices/${foreign}/commands/LuReboot`],
      ['PUT', `v2/units/${foreign}/delay`],
    ] as const) {
      const result = await call(server, `${path}${q}`, { method, cookie: operator, ...(method === 'GET' ? {} : { body: { delay: 2000 } }) });
      expect(result.status, path).toBe(404);
      expect(result.text).not.toContain('Foreign-');
    }
  });

  it.each([
    [399, 'Must be 1000 or more'],
    [999, 'Must be 1000 or more'],
    [20_001, 'Must be 20000 or less'],
  ])('refuses a delay of %i ms with "%s"', async (delay, message) => {
    const uid = await idleUnit(server, { exclude: used, types: ['800', '810', '600', '610', '710', '500', '400'] });
    const result = await call(server, `v2/units/${uid}/delay${q}`, { method: 'PUT', cookie: operator, body: { delay } });
    expect(result.status).toBe(400);
    expect(result.json).toEqual({ error: 'Bad Request', message, fields: { delay: message } });
  });

  it('sets a delay of 1000 ms and 20000 ms (the normal bounds) and publishes it as unit.config', async () => {
    const uid = await idleUnit(server, { exclude: used, types: ['800', '810', '600', '610', '710', '500', '400'] });
    for (const delay of [1000, 20_000]) {
      const result = await call(server, `v2/units/${uid}/delay${q}`, { method: 'PUT', cookie: operator, body: { delay } });
      expect(result.status, result.text).toBe(200);
      server.clock.advance(1_000);
      expect(server.fleet.unit(uid)?.delay).toBe(delay);
    }
    const viaCommand = await call(server, `devices/${uid}/commands/LuSetDelay${q}`, { cookie: operator, body: { delay: 999 } });
    expect(viaCommand.json.message).toBe('Must be 1000 or more');
  });

  it('refuses capping with cellular above total, and on a busy unit', async () => {
    const uid = await idleUnit(server, { exclude: used });
    const above = await call(server, `units/${uid}/network/capping${q}`, {
      method: 'PUT',
      cookie: operator,
      body: { total: { kind: 'preset', mbps: 3.6 }, cellular: { kind: 'preset', mbps: 4.2 } },
    });
    expect(above.status).toBe(400);
    expect(above.json.message).toBe('Max Cellular Capping cannot be higher than Max Total Capping');
    const equal = await call(server, `units/${uid}/network/capping${q}`, {
      method: 'PUT',
      cookie: operator,
      body: { total: { kind: 'preset', mbps: 4.2 }, cellular: { kind: 'custom', mbps: 4.2 } },
    });
    expect(equal.status, equal.text).toBe(200);
    expect(equal.json.capping).toMatchObject({ totalKbps: 4200, cellularKbps: 4200 });
    await call(server, `v2/units/${uid}/stream${q}`, { cookie: operator, body: {} });
    const busy = await call(server, `units/${uid}/network/capping${q}`, {
      method: 'PUT',
      cookie: operator,
      body: { total: { kind: 'disabled' }, cellular: { kind: 'disabled' } },
    });
    expect(busy.status).toBe(409);
    expect(busy.json.message).toBe('Capping cannot be configured while the unit is busy');
  });

  it('sends logs from an idle unit (connecting, collecting, stopping) and refuses a busy one with "Selected channel is busy"', async () => {
    const uid = await idleUnit(server, { exclude: used });
    const ok = await call(server, `v2/units/${uid}/fetchlogs/enhanced${q}`, { method: 'PUT', cookie: operator, body: {} });
    expect(ok.status, ok.text).toBe(200);
    expect(await status(server, operator, uid)).toBe('fetchlogs');
    const again = await call(server, `v2/units/${uid}/fetchlogs/enhanced${q}`, { method: 'PUT', cookie: operator, body: {} });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('Selected channel is busy');
    expect((await call(server, `v2/units/${uid}/stream/fetchlogs${q}`, { method: 'DELETE', cookie: operator })).status).toBe(200);
    server.clock.advance(2_000);
    expect(await status(server, operator, uid)).toBe('idle');
    const support = await call(server, `v2/units/${uid}/fetchlogs/enhanced${q}`, { method: 'PUT', cookie: operator, body: { openSupportCase: true, description: ' ' } });
    expect(support.status).toBe(400);
    expect(support.json.fields).toEqual({ description: 'This field is required' });
  });

  it('runs a speed test on a 7.5.1+ channel (query timeout=10) and refuses an older channel', async () => {
    const uid = await idleUnit(server, { exclude: used });
    const live = server.fleet.unit(uid);
    expect(live?.channelId).not.toBeNull();
    const ok = await call(server, `devices/${uid}/commands/LuSpeedTest${q}&timeout=10`, { cookie: operator, body: {} });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.timeout).toBe(10);
    expect(await status(server, operator, uid)).toBe('speedtest');
    server.clock.advance(10_000);
    expect(await status(server, operator, uid)).toBe('idle');

    await server.store.servers.insert({ id: 'MMH-OLD', name: 'MMH-Old', type: 'mmh', serial: 'S', swVersion: '7.5.0', alias: '', inventoryId: 'INV-NEWS', maxChannels: 8, cloudRegion: '', config: {}, createdAt: 0 });
    await server.store.channels.insert({ id: 'CH-OLD', name: 'Old-Preview', type: 'preview', serverId: 'MMH-OLD', groupId: GROUP, inventoryId: 'INV-NEWS', config: {}, createdAt: 0 });
    const set = await call(server, `devices/${uid}/commands/LuSetVirtualChannel${q}`, { cookie: operator, body: { virtualChannelName: 'Old-Preview' } });
    expect(set.status, set.text).toBe(200);
    server.clock.advance(1_000);
    const old = await call(server, `devices/${uid}/commands/LuSpeedTest${q}&timeout=10`, { cookie: operator, body: {} });
    expect(old.status).toBe(409);
    expect(old.json.message).toBe('Speed test needs a channel on version 7.5.1 or higher');
    expect((await call(server, `devices/${uid}/commands/LuSpeedTest${q}&timeout=11`, { cookie: operator, body: {} })).status).toBe(400);
  });

  it('reboots a unit: offline, then online', async () => {
    const uid = await idleUnit(server, { exclude: used });
    expect((await call(server, `devices/${uid}/commands/LuReboot${q}`, { cookie: operator, body: {} })).status).toBe(200);
    server.clock.advance(1_000);
    expect(await status(server, operator, uid)).toBe('offline');
    server.clock.advance(41_000);
    expect(await status(server, operator, uid)).toBe('idle');
  });

  it('refuses an unknown command and a virtual-channel retry above 7', async () => {
    const uid = await idleUnit(server, { exclude: used });
    expect((await call(server, `devices/${uid}/commands/LuDoesNotExist${q}`, { cookie: operator, body: {} })).status).toBe(400);
    expect((await call(server, `devices_retry/${uid}/commands/LuSetVirtualChannel/8${q}`, { cookie: operator, body: { virtualChannelName: 'News-National-Preview' } })).status).toBe(400);
    const retry = await call(server, `devices_retry/${uid}/commands/LuSetVirtualChannel/7${q}`, { cookie: operator, body: { virtualChannelName: 'News-National-Preview' } });
    expect(retry.status, retry.text).toBe(200);
    expect(retry.json).toMatchObject({ retry: 7, channelId: 'CH-NEWS-NATIONAL-PREVIEW' });
  });

  it('stores metadata through LuSetMetadata and refuses a semicolon with the domain message', async () => {
    const uid = await idleUnit(server, { exclude: used });
    const bad = await call(server, `devices/${uid}/commands/LuSetMetadata${q}`, { cookie: operator, body: { metadata: { slug: 'a;b' } } });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ message: 'Must not contain a semicolon (;) or a backslash (\\)', fields: { slug: 'Must not contain a semicolon (;) or a backslash (\\)' } });
    expect((await call(server, `devices/${uid}/commands/LuSetMetadata${q}`, { cookie: operator, body: { metadata: { slug: 'ok' } } })).status).toBe(200);
    expect((await server.store.units.get(uid))?.metadata).toEqual({ slug: 'ok' });
    const config = await call(server, `devices/${uid}/commands/LuGetConfiguration${q}`, { cookie: operator, body: {} });
    expect(config.json.storeAndForwardVideoQualityV2).toHaveProperty('h264');
  });

  it('connects and disconnects the IP pipe (connecting, then connected)', async () => {
    const uid = await idleUnit(server, { exclude: used });
    const bad = await call(server, `v2/units/${uid}/ippipe${q}`, { method: 'PUT', cookie: operator, body: { port: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Must be 1 or more');
    expect((await call(server, `v2/units/${uid}/ippipe${q}`, { method: 'PUT', cookie: operator, body: { destination: '10.0.0.1', port: 5000 } })).status).toBe(200);
    expect((await call(server, `v2/units/${uid}/ippipe/connection${q}`, { cookie: operator, body: {} })).status).toBe(200);
    expect(server.fleet.unit(uid)?.applications.l2ControlPipe?.state).toBe('connecting');
    server.clock.advance(3_000);
    expect(server.fleet.unit(uid)?.applications.l2ControlPipe?.state).toBe('connected');
    expect((await call(server, `v2/units/${uid}/ippipe/connection${q}`, { method: 'DELETE', cookie: operator })).status).toBe(200);
    expect(server.fleet.unit(uid)?.applications.l2ControlPipe).toBeUndefined();
  });

  it('opens an intercom session (connecting, then connected) and closes it', async () => {
    const uid = await idleUnit(server, { exclude: used });
    const open = await call(server, `v2/units/${uid}/intercom/session/1${q}`, { cookie: operator, body: { mode: 'audioRoom', destinationAccount: 'room-1' } });
    expect(open.status, open.text).toBe(200);
    expect(server.fleet.unit(uid)?.intercom.intercom1?.state).toBe('connecting');
    server.clock.advance(3_000);
    expect(server.fleet.unit(uid)?.intercom.intercom1?.state).toBe('connected');
    expect((await call(server, `v2/units/${uid}/intercom/session/3${q}`, { cookie: operator, body: { mode: 'audioRoom', destinationAccount: 'x' } })).status).toBe(404);
    expect((await call(server, `v2/units/${uid}/intercom/session/1${q}`, { method: 'DELETE', cookie: operator })).status).toBe(200);
    expect(server.fleet.unit(uid)?.intercom.intercom1).toBeUndefined();
  });

  it('starts and stops the databridge (transparent_bridge)', async () => {
    const uid = await idleUnit(server, { exclude: used });
    expect((await call(server, `v2/units/${uid}/stream/databridge${q}`, { cookie: operator, body: {} })).status).toBe(200);
    server.clock.advance(3_000);
    expect(await status(server, operator, uid)).toBe('transparent_bridge');
    expect((await call(server, `v2/units/${uid}/stream/databridge${q}`, { method: 'DELETE', cookie: operator })).status).toBe(200);
    expect(await status(server, operator, uid)).toBe('idle');
  });

  // Video return on a unit (select, start with spec 000 §8's refusals, stop): tests/integration/video-return.test.ts.

  it('streams to a social provider (social.status UNPUBLISHED, then LIVE) and refuses a second stream to it', async () => {
    const uid = await addUnit(server, 'USOCIAL1', '800', '8.0.0');
    const socket = await listen(server, operator, [`unit:${uid}`]);
    expect((await call(server, `v0/units/${uid}/stream/social_media${q}`, { cookie: operator, body: { provider: 'youtube' } })).status).toBe(200);
    const twice = await call(server, `v0/units/${uid}/stream/social_media${q}`, { cookie: operator, body: { provider: 'youtube' } });
    expect(twice.status).toBe(409);
    expect(twice.json.message).toBe('The unit is already streaming to this provider.');
    server.clock.advance(3_000);
    await until(() => socket.events.filter((e) => e.kind === 'social.status').length >= 2);
    expect(socket.events.filter((e) => e.kind === 'social.status').map((e) => (e.data as { status: string }).status)).toEqual(['UNPUBLISHED', 'LIVE']);
    const list = await call(server, `v0/groups/${GROUP}/units/stream/social_media/status${q}`, { cookie: operator });
    expect(list.json).toContainEqual({ uid, providers: ['youtube'] });
    expect((await call(server, `v0/units/${uid}/stream/social_media${q}&provider=youtube`, { method: 'DELETE', cookie: operator })).status).toBe(200);
    expect((await call(server, `v0/units/${uid}/stream/cdn${q}`, { cookie: operator, body: { streamUrl: 'rtmp://cdn.example/live' } })).status).toBe(200);
    expect((await call(server, `v0/units/${uid}/stream/cdn${q}`, { method: 'DELETE', cookie: operator })).status).toBe(200);
    socket.close();
    const old = await addUnit(server, 'UFBOLD1', '800', '6.2.0');
    const facebook = await call(server, `v0/units/${old}/stream/social_media${q}`, { cookie: operator, body: { provider: 'facebook' } });
    expect(facebook.status).toBe(409);
    expect(facebook.json.message).toBe('Streaming to Facebook needs unit version 6.2.1 or higher');
  });

  it('refuses made-up references in the stored databridge and video return settings, naming the field (issue 16 item 3)', async () => {
    const uid = await idleUnit(server, { exclude: used });
    const gateway = await call(server, `v2/units/${uid}/databridge${q}`, { method: 'PUT', cookie: operator, body: { gatewayId: 'GW-MADE-UP' } });
    expect(gateway.status).toBe(400);
    expect(Object.keys(gateway.json.fields ?? {})).toEqual(['gatewayId']);
    const channel = await call(server, `v2/units/${uid}/videoreturn${q}`, { method: 'PUT', cookie: operator, body: { channelId: 'VRC-MADE-UP' } });
    expect(channel.status).toBe(404); // as vrChannels/selected answers an unknown channel
    expect(channel.json.message).toBe('Unknown video return channel');
    const stored = await call(server, `v2/units/${uid}/dbgateway/selected${q}`, { cookie: operator });
    expect(stored.json.gatewayId).toBeNull();
    // Without a reference the settings still save.
    expect((await call(server, `v2/units/${uid}/databridge${q}`, { method: 'PUT', cookie: operator, body: { enabled: true } })).status).toBe(200);
  });
});
