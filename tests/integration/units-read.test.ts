import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { call, signIn, tempDir } from './server-harness.ts';
import { PACKED_SNAPSHOT_TYPE } from '../../src/protocol/packedSnapshot.ts';
import { unpackSnapshot } from '../../workers/sources/packedSnapshot.ts';
import { COLUMNS_SNAPSHOT_TYPE } from '../../src/protocol/columnsSnapshot.ts';
import { readColumnsAnswer } from '../../workers/pipeline/columnsAnswer.ts';
import { decodeColumnView } from '../../workers/pipeline/snapshotColumns.ts';
import { textValues } from '../../workers/pipeline/textColumn.ts';
import { addForeignUnit, GROUP, idleUnit, startUnitServer, type UnitTestServer } from './units-harness.ts';

const q = `?crnt_vcg_uid=${GROUP}`;

/** Every call of spec 000 §7 (method, path relative to the REST prefix, in OpenAPI form). */
const SPEC_000_CALLS: readonly [string, string][] = [
  // Units
  ['get', '/v2/admin/units/{id}/status'],
  ['get', '/devices/fetch'],
  ['get', '/v2/admin/inventories/{inv}/units'],
  ['get', '/v2/admin/units'],
  ['get', '/devices/fetch_by_id/{id}'],
  ['get', '/devices/{id}/location'],
  ['get', '/devices/{id}/modems'],
  ['get', '/devices/fetch_coords'],
  ['get', '/v2/units/{id}/capabilities'],
  ['get', '/v2/units/enhanced/{id}'],
  ['get', '/v2/units/{id}'],
  ['put', '/v2/units/{id}'],
  ['post', '/devices/update'],
  ['get', '/v2/devices/{id}/targetversion'],
  ['get', '/v2/internal/inventory-unit-details'],
  ['put', '/v2/internal/inventory-unit-details'],
  ['get', '/v2/units/{id}/services'],
  ['post', '/v2/units/{id}/services'],
  ['delete', '/v2/units/{id}/services/{svc}'],
  // Commands
  ['post', '/devices/{id}/commands/{command}'],
  ['post', '/devices_retry/{id}/commands/LuSetVirtualChannel/{retry}'],
  // Streaming and control
  ['put', '/v2/units/{id}/delay'],
  ['post', '/v2/units/{id}/stream'],
  ['put', '/v2/units/{id}/databridge'],
  ['put', '/v2/units/{id}/videoreturn'],
  ['get', '/v2/units/{id}/interfaces/modem/{port}/config'],
  ['put', '/v2/units/{id}/interfaces/modem/{port}/config'],
  ['put', '/v2/units/{id}/interfaces/config'],
  ['put', '/v0/units/{id}/storeandforward_quality'],
  ['put', '/units/{id}/network/capping'],
  // Settings
  ['get', '/settingsConfiguration/fetch'],
  ['post', '/settingsConfiguration/add'],
  ['get', '/v0/groups/units/settings'],
  // Storage and logs
  ['get', '/v2/units/{id}/storages'],
  ['get', '/v2/units/{id}/storages/files'],
  ['post', '/v2/units/{id}/storages/files/upload'],
  ['post', '/v2/units/{id}/storages/files/deletion'],
  ['put', '/v2/units/{id}/fetchlogs/enhanced'],
  ['delete', '/v2/units/{id}/stream/fetchlogs'],
  // Pairing
  ['delete', '/v2/units/{id}/pairing'],
  ['get', '/v2/units/{id}/settings/pairingCode'],
  ['put', '/v2/units/{id}/settings/pairingCode'],
  ['post', '/v2/units/{id}/settings/pairingCode'],
  // Social media and CDN
  ['post', '/v0/units/{id}/stream/social_media'],
  ['delete', '/v0/units/{id}/stream/social_media'],
  ['post', '/v0/units/{id}/stream/cdn'],
  ['delete', '/v0/units/{id}/stream/cdn'],
  ['get', '/v0/groups/{gid}/units/stream/social_media/status'],
  // Video return
  ['put', '/v2/units/{id}/vrChannels/selected'],
  ['post', '/v2/units/{id}/vrChannels/stream'],
  ['delete', '/v2/units/{id}/vrChannels/stream'],
  // Inventory and group links
  ['put', '/v2/admin/inventories/{inv}/units/{id}'],
  ['delete', '/v2/admin/inventories/{inv}/units/{id}'],
  ['get', '/v2/admin/units/{id}/inventories'],
  ['get', '/v2/admin/units/{id}/groups'],
  ['get', '/v2/admin/units/{id}/groups/ofInventories'],
  ['put', '/v2/admin/groups/{gid}/units/{id}'],
  ['delete', '/v2/admin/groups/{gid}/units/{id}'],
  ['delete', '/groups/{gid}/adhoc/units/{id}'],
  // Administration
  ['post', '/v2/admin/units'],
  ['get', '/v2/admin/units/{id}'],
  ['put', '/v2/admin/units/{id}'],
  ['delete', '/v2/admin/units/{id}'],
  ['get', '/v2/admin/units/{id}/sipAccount'],
  ['get', '/v2/units/{id}/sipAccount'],
  ['get', '/v2/admin/smartunit/{id}'],
  ['put', '/v2/admin/smartunit/{id}'],
  ['get', '/v2/admin/units/{id}/services'],
  ['put', '/v2/admin/units/{id}/targetSwVersion/{v}'],
  ['get', '/v2/admin/applications'],
  ['post', '/v2/admin/units/{id}/deregistration'],
  // IP pipe
  ['post', '/v2/units/{id}/ippipe/connection'],
  ['delete', '/v2/units/{id}/ippipe/connection'],
  ['put', '/v2/units/{id}/ippipe'],
  // Multi camera and switcher
  ['put', '/v2/units/{id}/multiplecamera'],
  ['put', '/v2/units/{id}/multiplecamera/channel'],
  ['put', '/v2/units/{id}/multiplecamera/mode'],
  ['post', '/v2/units/{id}/stream/multiplecamera'],
  ['delete', '/v2/units/{id}/stream/multiplecamera'],
  ['put', '/v2/units/{id}/singlecamera'],
  ['put', '/v2/units/{id}/operationalMode'],
  ['put', '/v2/units/{id}/switchermode'],
  ['put', '/v2/units/{id}/highqualitychannel'],
  ['put', '/v2/units/{id}/proxychannel'],
  ['put', '/v2/units/{id}/sdiinput'],
  ['post', '/v2/units/{id}/stream/switchermode'],
  ['delete', '/v2/units/{id}/stream/switchermode'],
  // Alerts
  ['get', '/v2/units/{id}/alerts/configuration'],
  ['put', '/v2/units/{id}/alerts/configuration'],
  ['get', '/v2/units/{id}/alerts/possibleconfiguration'],
  ['get', '/v2/alerts/active'],
  // Bandwidth (and admin variants)
  ['get', '/v2/units/{id}/bwLimitation/cellular'],
  ['put', '/v2/units/{id}/bwLimitation/cellular'],
  ['get', '/v2/units/{id}/bwLimitation/total'],
  ['put', '/v2/units/{id}/bwLimitation/total'],
  ['get', '/v2/admin/units/{id}/bwLimitation/cellular'],
  ['put', '/v2/admin/units/{id}/bwLimitation/cellular'],
  ['get', '/v2/admin/units/{id}/bwLimitation/total'],
  ['put', '/v2/admin/units/{id}/bwLimitation/total'],
  // Intercom
  ['post', '/v2/units/{id}/intercom/session/{session}'],
  ['delete', '/v2/units/{id}/intercom/session/{session}'],
  ['put', '/v2/units/{id}/intercom'],
  ['put', '/v2/units/{id}/intercom/audiojacks'],
  // Databridge
  ['get', '/v2/units/{id}/dbgateway/selected'],
  ['get', '/v2/admin/units/{id}/dbgateway'],
  ['get', '/v2/admin/units/{id}/dbgateway/selected'],
  ['put', '/v2/admin/units/{id}/dbgateway/selected'],
  ['post', '/v2/units/{id}/stream/databridge'],
  ['delete', '/v2/units/{id}/stream/databridge'],
];

