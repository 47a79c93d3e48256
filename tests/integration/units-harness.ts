/**
 * A real server (server-harness.ts) with the event bus, the websocket gateway and the fleet
 * simulator attached to the unit routes, on a manual clock (no churn, no usage pushes) so command
 * phases move only when a test advances time.
 */
import WebSocket from 'ws';
import { EventBus } from '../../src/server/live/bus.ts';
import { FleetSimulator } from '../../src/server/sim/fleet.ts';
import { LocalFleet } from '../../src/server/fleet/local.ts';
import { ManualClock } from '../../src/server/sim/clock.ts';
import { simServersFrom } from '../../src/server/areas/servers/live.ts';
import type { LiveEvent } from '../../src/server/live/types.ts';
import { call, startServer, type TestServer } from './server-harness.ts';

export interface UnitTestServer extends TestServer {
  bus: EventBus;
  fleet: FleetSimulator;
  clock: ManualClock;
}

/** `mediaServers`: channels on an MMH get the files their units forward (issue 13); off by default. */
export async function startUnitServer(
  dbFile: string,
  units = 200,
  opts: { mediaServers?: boolean; /** Requests a minute per IP (a test that calls every route for every user type needs more than the default). */ globalRatePerMinute?: number } = {},
): Promise<UnitTestServer> {
  const bus = new EventBus();
  const server = await startServer({ dbFile, units, bus, ...(opts.globalRatePerMinute !== undefined ? { settings: { globalRatePerMinute: opts.globalRatePerMinute } } : {}) });
  const clock = new ManualClock();
  const seeds = (await server.store.units.all()).flatMap((u) =>
    u.groupId !== null && u.inventoryId !== null
      ? [{ uid: u.uid, name: u.name, type: u.type, serial: u.serial, groupId: u.groupId, inventoryId: u.inventoryId, lat: u.lat ?? 0, lng: u.lng ?? 0, swVersion: u.swVersion }]
      : [],
  );
  const mmh = new Set((await server.store.servers.list()).filter((s) => opts.mediaServers === true && s.type === 'mmh').map((s) => s.id));
  const channels = (await server.store.channels.list()).flatMap((c) =>
    c.groupId !== null ? [{ id: c.id, groupId: c.groupId, serverId: c.serverId, ...(c.serverId !== null && mmh.has(c.serverId) ? { mediaServerId: c.serverId } : {}) }] : [],
  );
  const fleet = new FleetSimulator({ bus, seed: 7, rate: 0, units: seeds, channels, servers: await simServersFrom(server.store, channels), clock, usagePeriodMs: 0 });
  fleet.start();
  server.built.routeDeps.fleet.attach({ fleet: new LocalFleet(fleet), bus });
  const close = server.close;
  return {
    ...server,
    bus,
    fleet,
    clock,
    close: async () => {
      fleet.stop();
      await close();
    },
  };
}

/** The demo group every demo user belongs to (units are spread over the five demo groups). */
export const GROUP = 'G-NEWS-NATIONAL';

/** An online, idle unit of the group (optionally of some types), not yet used by the test file. */
export async function idleUnit(server: UnitTestServer, opts: { types?: readonly string[]; group?: string; exclude?: Set<string> } = {}): Promise<string> {
  for (const stored of await server.store.units.all()) {
    if (stored.groupId !== (opts.group ?? GROUP)) continue;
    if (opts.types !== undefined && !opts.types.includes(stored.type)) continue;
    if (opts.exclude?.has(stored.uid)) continue;
    const live = server.fleet.unit(stored.uid);
    if (live === undefined || live.state !== 'online' || Object.keys(live.applications).length > 0 || live.flow !== null) continue;
    opts.exclude?.add(stored.uid);
    return stored.uid;
  }
  throw new Error('no idle unit left in the demo fleet');
}

/** Adds a unit of a given type to the store and the fleet (online, idle) in the group. */
export async function addUnit(server: UnitTestServer, uid: string, type: string, swVersion = '8.5.0', group = GROUP): Promise<string> {
  const groupRow = await server.store.groups.get(group);
  if (groupRow === undefined) throw new Error(`no group ${group}`);
  const seed = { uid, name: `Test-${uid}`, type, serial: 'A1BCD1234', groupId: group, inventoryId: groupRow.inventoryId, lat: 10, lng: 20, swVersion };
  await server.store.units.insertMany([seed], Date.now());
  await server.built.authority.refreshUnit(uid);
  const live = server.fleet.addUnit(seed);
  live.state = 'online';
  live.applications = {};
  return uid;
}

/** A unit of a group no demo user belongs to. */
export async function addForeignUnit(server: UnitTestServer, uid = 'UFOREIGN1'): Promise<string> {
  if ((await server.store.groups.get('G-FOREIGN')) === undefined) {
    await server.store.groups.insert({ id: 'G-FOREIGN', name: 'Foreign', inventoryId: 'INV-NEWS', autoAssociation: false, unitAutoAssociation: false, createdAt: Date.now() });
  }
  await server.store.units.insertMany([{ uid, name: `Foreign-${uid}`, type: '800', serial: 'X1', groupId: 'G-FOREIGN', inventoryId: 'INV-NEWS', lat: 0, lng: 0, swVersion: '8.5.0' }], Date.now());
  await server.built.authority.refreshUnit(uid);
  return uid;
}

export async function status(server: UnitTestServer, cookie: string, uid: string): Promise<string> {
  const result = await call(server, `v2/admin/units/${uid}/status?crnt_vcg_uid=${GROUP}`, { cookie });
  if (result.status !== 200) throw new Error(`status ${result.status}: ${result.text}`);
  return result.json.status as string;
}

/** A websocket subscribed to topics, collecting every event it receives. */
export async function listen(server: UnitTestServer, cookie: string, topics: string[]): Promise<{ events: LiveEvent[]; close(): void }> {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/luc/luc-core-web/ws`, { headers: { cookie, origin: server.url } });
  const events: LiveEvent[] = [];
  ws.on('message', (raw) => {
    const frame = JSON.parse(String(raw)) as LiveEvent | LiveEvent[] | { op: string };
    for (const item of Array.isArray(frame) ? frame : [frame]) if ('seq' in item) events.push(item);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ op: 'subscribe', topics }));
  // Let the subscription reach the server before the test acts.
  await new Promise((resolve) => setTimeout(resolve, 100));
  return { events, close: () => ws.close() };
}

export async function until(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
