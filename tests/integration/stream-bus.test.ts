/**
 * The scale-out event bus against a real nats-server with JetStream (issue 18; tests/integration/
 * nats.ts starts a throwaway one). Skipped, with the reason in the name, when nats-server is missing.
 *
 * Each case starts from an empty stream LUC_EVENTS (deleted before it), so stream seqs start at 1.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { connect } from '@nats-io/transport-node';
import type { NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { EventBus, type LiveBus } from '../../src/server/live/bus.ts';
import type { LiveEvent } from '../../src/server/live/types.ts';
import { EVENT_STREAM, ensureEventStream } from '../../src/server/live/stream/connection.ts';
import { NOT_THE_OWNER, openStreamBus, StreamBus, StreamPublisher, type OpenedStreamBus, type OpenStreamBusOptions } from '../../src/server/live/stream/index.ts';
import { findNatsServer, startNats, type NatsTestServer } from './nats.ts';
import Fastify from 'fastify';
import { WebSocket } from 'ws';
import { LIVE_PATH, registerLiveGateway } from '../../src/server/live/gateway.ts';

const nats = findNatsServer();
if (!nats.available) console.warn(`stream bus tests skipped: ${nats.reason}`);

let server: NatsTestServer;
/** Everything a case opened, closed after it. */
const opened: { close(): Promise<unknown> }[] = [];
const logs: string[] = [];
const log = (level: string, message: string): void => void logs.push(`${level}: ${message}`);

async function open(role: 'owner' | 'front', extra: Partial<OpenStreamBusOptions> = {}): Promise<OpenedStreamBus> {
  const bus = await openStreamBus({ url: server.url, role, name: `test-${role}`, streamMaxAgeS: 300, streamMaxMsgs: 1_000_000, log, ...extra });
  opened.push(bus);
  return bus;
}

async function rawConnection(): Promise<NatsConnection> {
  const nc = await connect({ servers: server.url });
  opened.push({ close: () => nc.close() });
  return nc;
}

/** Every event a bus delivers to a listener, in delivery order. */
function collect(bus: LiveBus): LiveEvent[] {
  const seen: LiveEvent[] = [];
  bus.subscribe((event) => seen.push(event));
  return seen;
}

