/**
 * The websocket gateway over a bus whose `since` answers later (the scale-out StreamBus reads the
 * JetStream stream): a resume holds live events and control answers until its history is here,
 * never delivers an event twice (the history may reach past what the listeners got so far), and a
 * resume that arrives while another is still being read replaces it, as it does with the in-process
 * bus. The bus here is a hand-driven fake, so every interleaving is chosen by the test.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { WebSocket } from 'ws';
import type { BusListener, LiveBus } from '../../src/server/live/bus.ts';
import { LIVE_PATH, registerLiveGateway } from '../../src/server/live/gateway.ts';
import type { EventKind, LiveEvent, Principal } from '../../src/server/live/types.ts';

const ORIGIN = 'http://127.0.0.1:8080';
const ALICE: Principal = { sessionId: 'S-alice', userId: 'u1', username: 'alice', userType: 'luc_regular', groupIds: ['G1'] };
const UNIT_GROUP: Record<string, string> = { U1: 'G1', U2: 'G1', U3: 'G2' };

/** A bus driven by the test: `append` stores an event (the stream), `deliver` hands stored events to listeners, `answer` resolves a pending since. */
class ManualBus implements LiveBus {
  readonly stored: LiveEvent[] = [];
  private readonly listeners = new Set<BusListener>();
  private delivered = 0;
  readonly asked: { from: number; resolve: (v: LiveEvent[] | 'reset') => void; reject: (e: unknown) => void }[] = [];

  append(kind: EventKind, id: string, data: unknown = {}): LiveEvent {
    const event: LiveEvent = { seq: this.stored.length + 1, ts: Date.now(), kind, id, rev: this.stored.length + 1, data };
    this.stored.push(event);
    return event;
  }
  /** Delivers every stored event up to `seq` (default: all) to the listeners. */
  deliver(seq = this.stored.length): void {
    for (; this.delivered < seq; this.delivered += 1) for (const l of this.listeners) l(this.stored[this.delivered]!);
  }
  /** Answers the n-th since asked: the stored events after its `from` (through the last stored now). */
  answer(n: number, value?: 'reset'): void {
    const ask = this.asked[n]!;
    ask.resolve(value ?? this.stored.filter((e) => e.seq > ask.from));
  }
  fail(n: number): void {
    this.asked[n]!.reject(new Error('stream read failed'));
  }
  publish(kind: EventKind, id: string, data: unknown): void {
    this.append(kind, id, data);
    this.deliver();
  }
  subscribe(listener: BusListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  since(from: number): Promise<LiveEvent[] | 'reset'> {
    return new Promise((resolve, reject) => this.asked.push({ from, resolve, reject }));
  }
  lastSeq(): number {
    return this.delivered;
  }
  revOf(): number {
    return 0;
  }
  seedRevs(): void {}
}

let app: FastifyInstance;
let bus: ManualBus;
let url: string;
const sockets: WebSocket[] = [];

interface Client {
  frames: Record<string, unknown>[];
  seqs: () => number[];
  send: (frame: unknown) => void;
  /** Resolves once the server handled every frame sent before (a ping is answered in order). */
  sync: () => Promise<void>;
  waitFor: (test: () => boolean) => Promise<void>;
}

function connect(): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { 'x-test-user': 'alice' }, origin: ORIGIN });
    sockets.push(ws);
    const frames: Record<string, unknown>[] = [];
    ws.on('message', (data) => frames.push(JSON.parse(String(data)) as Record<string, unknown>));
    ws.on('error', reject);
    ws.on('open', () =>
      resolve({
        frames,
        seqs: () => frames.filter((f) => typeof f['seq'] === 'number').map((f) => f['seq'] as number),
        send: (frame) => ws.send(JSON.stringify(frame)),
        sync: () =>
          new Promise<void>((res) => {
            ws.once('pong', () => res());
            ws.ping();
          }),
        waitFor: async (test) => {
          const until = Date.now() + 10_000;
          while (!test()) {
            if (Date.now() > until) throw new Error(`timed out waiting; frames: ${JSON.stringify(frames)}`);
            await new Promise((r) => setTimeout(r, 10));
          }
        },
      }),
    );
  });
}

/** A client on group G1 that already has events 1..3 live. */
async function clientWithThree(): Promise<Client> {
  const c = await connect();
  c.send({ op: 'subscribe', topics: ['group:G1'] });
  await c.sync();
  for (let i = 0; i < 3; i += 1) bus.publish('unit.status', 'U1', { i });
  await c.waitFor(() => c.seqs().length === 3);
  return c;
}

