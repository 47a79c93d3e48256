/**
 * The fleet over a REAL nats-server (issue 18, src/server/fleet/rpc.ts): the owner's FleetRpcServer
 * and a front's RemoteFleet on two connections. Round trips, refusals that keep their status and
 * text, an unknown method and bad arguments (400), an owner that is not there or does not answer
 * (503 with its text), read-your-writes on a channel, reseeding; then a started server whose routes
 * use a RemoteFleet. Skipped, with the reason in the name, when nats-server is missing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { findNatsServer, startNats, type NatsTestServer } from './nats.ts';
import { EventBus } from '../../src/server/live/bus.ts';
import { ManualClock } from '../../src/server/sim/clock.ts';
import { FleetSimulator, makeUnitSeeds, type SimCommand } from '../../src/server/sim/fleet.ts';
import { HttpError } from '../../src/server/http/errors.ts';
import { LocalFleet } from '../../src/server/fleet/local.ts';
import { FLEET_NOT_ANSWERING, FLEET_RPC_SUBJECT, FleetRpcServer, RemoteFleet } from '../../src/server/fleet/rpc.ts';
import type { FleetMethod } from '../../src/server/fleet/wire.ts';
import type { CommandResult } from '../../src/server/sim/commands.ts';
import { call, signIn, tempDir } from './server-harness.ts';
import { GROUP, idleUnit, startUnitServer, type UnitTestServer } from './units-harness.ts';

const nats = findNatsServer();
if (!nats.available) console.warn(`fleet RPC tests skipped: ${nats.reason}`);

const CHANNELS = [{ id: 'C1', groupId: 'G1', serverId: 'S1' }];
const SERVERS = [{ id: 'S1', name: 'MMH-A', alias: '', type: 'mmh' as const, serialNumber: 'SN-1', swVersion: '8.5.0', channelIds: ['C1'] }];

/** The owner: a simulator on a manual clock, its bus, and the RPC server on its own connection. */
async function owner(nc: NatsConnection, fleet?: (sim: FleetSimulator) => LocalFleet) {
  const clock = new ManualClock();
  const bus = new EventBus({ now: () => clock.now() });
  const sim = new FleetSimulator({ bus, clock, seed: 5, rate: 0, units: makeUnitSeeds({ count: 10, seed: 5, groups: [{ groupId: 'G1', inventoryId: 'I1' }] }), channels: CHANNELS, servers: SERVERS, usagePeriodMs: 0 });
  const local = fleet === undefined ? new LocalFleet(sim) : fleet(sim);
  const server = new FleetRpcServer({ nc, fleet: local, bus, logError: () => undefined });
  await server.start();
  sim.start();
  return { clock, bus, sim, local, server };
}

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe.skipIf(!nats.available)(`fleet RPC over NATS${nats.available ? '' : ` (skipped: ${nats.available ? '' : nats.reason})`}`, () => {
  let server: NatsTestServer;
  let ownerNc: NatsConnection;
  let frontNc: NatsConnection;
  beforeAll(async () => {
    if (!nats.available) return;
    server = await startNats(nats);
    ownerNc = await connect({ servers: server.url, name: 'owner' });
    frontNc = await connect({ servers: server.url, name: 'front' });
  }, 60_000);
  afterAll(async () => {
    await ownerNc?.close();
    await frontNc?.close();
    await server?.stop();
  });

  it('seeds the mirror from the snapshot and runs commands on the owner; the mirror follows the events', async () => {
    const o = await owner(ownerNc);
    try {
      const remote = new RemoteFleet({ nc: frontNc, bus: o.bus });
      await remote.start();
      const uids = [...o.local.units()].map((u) => u.uid);
      expect([...remote.units()].map((u) => u.uid).sort()).toEqual([...uids].sort());
      for (const uid of uids) expect(remote.snapshot(uid)).toEqual(o.local.snapshot(uid));
      expect(remote.channelStatus('C1')).toEqual(o.local.channelStatus('C1'));
      expect(remote.servers.has('S1')).toBe(true);

      const uid = uids.find((u) => o.local.unit(u)?.state === 'online' && Object.keys(o.local.unit(u)!.applications).length === 0)!;
      expect(await remote.command(uid, { type: 'startStream' })).toEqual({ ok: true });
      expect(remote.unit(uid)?.video.state).toBe('connecting');
      expect(await remote.commandInProgress(uid)).toBe(true);
      // A refusal of the simulator is a value (the route turns it into its status and text), the same as on the owner.
      const busy = await remote.command(uid, { type: 'startStream' });
      expect(busy).toEqual<CommandResult>(await o.local.command(uid, { type: 'startStream' }));
      expect(busy.ok).toBe(false);
      o.clock.advance(5_000);
      expect(remote.unit(uid)?.video.state).toBe('streaming');
      expect(await remote.socialProviders(uid)).toEqual([]);
      expect(await remote.command(uid, { type: 'startSocial', provider: 'youtube' })).toEqual({ ok: true });
      expect(await remote.socialProviders(uid)).toEqual(['youtube']);
      expect(await remote.removeUnit(uid)).toBe(true);
      expect(remote.unit(uid)).toBeUndefined();
      remote.stop();
    } finally {
      o.server.stop();
      o.sim.stop();
    }
  });

  it('answers an unknown method and bad arguments with 400 naming what is wrong, and a non-JSON request too', async () => {
    const o = await owner(ownerNc);
    try {
      const remote = new RemoteFleet({ nc: frontNc, bus: new EventBus() });
      const unknown = await refusal(remote.call('explode' as FleetMethod, [], () => undefined));
      expect([unknown.statusCode, unknown.message]).toEqual([400, "Unknown fleet method 'explode'"]);
      const bad = await refusal(remote.call('command', ['U1', { type: 'fly' }], () => undefined));
      expect(bad.statusCode).toBe(400);
      expect(bad.message).toBe("Bad arguments for command: args[1].type: Unknown command 'fly'");
      const delay = await refusal(remote.call('command', ['U1', { type: 'setDelay', delayMs: 'soon' }], () => undefined));
      expect(delay.statusCode).toBe(400);
      expect(delay.message).toMatch(/^Bad arguments for command: args\[1\]/);
      const missing = await refusal(remote.call('servers.restart', [], () => undefined));
      expect(missing.statusCode).toBe(400);
      const raw = await frontNc.request(FLEET_RPC_SUBJECT, 'not json', { timeout: 5_000 });
      expect(raw.json()).toEqual({ ok: false, status: 400, message: 'A fleet request must be JSON' });
      const shape = await frontNc.request(FLEET_RPC_SUBJECT, JSON.stringify({ method: 1 }), { timeout: 5_000 });
      expect(shape.json()).toMatchObject({ ok: false, status: 400 });
      // The owner is still answering after all of that.
      expect(await remote.servers.restart('S1')).toBe(true);
    } finally {
      o.server.stop();
      o.sim.stop();
    }
  });

  it('an HttpError thrown on the owner keeps its status, text and fields; anything else is 500 "Internal Error"', async () => {
    class Refusing extends LocalFleet {
      override async command(uid: string, command: SimCommand): Promise<CommandResult> {
        if (command.type === 'reboot') throw new HttpError(409, `Unit '${uid}' is in a meeting`, { fields: { unit: 'busy' } });
        throw new Error('the simulator broke');
      }
    }
    const o = await owner(ownerNc, (sim) => new Refusing(sim));
    try {
      const remote = new RemoteFleet({ nc: frontNc, bus: new EventBus() });
      const kept = await refusal(remote.command('U9', { type: 'reboot' }));
      expect([kept.statusCode, kept.message, kept.extra]).toEqual([409, "Unit 'U9' is in a meeting", { fields: { unit: 'busy' } }]);
      const broken = await refusal(remote.command('U9', { type: 'speedTest' }));
      expect([broken.statusCode, broken.message]).toEqual([500, 'Internal Error']);
    } finally {
      o.server.stop();
      o.sim.stop();
    }
  });

  it('no owner running: every command answers 503 with the text, at start and later', async () => {
    const remote = new RemoteFleet({ nc: frontNc, bus: new EventBus() });
    const atStart = await refusal(remote.start());
    expect([atStart.statusCode, atStart.message]).toEqual([503, FLEET_NOT_ANSWERING]);
    const command = await refusal(remote.command('U1', { type: 'reboot' }));
    expect([command.statusCode, command.message]).toEqual([503, FLEET_NOT_ANSWERING]);
    const files = await refusal(remote.files.transfers());
    expect(files.statusCode).toBe(503);
    // Reads still answer (an empty fleet: units read offline).
    expect(remote.unit('U1')).toBeUndefined();
    remote.stop();
  });

  it('an owner that does not answer in time: 503 with the text after the timeout', async () => {
    const silent = ownerNc.subscribe(FLEET_RPC_SUBJECT, { callback: () => undefined });
    await ownerNc.flush();
    try {
      const remote = new RemoteFleet({ nc: frontNc, bus: new EventBus(), timeoutMs: 300 });
      const late = await refusal(remote.command('U1', { type: 'reboot' }));
      expect([late.statusCode, late.message]).toEqual([503, FLEET_NOT_ANSWERING]);
    } finally {
      silent.unsubscribe();
    }
  });

  it('shows a channel it changed at once (read-your-writes), and reseeds to the owner’s state', async () => {
    const o = await owner(ownerNc);
    try {
      // A front whose bus does not carry the owner's events: only the answers and snapshots reach it.
      const remote = new RemoteFleet({ nc: frontNc, bus: new EventBus() });
      await remote.start();
      expect(await remote.channels.startLogs('C1')).toEqual({ ok: true });
      expect(remote.channels.status('C1')?.fetchLogs).toEqual({ state: 'connecting' });
      expect(await remote.channels.startLogs('C-NOPE')).toEqual({ ok: false, reason: 'unknownChannel' });

      const uid = [...o.local.units()][0]!.uid;
      await o.local.command(uid, { type: 'setDelay', delayMs: 4321 });
      o.clock.advance(1_000);
      expect(o.local.unit(uid)?.delay).toBe(4321);
      expect(remote.unit(uid)?.delay).not.toBe(4321);
      await remote.reseed();
      expect(remote.snapshot(uid)).toEqual(o.local.snapshot(uid));
    } finally {
      o.server.stop();
      o.sim.stop();
    }
  });
});

