import { describe, it, expect, afterEach } from 'vitest';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventBus } from '../../src/server/live/bus.ts';
import { registerLiveGateway, LIVE_PATH } from '../../src/server/live/gateway.ts';
import type { LiveEvent, Principal } from '../../src/server/live/types.ts';
import { FleetSimulator, makeUnitSeeds } from '../../src/server/sim/fleet.ts';
import { ManualClock } from '../../src/server/sim/clock.ts';
import { PHASE_MS } from '../../src/server/sim/commands.ts';
import { startRecorder } from '../../src/server/recording/recorder.ts';
import { deriveUnitStatus } from '../../src/domain/units/status.ts';
import type { RawUnitStatus } from '../../src/domain/units/status.ts';

const ORIGIN = 'http://127.0.0.1:8080';
const groups = [
  { groupId: 'G1', inventoryId: 'I1' },
  { groupId: 'G2', inventoryId: 'I1' },
];
const principal: Principal = { sessionId: 'S1', userId: 'u1', username: 'luc_regular', userType: 'luc_regular', groupIds: ['G1'] };

let app: FastifyInstance | undefined;
let dir: string | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

async function world(rate = 0) {
  const clock = new ManualClock(Date.now());
  const bus = new EventBus({ now: () => clock.now() });
  const seeds = makeUnitSeeds({ count: 40, seed: 11, groups });
  const sim = new FleetSimulator({ bus, clock, seed: 11, rate, units: seeds });
  const groupOf = new Map(seeds.map((s) => [s.uid, s.groupId]));
  app = Fastify({ logger: false });
  registerLiveGateway(app, {
    bus,
    authority: { groupOfUnit: (uid) => groupOf.get(uid), groupOfChannel: () => undefined },
    authenticate: () => principal,
    allowedOrigins: (req) => req.headers.origin === ORIGIN,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { clock, bus, sim, seeds, url: `ws://127.0.0.1:${address.port}${LIVE_PATH}` };
}

async function open(url: string) {
  const ws = new WebSocket(url, { origin: ORIGIN });
  const events: LiveEvent[] = [];
  ws.on('message', (d) => {
    const frame = JSON.parse(String(d)) as Record<string, unknown>;
    if (typeof frame['seq'] === 'number') events.push(frame as unknown as LiveEvent);
  });
  await new Promise((res, rej) => {
    ws.on('open', res);
    ws.on('error', rej);
  });
  const sync = () => new Promise<void>((res) => { ws.once('pong', () => res()); ws.ping(); });
  const waitFor = async (test: () => boolean) => {
    const until = Date.now() + 5000;
    while (!test()) {
      if (Date.now() > until) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return { ws, events, sync, waitFor };
}

describe('simulator through the websocket', () => {
  it('start stream → unit.status connecting, then streaming with the video application; stop → idle', async () => {
    const { clock, sim, seeds, url } = await world();
    const uid = seeds.find((s) => s.groupId === 'G1' && sim.unit(s.uid)?.state === 'online' && Object.keys(sim.unit(s.uid)?.applications ?? {}).length === 0)?.uid ?? '';
    const c = await open(url);
    c.ws.send(JSON.stringify({ op: 'subscribe', topics: [`unit:${uid}`] }));
    await c.sync();
    expect(sim.command(uid, { type: 'startStream' })).toEqual({ ok: true });
    clock.advance(PHASE_MS.streamConnecting[1]);
    expect(sim.command(uid, { type: 'stopStream' })).toEqual({ ok: true });
    clock.advance(PHASE_MS.streamDisconnecting[1]);
    await c.waitFor(() => c.events.length >= 4);
    await c.sync();
    const statuses = c.events.filter((e) => e.kind === 'unit.status').map((e) => e.data as RawUnitStatus & { video: { state: string } });
    expect(statuses.map((s) => s.video.state)).toEqual(['connecting', 'streaming', 'disconnecting', 'idle']);
    expect(statuses[1]?.applications?.video).toEqual({ state: 'streaming' });
    expect(statuses.map((s) => deriveUnitStatus(s))).toEqual(['idle', 'streaming', 'streaming', 'idle']);
    c.ws.terminate();
  });

  it('a client that reconnects and resumes gets exactly the events it missed, of its groups only', async () => {
    const { clock, sim, bus, url } = await world(2_000);
    sim.start();
    const first = await open(url);
    first.ws.send(JSON.stringify({ op: 'subscribe', topics: ['group:G1'] }));
    await first.sync();
    clock.advance(500);
    const visibleSoFar = (bus.since(bus.lastSeq() - bus.historySize()) as LiveEvent[]).filter((e) => groupOfEvent(e) === 'G1');
    await first.waitFor(() => first.events.at(-1)?.seq === visibleSoFar.at(-1)?.seq);
    const lastSeen = first.events.at(-1)?.seq ?? 0;
    first.ws.terminate();
    clock.advance(500); // events flow while the client is away
    const expected = (bus.since(lastSeen) as LiveEvent[]).filter((e) => groupOfEvent(e) === 'G1');
    expect(expected.length).toBeGreaterThan(100);
    const second = await open(url);
    second.ws.send(JSON.stringify({ op: 'subscribe', topics: ['group:G1'] }));
    second.ws.send(JSON.stringify({ op: 'resume', from: lastSeen }));
    await second.waitFor(() => second.events.length >= expected.length);
    await second.sync();
    expect(second.events).toEqual(expected);
    second.ws.terminate();

    function groupOfEvent(e: LiveEvent): string | undefined {
      return sim.unit(e.id)?.seed.groupId;
    }
  });

  it('records the fleet to a self-contained NDJSON log', async () => {
    const { clock, sim, bus, seeds } = await world(500);
    dir = mkdtempSync(join(tmpdir(), 'luc-live-'));
    const file = join(dir, 'rec.ndjson');
    const rec = startRecorder({ bus, file, snapshot: () => seeds.map((s) => ({ id: s.uid, data: sim.snapshot(s.uid) })) });
    sim.start();
    clock.advance(2_000);
    rec.stop();
    const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ format: 'luc-fleet-log', version: 1 });
    const added = new Set(lines.filter((l) => l['kind'] === 'unit.added').map((l) => l['id']));
    expect(added.size).toBe(seeds.length);
    expect(lines.length - 1).toBe(seeds.length + bus.lastSeq());
    const seqs = lines.slice(1).map((l) => l['seq'] as number);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  });
});
