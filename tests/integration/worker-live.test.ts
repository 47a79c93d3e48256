/**
 * The fleet worker's pipeline in Node against the real server (issue 4 item 8): sign in, open the
 * LiveSource (partysocket over `ws`, with the session cookie), start a stream over REST and see
 * connecting then streaming reach the UI store; kill the server mid-stream, restart it on the same
 * database, and see the model converge on a fresh REST snapshot with nothing missing.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import WebSocket from 'ws';
import { EventBus } from '../../src/server/live/bus.ts';
import { CLOSE_SESSION_ENDED } from '../../src/server/live/gateway.ts';
import { FleetSimulator } from '../../src/server/sim/fleet.ts';
import { LocalFleet } from '../../src/server/fleet/local.ts';
import { createFleetService } from '../../workers/fleetService.ts';
import type { LiveSource } from '../../workers/sources/liveSource.ts';
import { systemClock, systemTimers } from '../../workers/sources/clock.ts';
import { decodeRestSnapshot } from '../../workers/sources/restSnapshot.ts';
import { FleetStore } from '../../src/fleet/store.ts';
import { call, signIn, startServer, tempDir, type TestServer } from './server-harness.ts';

const tmp = tempDir();
const dbFile = join(tmp.dir, 'luc.db');

interface Running {
  server: TestServer;
  fleet: FleetSimulator;
  stop(): Promise<void>;
}

/** The server as main.ts wires it: a bus whose seq keeps increasing across restarts, the simulator attached. */
async function boot(): Promise<Running> {
  const bus = new EventBus({ startSeq: Date.now() * 1000 });
  const server = await startServer({ dbFile, bus, units: 30 });
  const units = (await server.store.units.all()).flatMap((u) =>
    u.groupId !== null && u.inventoryId !== null
      ? [{ uid: u.uid, name: u.name, type: u.type, serial: u.serial, groupId: u.groupId, inventoryId: u.inventoryId, lat: u.lat ?? 0, lng: u.lng ?? 0, swVersion: u.swVersion }]
      : [],
  );
  const fleet = new FleetSimulator({ bus, seed: 7, rate: 20, units });
  server.built.routeDeps.fleet.attach({ fleet: new LocalFleet(fleet), bus });
  fleet.start();
  return {
    server,
    fleet,
    stop: async () => {
      fleet.stop();
      await server.close();
    },
  };
}