describe.skipIf(!nats.available)(`routes on a RemoteFleet (a front that is not the owner)${nats.available ? '' : ` (skipped: ${nats.available ? '' : nats.reason})`}`, () => {
  const tmp = tempDir();
  let natsServer: NatsTestServer;
  let ownerNc: NatsConnection;
  let frontNc: NatsConnection;
  let server: UnitTestServer;
  let rpc: FleetRpcServer;
  let operator: string;
  const q = `?crnt_vcg_uid=${GROUP}`;
  beforeAll(async () => {
    if (!nats.available) return;
    natsServer = await startNats(nats);
    ownerNc = await connect({ servers: natsServer.url, name: 'owner' });
    frontNc = await connect({ servers: natsServer.url, name: 'front' });
    server = await startUnitServer(join(tmp.dir, 'luc.db'), 60);
    // The harness's simulator is the owner; the routes get a RemoteFleet that reaches it over NATS.
    rpc = new FleetRpcServer({ nc: ownerNc, fleet: new LocalFleet(server.fleet), bus: server.bus, logError: () => undefined });
    await rpc.start();
    const remote = new RemoteFleet({ nc: frontNc, bus: server.bus });
    await remote.start();
    server.built.routeDeps.fleet.attach({ fleet: remote, bus: server.bus });
    operator = await signIn(server, 'luc_regular');
  }, 120_000);
  afterAll(async () => {
    rpc?.stop();
    await server?.close();
    await ownerNc?.close();
    await frontNc?.close();
    await natsServer?.stop();
    tmp.cleanup();
  });

  it('starts a stream through the owner and reads its phases from the mirror; 503 with the text once the owner is gone', async () => {
    const uid = await idleUnit(server);
    const start = await call(server, `v2/units/${uid}/stream${q}`, { method: 'POST', cookie: operator });
    expect(start.status, start.text).toBe(200);
    const connecting = await call(server, `v2/admin/units/${uid}/status${q}`, { cookie: operator });
    expect(connecting.json.video.state).toBe('connecting');
    server.clock.advance(5_000);
    const streaming = await call(server, `v2/admin/units/${uid}/status${q}`, { cookie: operator });
    expect(streaming.json.video.state).toBe('streaming');

    rpc.stop();
    const stop = await call(server, `devices/${uid}/commands/LuSetStopStreaming${q}`, { cookie: operator, body: {} });
    expect(stop.status).toBe(503);
    expect(stop.json.message).toBe(FLEET_NOT_ANSWERING);
    // Reads keep answering from the mirror.
    const still = await call(server, `v2/admin/units/${uid}/status${q}`, { cookie: operator });
    expect(still.status).toBe(200);
    expect(still.json.video.state).toBe('streaming');
    await rpc.start();
  });
});