describe('unit reads and listings (spec 000 §7 "Units") against a started server', () => {
  const tmp = tempDir();
  let server: UnitTestServer;
  let regular: string;
  let admin: string;
  let paths: Record<string, Record<string, unknown>>;
  beforeAll(async () => {
    server = await startUnitServer(join(tmp.dir, 'luc.db'));
    regular = await signIn(server, 'luc_regular');
    admin = await signIn(server, 'luc_admin');
    paths = (await call(server, 'openapi.json', { appId: null })).json.paths;
  });
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  it.each(SPEC_000_CALLS)('the OpenAPI document lists %s %s', (method, path) => {
    const prefixed = `/luc/luc-core-web/rest${path}`;
    expect(paths[prefixed], prefixed).toBeDefined();
    expect(paths[prefixed]?.[method], `${method} ${prefixed}`).toBeDefined();
  });

  it('documents the schemas of a call: query crnt_vcg_uid, body and response', () => {
    const put = paths['/luc/luc-core-web/rest/v2/units/{id}/delay']?.['put'] as Record<string, any>;
    expect(put.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['id', 'crnt_vcg_uid']));
    expect(put.requestBody.content['application/json'].schema.required).toEqual(['delay']);
    const fetch = paths['/luc/luc-core-web/rest/devices/fetch']?.['get'] as Record<string, any>;
    expect(fetch.responses['200'].content['application/json'].schema.required).toEqual(['watermark', 'units', 'channels', 'servers']);
  });

  it('lists the caller’s units 50 at a time by default, sorted by name, with the total', async () => {
    const result = await call(server, `v2/admin/units${q}`, { cookie: regular });
    expect(result.status, result.text).toBe(200);
    expect(result.json.limit).toBe(50);
    expect(result.json.offset).toBe(0);
    expect(result.json.total).toBe(200);
    expect(result.json.units).toHaveLength(50);
    const names = result.json.units.map((u: { name: string }) => u.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(result.json.units[0]).toHaveProperty('status');
  });

  it('pages with offset and limit, sorts descending, and searches by name (default key) and by type', async () => {
    const first = await call(server, `v2/admin/units${q}&limit=10&offset=0&sortBy=name&sortDir=desc`, { cookie: regular });
    const second = await call(server, `v2/admin/units${q}&limit=10&offset=10&sort=name,desc`, { cookie: regular });
    const firstIds = first.json.units.map((u: { uid: string }) => u.uid);
    const secondIds = second.json.units.map((u: { uid: string }) => u.uid);
    expect(firstIds.filter((id: string) => secondIds.includes(id))).toEqual([]);
    const anyName = first.json.units[0].name as string;
    const byName = await call(server, `v2/admin/units${q}&searchValue=${encodeURIComponent(anyName)}`, { cookie: regular });
    expect(byName.json.units.map((u: { name: string }) => u.name)).toContain(anyName);
    const byType = await call(server, `v2/admin/units${q}&searchKey=type&searchValue=800&limit=500`, { cookie: regular });
    expect(byType.json.units.every((u: { type: string }) => u.type.includes('800'))).toBe(true);
    expect((await call(server, `v2/admin/units${q}&limit=0`, { cookie: regular })).status).toBe(400);
    expect((await call(server, `v2/admin/units${q}&searchKey=password`, { cookie: regular })).status).toBe(400);
    // a LIKE wildcard is searched literally
    expect((await call(server, `v2/admin/units${q}&searchValue=%25`, { cookie: regular })).json.total).toBe(0);
  });

  it('lists an inventory’s units and answers 404 for an inventory of no group of the caller', async () => {
    const result = await call(server, `v2/admin/inventories/INV-NEWS/units${q}&limit=5`, { cookie: regular });
    expect(result.status).toBe(200);
    expect(result.json.units.every((u: { inventoryId: string }) => u.inventoryId === 'INV-NEWS')).toBe(true);
    expect((await call(server, `v2/admin/inventories/INV-NOPE/units${q}`, { cookie: regular })).status).toBe(404);
    expect((await call(server, `v2/admin/units${q}`, { cookie: await signIn(server, 'luc_vr_viewer') })).status).toBe(403);
  });

  it('answers devices/fetch with the group’s units, their revs and a watermark taken before the read', async () => {
    const before = server.bus.lastSeq();
    const result = await call(server, `devices/fetch${q}`, { cookie: regular });
    expect(result.status, result.text).toBe(200);
    expect(result.json.watermark).toBeGreaterThanOrEqual(before);
    expect(result.json.units.length).toBe((await server.store.units.listByGroup(GROUP, 1000, 0)).total);
    const entry = result.json.units[0];
    expect(entry.rev).toBe(server.bus.revOf(entry.unit.uid));
    expect(entry.unit.status).toHaveProperty('applications');
    expect(result.json.channels.map((c: { id: string }) => c.id)).toContain('CH-NEWS-NATIONAL-PREVIEW');
    expect(result.json.channels[0].status).toHaveProperty('status');
    // names (and the channel server's version) for the unit page's channel select and the list's channel column
    for (const channel of result.json.channels as { id: string; name: string; version?: string }[]) {
      expect(channel.name).toBe((await server.store.channels.get(channel.id))?.name);
    }
    expect((await call(server, 'devices/fetch', { cookie: regular })).status).toBe(400);
    expect((await call(server, 'devices/fetch?crnt_vcg_uid=G-FOREIGN', { cookie: regular })).status).toBe(403);
  });

  it('answers devices/fetch packed when asked by Accept (the console worker), with the same units as the JSON form', async () => {
    const json = await call(server, `devices/fetch${q}`, { cookie: regular });
    const response = await fetch(`${server.url}/luc/luc-core-web/rest/devices/fetch${q}`, {
      headers: { accept: `${PACKED_SNAPSHOT_TYPE}, application/json;q=0.5`, 'application-id': 'luc-console', cookie: regular },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain(PACKED_SNAPSHOT_TYPE);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.byteLength).toBeLessThan(json.text.length / 2);
    const unpacked = unpackSnapshot(bytes);
    if (!unpacked.ok) throw new Error(unpacked.error);
    const packed = unpacked.value as typeof json.json;
    // Live statuses move between the two reads; who is in the group, with what identity, does not.
    const identity = (body: { units: { unit: { uid: string; name: string; serial?: string } }[] }) => body.units.map(({ unit }) => [unit.uid, unit.name, unit.serial]);
    expect(identity(packed)).toEqual(identity(json.json));
    expect(packed.channels.map((c: { id: string }) => c.id)).toEqual(json.json.channels.map((c: { id: string }) => c.id));
    // The same refusals as the JSON form.
    const foreign = await fetch(`${server.url}/luc/luc-core-web/rest/devices/fetch?crnt_vcg_uid=G-FOREIGN`, { headers: { accept: PACKED_SNAPSHOT_TYPE, 'application-id': 'luc-console', cookie: regular } });
    expect(foreign.status).toBe(403);
  });

  it('answers devices/fetch as columns then packed when the console worker asks, the same units as the JSON form; the same refusals', async () => {
    const json = await call(server, `devices/fetch${q}`, { cookie: regular });
    const response = await fetch(`${server.url}/luc/luc-core-web/rest/devices/fetch${q}`, {
      headers: { accept: `${COLUMNS_SNAPSHOT_TYPE}, ${PACKED_SNAPSHOT_TYPE};q=0.9, application/json;q=0.5`, 'application-id': 'luc-console', cookie: regular },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain(COLUMNS_SNAPSHOT_TYPE);
    const read = readColumnsAnswer(new Uint8Array(await response.arrayBuffer()));
    if (!read.ok) throw new Error(read.error);
    const { columns, packed } = read.value;
    const unpacked = unpackSnapshot(packed);
    if (!unpacked.ok) throw new Error(unpacked.error);
    const body = unpacked.value as typeof json.json;
    const identity = (units: { unit: { uid: string; name: string } }[]) => units.map(({ unit }) => [unit.uid, unit.name]);
    expect(identity(body.units)).toEqual(identity(json.json.units));
    // The columns are the packed part's units, each view named and numbered as its unit.
    expect(textValues(columns.ids)).toEqual(body.units.map(({ unit }: { unit: { uid: string } }) => unit.uid));
    expect(textValues(columns.names)).toEqual(body.units.map(({ unit }: { unit: { name: string } }) => unit.name));
    body.units.forEach((entry: { rev: number; unit: { uid: string } }, index: number) => expect(decodeColumnView(columns, index)).toMatchObject({ id: entry.unit.uid, rev: entry.rev }));
    expect(read.value.watermark).toBe(body.watermark);
    // Another client's Accept is answered as before.
    const plain = await fetch(`${server.url}/luc/luc-core-web/rest/devices/fetch${q}`, { headers: { accept: PACKED_SNAPSHOT_TYPE, 'application-id': 'luc-console', cookie: regular } });
    expect(plain.headers.get('content-type')).toContain(PACKED_SNAPSHOT_TYPE);
    const foreign = await fetch(`${server.url}/luc/luc-core-web/rest/devices/fetch?crnt_vcg_uid=G-FOREIGN`, { headers: { accept: COLUMNS_SNAPSHOT_TYPE, 'application-id': 'luc-console', cookie: regular } });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('content-type')).toContain('application/json');
  });

  it('reads one unit, its location, modems, coordinates, capabilities, enhanced data and target version', async () => {
    const uid = await idleUnit(server);
    const one = await call(server, `devices/fetch_by_id/${uid}/${q}`, { cookie: regular });
    expect(one.status, one.text).toBe(200);
    expect(one.json).toMatchObject({ uid, status: 'idle', isOffline: false, isBusy: false });
    expect((await call(server, `devices/${uid}/location${q}`, { cookie: regular })).json).toMatchObject({ uid });
    expect((await call(server, `devices/${uid}/modems${q}`, { cookie: regular })).json.modems.length).toBeGreaterThan(0);
    expect((await call(server, `devices/fetch_coords/${q}&uid=${uid}`, { cookie: regular })).json.uid).toBe(uid);
    const caps = await call(server, `v2/units/${uid}/capabilities${q}`, { cookie: regular });
    expect(caps.json.versionGates).toHaveProperty('speedTest');
    const enhanced = await call(server, `v2/units/enhanced/${uid}${q}`, { cookie: regular });
    expect(enhanced.json).toHaveProperty('settings');
    expect((await call(server, `v2/devices/${uid}/targetversion${q}`, { cookie: regular })).json).toMatchObject({ uid, targetVersion: null });
    expect((await call(server, `v2/units/${uid}${q}`, { cookie: regular })).json.uid).toBe(uid);
  });

  it('answers the same 404 for another group’s unit on every read', async () => {
    const foreign = await addForeignUnit(server);
    for (const path of [
      `devices/fetch_by_id/${foreign}`,
      `devices/${foreign}/location`,
      `v2/units/enhanced/${foreign}`,
      `v2/units/${foreign}`,
      `v2/admin/units/${foreign}`,
      `v2/units/${foreign}/storages`,
    ]) {
      const result = await call(server, `${path}${q}`, { cookie: admin });
      expect(result.status, path).toBe(404);
      expect(result.text).not.toContain('Foreign-');
    }
    expect((await call(server, `devices/fetch_coords${q}&uid=${foreign}`, { cookie: admin })).status).toBe(404);
    expect((await call(server, `settingsConfiguration/fetch${q}&machineUid=${foreign}`, { cookie: admin })).status).toBe(404);
  });

  it('reports busy units as busy in the listing after a stream starts', async () => {
    const uid = await idleUnit(server);
    await call(server, `v2/units/${uid}/stream${q}`, { cookie: regular, body: {} });
    server.clock.advance(5_000);
    const list = await call(server, `v2/admin/units${q}&searchKey=uid&searchValue=${uid}`, { cookie: regular });
    expect(list.json.units[0]).toMatchObject({ uid, status: 'streaming', isBusy: true });
  });
});