beforeEach(async () => {
  bus = new ManualBus();
  app = Fastify({ logger: false });
  registerLiveGateway(app, {
    bus,
    authority: { groupOfUnit: (uid) => UNIT_GROUP[uid], groupOfChannel: () => undefined },
    authenticate: (req: FastifyRequest) => (req.headers['x-test-user'] === 'alice' ? ALICE : null),
    allowedOrigins: (req) => req.headers.origin === ORIGIN,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  url = `ws://127.0.0.1:${address.port}${LIVE_PATH}`;
});

afterEach(async () => {
  for (const ws of sockets.splice(0)) ws.terminate();
  await app.close();
});

describe('live gateway over a bus that answers resume later', () => {
  it('holds live events while the history is read, then sends the history and what came meanwhile, each once', async () => {
    const c = await clientWithThree();
    c.send({ op: 'resume', from: 1 });
    await c.sync();
    expect(bus.asked.map((a) => a.from)).toEqual([1]);
    bus.publish('unit.status', 'U2', { live: 4 });
    bus.publish('unit.status', 'U2', { live: 5 });
    await c.sync();
    expect(c.seqs()).toEqual([1, 2, 3]); // held while the bus reads
    bus.answer(0);
    await c.waitFor(() => c.seqs().length === 7);
    bus.publish('unit.status', 'U1', { live: 6 });
    await c.waitFor(() => c.seqs().length === 8);
    expect(c.seqs()).toEqual([1, 2, 3, 2, 3, 4, 5, 6]);
  });

  it('never delivers live an event the history already replayed (a stream read reaches past the listeners)', async () => {
    const c = await clientWithThree();
    bus.append('unit.status', 'U1', { stored: 4 }); // in the stream, not yet delivered here
    bus.append('unit.status', 'U1', { stored: 5 });
    c.send({ op: 'resume', from: 3 });
    await c.sync();
    bus.answer(0); // the history holds 4 and 5
    await c.waitFor(() => c.seqs().length === 5);
    bus.deliver(); // the listeners now get 4 and 5: already sent
    bus.publish('unit.status', 'U1', { live: 6 });
    await c.waitFor(() => c.seqs().length >= 6);
    await c.sync();
    expect(c.seqs()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('lets a second resume replace one still being read: the first answer is ignored, whenever it comes', async () => {
    const c = await clientWithThree();
    c.send({ op: 'resume', from: 0 });
    c.send({ op: 'subscribe', topics: ['group:G2'] }); // refused: its answer follows the replay
    c.send({ op: 'resume', from: 2 });
    await c.sync();
    expect(bus.asked.map((a) => a.from)).toEqual([0, 2]);
    bus.publish('unit.status', 'U2', { live: 4 });
    bus.answer(0); // stale: replaced by the second resume
    await c.sync();
    expect(c.seqs()).toEqual([1, 2, 3]);
    bus.answer(1);
    await c.waitFor(() => c.seqs().length === 5);
    await c.sync();
    expect(c.seqs()).toEqual([1, 2, 3, 3, 4]);
    // The denied answer to the frame sent between the two resumes went out before the second one started.
    const deniedAt = c.frames.findIndex((f) => f['op'] === 'denied');
    expect(c.frames[deniedAt]).toEqual({ op: 'denied', topics: ['group:G2'] });
    expect(deniedAt).toBe(3);
  });

  it("answers a control frame sent during the read after the replayed events, and 'reset' when the bus says so or fails", async () => {
    const c = await clientWithThree();
    c.send({ op: 'resume', from: 2 });
    c.send({ op: 'subscribe', topics: ['group:G2'] });
    await c.sync();
    expect(c.frames.some((f) => f['op'] === 'denied')).toBe(false); // deferred until the replay
    bus.answer(0);
    await c.waitFor(() => c.frames.some((f) => f['op'] === 'denied'));
    expect(c.frames.slice(3).map((f) => f['op'] ?? f['seq'])).toEqual([3, 'denied']);

    c.send({ op: 'resume', from: 0 });
    await c.sync();
    bus.answer(1, 'reset');
    await c.waitFor(() => c.frames.at(-1)?.['op'] === 'reset');

    c.send({ op: 'resume', from: 1 });
    await c.sync();
    bus.publish('unit.status', 'U1', { live: 4 });
    bus.fail(2);
    await c.waitFor(() => c.frames.filter((f) => f['op'] === 'reset').length === 2);
    await c.waitFor(() => c.seqs().at(-1) === 4); // the live event held meanwhile follows the reset
  });
});