/** Waits (polling) until `test` holds; fails after `ms` so a broken bus does not hang the run. */
async function until(test: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const seqsOf = (events: readonly LiveEvent[]): number[] => events.map((e) => e.seq);
const range = (from: number, to: number): number[] => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

describe.skipIf(!nats.available)(`stream bus on a real nats-server${nats.available ? '' : ` (skipped: ${nats.reason})`}`, () => {
  beforeAll(async () => {
    if (!nats.available) return;
    server = await startNats(nats);
  }, 30_000);

  afterAll(async () => {
    await server?.stop();
  });

  beforeEach(async () => {
    logs.length = 0;
    const nc = await connect({ servers: server.url });
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(EVENT_STREAM).catch(() => false);
    await nc.close();
  });

  afterEach(async () => {
    for (const item of opened.splice(0).reverse()) await item.close().catch(() => undefined);
  });

  it('gives one global order: seq is the stream sequence, the same on two instances, in the protocol key order', async () => {
    const owner = await open('owner');
    const front = await open('front');
    const atOwner = collect(owner.bus);
    const atFront = collect(front.bus);
    for (let i = 0; i < 500; i += 1) owner.bus.publish('unit.status', `U${i % 7}`, { i });
    await owner.publisher!.flush();
    await until(() => atOwner.length === 500 && atFront.length === 500);
    expect(seqsOf(atFront)).toEqual(range(1, 500));
    expect(atFront).toEqual(atOwner);
    expect(atFront.map((e) => (e.data as { i: number }).i)).toEqual(range(0, 499));
    expect(JSON.stringify(atFront[0])).toMatch(/^\{"seq":1,"ts":\d+,"kind":"unit.status","id":"U0","rev":\d+,"data":\{"i":0\}\}$/);
    expect(front.bus.lastSeq()).toBe(500);
    expect(owner.publisher!.stats.lastAckSeq).toBe(500);
    // A front reads; only the owner publishes.
    expect(() => front.bus.publish('unit.status', 'U1', {})).toThrow(NOT_THE_OWNER);
  });

  it('gives rev +1 per entity, and a new owner life starts above every rev of the last one', async () => {
    const first = await open('owner', { publisher: { lifeStartMs: 1_000 } });
    const front = await open('front');
    const seen = collect(front.bus);
    for (const id of ['U1', 'U2', 'U1', 'C1', 'U1']) first.bus.publish(id.startsWith('C') ? 'channel.status' : 'unit.status', id, {});
    await first.publisher!.flush();
    await until(() => seen.length === 5);
    expect(seen.map((e) => [e.id, e.rev])).toEqual([
      ['U1', 1_000_001],
      ['U2', 1_000_001],
      ['U1', 1_000_002],
      ['C1', 1_000_001],
      ['U1', 1_000_003],
    ]);
    expect(front.bus.revOf('U1')).toBe(1_000_003);
    await first.close();
    const second = await open('owner', { publisher: { lifeStartMs: 2_000 } });
    second.bus.publish('unit.status', 'U1', {});
    await second.publisher!.flush();
    await until(() => seen.length === 6);
    expect(seen[5]).toMatchObject({ id: 'U1', rev: 2_000_001, seq: 6 });
    expect(front.bus.revOf('U1')).toBeGreaterThan(1_000_003);
    // Revs from a snapshot never lower what is known.
    front.bus.seedRevs([['U1', 5], ['U9', 7]]);
    expect([front.bus.revOf('U1'), front.bus.revOf('U9')]).toEqual([2_000_001, 7]);
  });

  it('answers a resume from the ring, from the stream beyond the ring, and on an instance started later', async () => {
    const owner = await open('owner');
    const front = await open('front', { bus: { ringMaxEvents: 50 } });
    const seen = collect(front.bus);
    for (let i = 0; i < 200; i += 1) owner.bus.publish('unit.status', `U${i % 5}`, { i });
    await owner.publisher!.flush();
    await until(() => seen.length === 200);
    const fromRing = await front.bus.since(180);
    expect(fromRing !== 'reset' && seqsOf(fromRing)).toEqual(range(181, 200));
    const beyondRing = await front.bus.since(100); // 101..150 from the stream, 151..200 from the ring
    expect(beyondRing).toEqual(seen.slice(100));
    expect(await front.bus.since(200)).toEqual([]);
    const later = await open('front'); // starts at seq 200 with an empty ring
    expect(later.bus.lastSeq()).toBe(200);
    expect(await later.bus.since(0)).toEqual(seen);

    // Property: for any resume point within retention, exactly the events after it, in order.
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 200 }), async (from) => {
        expect(await front.bus.since(from)).toEqual(seen.slice(from));
        expect(await later.bus.since(from)).toEqual(seen.slice(from));
      }),
      { numRuns: 25 },
    );
  });

  it("answers 'reset' beyond the stream's retention and for a resume point ahead of the stream", async () => {
    const owner = await open('owner', { streamMaxMsgs: 1_000 });
    const front = await open('front', { streamMaxMsgs: 1_000, bus: { ringMaxEvents: 100 } });
    const seen = collect(front.bus);
    for (let i = 0; i < 1_500; i += 1) owner.bus.publish('unit.usage', `U${i % 10}`, { i });
    await owner.publisher!.flush();
    await until(() => seen.length === 1_500);
    expect(await front.bus.since(0)).toBe('reset'); // seq 1..500 left the stream
    expect(await front.bus.since(499)).toBe('reset');
    expect(await front.bus.since(500)).toEqual(seen.slice(500)); // 501 is the oldest kept
    expect(await front.bus.since(1_501)).toBe('reset'); // ahead of the stream: another stream's point
    expect(await front.bus.since(-1)).toBe('reset');
    const bounded = await open('front', { bus: { maxResumeEvents: 100 } });
    expect(await bounded.bus.since(1_300)).toBe('reset'); // 200 missing > 100 allowed
    expect(await bounded.bus.since(1_450)).toEqual(seen.slice(1_450));
  });

  it('skips a message that is not an event, logs it once with its seq, and keeps consuming', async () => {
    const owner = await open('owner');
    const front = await open('front');
    const seen = collect(front.bus);
    const js = jetstream(await rawConnection());
    owner.bus.publish('unit.status', 'U1', { n: 1 });
    await owner.publisher!.flush();
    await js.publish('luc.events.unit.status', 'not json');
    await js.publish('luc.events.unit.status', JSON.stringify({ ts: 1, kind: 'unit.status', id: 'U1' })); // rev and data missing
    await js.publish('luc.events.unit.status', JSON.stringify({ ts: 1, kind: 'unit.nope', id: 'U1', rev: 1, data: null }));
    owner.bus.publish('unit.status', 'U1', { n: 2 });
    await owner.publisher!.flush();
    await until(() => seen.length === 2);
    expect(seqsOf(seen)).toEqual([1, 5]);
    expect(front.bus.lastSeq()).toBe(5);
    const replay = await front.bus.since(0); // read from the stream again: still skipped, not logged twice
    expect(replay !== 'reset' && seqsOf(replay)).toEqual([1, 5]);
    const skipped = (seq: number): string[] => logs.filter((l) => l.includes(`skipped stream message ${seq}:`));
    expect(skipped(2).length).toBeGreaterThanOrEqual(1);
    expect(logs.filter((l) => l.startsWith('warn: event bus: skipped'))).toEqual(
      expect.arrayContaining(['warn: event bus: skipped stream message 2: not JSON', 'warn: event bus: skipped stream message 3: rev is not a positive integer', 'warn: event bus: skipped stream message 4: kind "unit.nope" is not an event kind']),
    );
    // Each bad message is logged once per instance that read it (owner and front), not per read.
    for (const seq of [2, 3, 4]) expect(skipped(seq).length).toBe(2);
  });

  it('survives a nats-server kill and restart: no event lost, none stored or delivered twice, order kept', async () => {
    const owner = await open('owner', { publisher: { ackTimeoutMs: 1_000, retryWaitMs: 100 } });
    const front = await open('front');
    const atOwner = collect(owner.bus);
    const atFront = collect(front.bus);
    let sent = 0;
    const publishSome = (n: number): void => {
      for (let i = 0; i < n; i += 1) {
        expect(owner.publisher!.publish('unit.status', `U${sent % 9}`, { n: sent })).toBe(true);
        sent += 1;
      }
    };
    publishSome(300);
    await until(() => atFront.length >= 100);
    await server.kill('SIGKILL');
    publishSome(300); // while NATS is down: they wait in the publisher
    await new Promise((r) => setTimeout(r, 300));
    await server.start();
    publishSome(300);
    await owner.publisher!.flush();
    await until(() => atFront.length >= sent && atOwner.length >= sent, 60_000);
    for (const seen of [atFront, atOwner]) {
      expect(seen.map((e) => (e.data as { n: number }).n)).toEqual(range(0, sent - 1));
      expect(seqsOf(seen)).toEqual(range(1, sent)); // nothing stored twice: seqs have no hole
    }
    const nc = await rawConnection();
    const info = await (await jetstreamManager(nc)).streams.info(EVENT_STREAM);
    expect(info.state.messages).toBe(sent);
    expect(logs.some((l) => l.includes('disconnected from NATS'))).toBe(true);
    expect(logs.some((l) => l.includes('reconnected to NATS'))).toBe(true);
  }, 90_000);

  it('bounds the publishes in flight and the events waiting; a flush resolves once all are stored', async () => {
    const owner = await open('owner', { publisher: { maxInFlight: 8, maxQueued: 100 } });
    const front = await open('front');
    const seen = collect(front.bus);
    const accepted = Array.from({ length: 150 }, (_, i) => owner.publisher!.publish('unit.usage', 'U1', { i }));
    expect(accepted.filter(Boolean).length).toBe(100); // the queue holds 100: the rest is refused, not buffered
    expect(accepted.slice(100).every((a) => !a)).toBe(true);
    expect(owner.publisher!.stats.dropped).toBe(50);
    expect(owner.publisher!.backlog()).toBeLessThanOrEqual(100);
    expect(logs.filter((l) => l.includes('new events are dropped while it is full')).length).toBe(1);
    await owner.publisher!.flush();
    expect(owner.publisher!.backlog()).toBe(0);
    expect(owner.publisher!.stats.peakInFlight).toBe(8);
    await until(() => seen.length === 100);
    expect(seen.map((e) => (e.data as { i: number }).i)).toEqual(range(0, 99));
    // The backlog stays bounded while NATS is away, and drains when it is back.
    await server.kill();
    for (let i = 0; i < 500; i += 1) owner.publisher!.publish('unit.usage', 'U1', { i: 1_000 + i });
    expect(owner.publisher!.backlog()).toBeLessThanOrEqual(100);
    await server.start();
    await owner.publisher!.flush();
    expect(owner.publisher!.stats.peakInFlight).toBe(8);
    await until(() => seen.length === 200, 60_000);
  }, 90_000);

  it('sends a given msgId as Nats-Msg-Id: a second publish with it is dropped by the stream', async () => {
    const owner = await open('owner');
    const front = await open('front');
    const seen = collect(front.bus);
    owner.bus.publish('channel.config', 'C1', { a: 1 }, { msgId: 'outbox-1' });
    owner.bus.publish('channel.config', 'C1', { a: 1 }, { msgId: 'outbox-1' }); // a relay that crashed before deleting the row
    owner.bus.publish('channel.config', 'C1', { a: 2 }, { msgId: 'outbox-2' });
    await owner.publisher!.flush();
    await until(() => seen.length === 2);
    expect(seen.map((e) => [e.seq, e.data])).toEqual([
      [1, { a: 1 }],
      [2, { a: 2 }],
    ]);
  });

  it('creates the stream with the configured retention and brings an existing one to it', async () => {
    const nc = await rawConnection();
    const jsm = await jetstreamManager(nc);
    const created = await ensureEventStream(jsm, { maxAgeS: 300, maxMsgs: 1_000_000 });
    expect(created.config).toMatchObject({ subjects: ['luc.events.>'], storage: 'file', max_age: 300e9, max_msgs: 1_000_000, duplicate_window: 120e9 });
    const updated = await ensureEventStream(jsm, { maxAgeS: 10, maxMsgs: 5_000 });
    expect(updated.config).toMatchObject({ max_age: 10e9, max_msgs: 5_000, duplicate_window: 10e9 });
  });

  it('serves websocket clients through the gateway on two instances: live, resumed from the ring, resumed from the stream', async () => {
    const owner = await open('owner');
    const fronts = [await open('front'), await open('front', { bus: { ringMaxEvents: 10 } })];
    const urls: string[] = [];
    for (const front of fronts) {
      const app = Fastify({ logger: false });
      registerLiveGateway(app, {
        bus: front.bus,
        authority: { groupOfUnit: () => 'G1', groupOfChannel: () => undefined },
        authenticate: () => ({ sessionId: 'S1', userId: 'u1', username: 'alice', userType: 'luc_regular', groupIds: ['G1'] }),
        allowedOrigins: () => true,
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      opened.push({ close: () => app.close() });
      const address = app.server.address();
      if (address === null || typeof address === 'string') throw new Error('no port');
      urls.push(`ws://127.0.0.1:${address.port}${LIVE_PATH}`);
    }
    const socket = async (url: string, resumeFrom: number | null): Promise<number[]> => {
      const ws = new WebSocket(url);
      opened.push({ close: async () => ws.terminate() });
      const seqs: number[] = [];
      ws.on('message', (data) => {
        const frame = JSON.parse(String(data)) as { seq?: number; op?: string };
        if (typeof frame.seq === 'number') seqs.push(frame.seq);
        else seqs.push(-1); // a control frame (reset) would show as -1
      });
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      ws.send(JSON.stringify({ op: 'subscribe', topics: ['group:G1'] }));
      if (resumeFrom !== null) ws.send(JSON.stringify({ op: 'resume', from: resumeFrom }));
      await new Promise<void>((resolve) => ws.once('pong', () => resolve()).ping());
      return seqs;
    };
    const live = await socket(urls[0]!, null);
    // unit.alert: a fact, never coalesced while a socket holds events (whole-state kinds would be).
    for (let i = 0; i < 50; i += 1) owner.bus.publish('unit.alert', `U${i % 4}`, { i });
    await owner.publisher!.flush();
    await until(() => live.length === 50 && fronts[1]!.bus.lastSeq() === 50);
    const fromRing = await socket(urls[0]!, 10); // the first front's ring holds all 50
    const fromStream = await socket(urls[1]!, 10); // the second keeps 10: 11..40 come from the stream
    for (let i = 50; i < 60; i += 1) owner.bus.publish('unit.alert', `U${i % 4}`, { i });
    await owner.publisher!.flush();
    await until(() => live.length === 60 && fromRing.length === 50 && fromStream.length === 50);
    expect(live).toEqual(range(1, 60));
    expect(fromRing).toEqual(range(11, 60));
    expect(fromStream).toEqual(range(11, 60));
  });

  it('reaches a throughput comparable to the in-process bus (reported, not asserted)', async () => {
    const owner = await open('owner');
    const front = await open('front');
    let received = 0;
    front.bus.subscribe(() => (received += 1));
    const count = 20_000;
    const started = performance.now();
    for (let i = 0; i < count; i += 1) owner.publisher!.publish('unit.status', `U${i % 100}`, { state: 'online', i });
    await until(() => received === count, 60_000);
    const streamRate = count / ((performance.now() - started) / 1000);
    const local = new EventBus();
    let localReceived = 0;
    local.subscribe(() => (localReceived += 1));
    const localStart = performance.now();
    for (let i = 0; i < count; i += 1) local.publish('unit.status', `U${i % 100}`, { state: 'online', i });
    const localRate = count / ((performance.now() - localStart) / 1000);
    expect(localReceived).toBe(count);
    console.info(`stream bus: ${Math.round(streamRate)} events/s (one publisher → one StreamBus); in-process EventBus ${Math.round(localRate)} events/s; ratio ${(streamRate / localRate).toFixed(4)}`);
  }, 90_000);
});

describe('StreamBus without NATS', () => {
  it('is a LiveBus (type check) and the factory is exported', () => {
    const asLiveBus = (bus: StreamBus): LiveBus => bus;
    expect(typeof asLiveBus).toBe('function');
    expect(typeof StreamPublisher).toBe('function');
  });
});