async function until(test: () => boolean, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let running: Running | undefined;
afterAll(async () => {
  await running?.stop().catch(() => undefined);
  tmp.cleanup();
});

describe('fleet worker pipeline against the real server (Node, partysocket + ws)', () => {
  it('streams a unit started over REST, and converges after a server restart mid-stream', async () => {
    running = await boot();
    let current = running;
    const cookie = await signIn(current.server, 'luc_regular');
    const user = (await current.server.store.users.demoUsers()).find((u) => u.username === 'luc_regular');
    const groups = user === undefined ? [] : await current.server.store.users.groupIds(user.id);
    const stored = await current.server.store.units.all(); // the same on the same database after the restart
    const unitsOf = (group: string) => stored.filter((u) => u.groupId === group);
    const groupId = [...groups].sort((a, b) => unitsOf(b).length - unitsOf(a).length)[0] ?? '';
    expect(unitsOf(groupId).length).toBeGreaterThan(0);

    // The socket and REST follow the server wherever it listens (the restart gets a new port).
    const wsUrl = () => `${current.server.url.replace('http', 'ws')}/luc/luc-core-web/ws`;
    class CookieSocket extends WebSocket {
      constructor(_url: string, protocols?: string | string[]) {
        super(wsUrl(), protocols, { headers: { cookie, origin: current.server.url } });
      }
    }
    const store = new FleetStore();
    const history: { status: string; video: string | undefined }[] = [];
    let target = '';
    const service = createFleetService({
      WebSocket: CookieSocket,
      fetch: (url, init) => fetch(url.replace(/^http:\/\/[^/]+/, current.server.url), { method: init.method, headers: { ...init.headers, cookie }, ...(init.body !== undefined ? { body: init.body } : {}) }),
      clock: systemClock,
      timers: systemTimers,
      random: () => 0.05, // reconnect after 500 ms: keeps the test short
      requestFrame: (callback) => void setTimeout(callback, 16),
    });
    service.connect({ wsUrl: wsUrl(), restUrl: `${current.server.url}/luc/luc-core-web/rest`, groupId }, (diff) => {
      store.apply(diff);
      const view = target === '' ? undefined : store.unit(target);
      if (view !== undefined) history.push({ status: view.status, video: view.videoState });
    });
    await until(() => store.connection.value.phase === 'live' && store.size === unitsOf(groupId).length, 'the first snapshot');

    // An idle online unit of the group; start its stream over REST.
    target = unitsOf(groupId).map((u) => u.uid).find((uid) => {
      const live = current.fleet.unit(uid);
      return live?.state === 'online' && Object.keys(live.applications).length === 0;
    }) ?? '';
    expect(target).not.toBe('');
    service.setView('unit page', [`unit:${target}`]);
    const started = await call(current.server, `v2/units/${target}/stream`, { method: 'POST', cookie, body: {} });
    expect(started.status).toBeLessThan(300);
    await until(() => history.some((h) => h.video === 'connecting'), 'connecting');
    await until(() => store.unit(target)?.status === 'streaming', 'streaming');
    const connectingAt = history.findIndex((h) => h.video === 'connecting');
    const streamingAt = history.findIndex((h) => h.status === 'streaming');
    expect(connectingAt).toBeGreaterThanOrEqual(0);
    expect(streamingAt).toBeGreaterThan(connectingAt);

    // Kill the server mid-stream, restart it on the same database.
    const snapshotsBefore = service.pipeline?.stats.snapshots ?? 0;
    await current.stop();
    await until(() => store.connection.value.phase === 'reconnecting', 'reconnecting');
    running = await boot();
    current = running;
    await until(() => (service.pipeline?.stats.snapshots ?? 0) > snapshotsBefore && store.connection.value.phase === 'live', 'the resync', 30_000);

    // Converged, nothing missing: every unit of a fresh REST snapshot is in the model at that rev or later.
    const fresh = await call(current.server, `devices/fetch?crnt_vcg_uid=${groupId}`, { cookie });
    const decoded = decodeRestSnapshot(fresh.json);
    if (!decoded.ok) throw new Error(decoded.error);
    const session = service.source?.kind === 'live' ? (service.source as LiveSource).session : null;
    await until(() => (session?.lastSeq ?? 0) >= decoded.value.watermark, 'the events after the snapshot');
    const model = service.pipeline?.model;
    const expected = decoded.value.snapshot.units;
    expect([...(model?.units.keys() ?? [])].sort()).toEqual(expected.map((e) => e.unit.uid).sort());
    for (const entry of expected) {
      const unit = model?.units.get(entry.unit.uid);
      expect(unit?.rev).toBeGreaterThanOrEqual(entry.rev);
      if (unit?.rev === entry.rev) {
        expect({ state: unit.raw.state, applications: unit.raw.applications }).toEqual({ state: entry.unit.status.state, applications: entry.unit.status.applications });
      }
    }
    // Every frame decoded (a schema mismatch between server and protocol would show here).
    expect(store.badFrames.value).toEqual({ count: 0, last: '' });
    // The UI store agrees with the model once the model's latest changes are posted (events keep
    // arriving, a batched frame at a time, so the store may be one diff behind until then).
    service.pipeline?.flush();
    expect(store.size).toBe(model?.units.size);
    expect(store.counters.value).toEqual(model?.counters);
    service.disconnect();
  }, 90_000);
});

describe('the session ends on the websocket (signed out in another tab)', () => {
  it('closes the socket with 4401, reports ended to the UI store and never reconnects', async () => {
    running ??= await boot();
    const current = running;
    const cookie = await signIn(current.server, 'luc_regular');
    const user = (await current.server.store.users.demoUsers()).find((u) => u.username === 'luc_regular');
    const groupId = [...(user === undefined ? [] : await current.server.store.users.groupIds(user.id))][0] ?? '';
    const wsUrl = `${current.server.url.replace('http', 'ws')}/luc/luc-core-web/ws`;
    const closes: number[] = [];
    let opened = 0;
    class CookieSocket extends WebSocket {
      constructor(_url: string, protocols?: string | string[]) {
        super(wsUrl, protocols, { headers: { cookie, origin: current.server.url } });
        opened += 1;
        this.on('close', (code) => closes.push(code));
      }
    }
    const store = new FleetStore();
    const service = createFleetService({
      WebSocket: CookieSocket,
      fetch: (url, init) => fetch(url, { method: init.method, headers: { ...init.headers, cookie }, ...(init.body !== undefined ? { body: init.body } : {}) }),
      clock: systemClock,
      timers: systemTimers,
      random: () => 0.05, // a reconnect would start after 500 ms
      requestFrame: (callback) => void setTimeout(callback, 16),
    });
    service.connect({ wsUrl, restUrl: `${current.server.url}/luc/luc-core-web/rest`, groupId }, (diff) => store.apply(diff));
    await until(() => store.connection.value.phase === 'live', 'live');

    // The other tab signs out (same session cookie).
    const out = await call(current.server, 'auth/logout', { method: 'POST', cookie });
    expect(out.status).toBe(204);
    await until(() => store.connection.value.phase === 'ended', 'the session end');
    expect(closes).toEqual([CLOSE_SESSION_ENDED]);
    // Wait past several reconnect delays (500 ms each): no new socket is opened.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(opened).toBe(1);
    expect(store.connection.value.phase).toBe('ended');
    service.disconnect();
  }, 60_000);
});
