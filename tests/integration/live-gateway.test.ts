import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { WebSocket } from 'ws';
import { EventBus } from '../../src/server/live/bus.ts';
import { registerLiveGateway, CLOSE_POLICY_VIOLATION, CLOSE_SESSION_ENDED, LIVE_PATH } from '../../src/server/live/gateway.ts';
import type { GatewayHandle, GatewayOptions, UserAccess } from '../../src/server/live/gateway.ts';
import type { LiveEvent, Principal, TopicAuthority } from '../../src/server/live/types.ts';

const ORIGIN = 'http://127.0.0.1:8080';
const UNIT_GROUP: Record<string, string> = { U1: 'G1', U2: 'G1', U3: 'G2' };
const CHANNEL_GROUP: Record<string, string> = { C1: 'G1', C2: 'G2' };
const USERS: Record<string, Principal> = {
  alice: { sessionId: 'S-alice', userId: 'u1', username: 'alice', userType: 'luc_regular', groupIds: ['G1'] },
  bob: { sessionId: 'S-bob', userId: 'u2', username: 'bob', userType: 'luc_regular', groupIds: ['G2'] },
};

interface Server {
  app: FastifyInstance;
  bus: EventBus;
  gateway: GatewayHandle;
  url: string;
}

/** What accessOf answers per user id (a test changes it before telling the gateway). */
const ACCESS: Record<string, UserAccess | null> = {};

async function startServer(options: GatewayOptions = {}, bus = new EventBus()): Promise<Server> {
  const app = Fastify({ logger: false });
  const authority: TopicAuthority = {
    groupOfUnit: (uid) => UNIT_GROUP[uid] ?? (/^N\d+$/.test(uid) ? 'G1' : undefined), // N0, N1, ...: a large fleet in G1
    groupOfChannel: (id) => CHANNEL_GROUP[id],
  };
  const gateway = registerLiveGateway(app, {
    bus,
    authority,
    authenticate: (req: FastifyRequest) => {
      const user = req.headers['x-test-user'];
      return typeof user === 'string' ? (USERS[user] ?? null) : null;
    },
    allowedOrigins: (req) => req.headers.origin === ORIGIN,
    accessOf: async (userId) => ACCESS[userId] ?? null,
    options,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { app, bus, gateway, url: `ws://127.0.0.1:${address.port}${LIVE_PATH}` };
}

interface Client {
  ws: WebSocket;
  frames: Record<string, unknown>[];
  events: () => LiveEvent[];
  send: (frame: unknown) => void;
  /** Resolves once the server handled every frame sent before (a ping is answered in order). */
  sync: () => Promise<void>;
  waitFor: (test: () => boolean, ms?: number) => Promise<void>;
  closed: Promise<number>;
}

function connect(url: string, user: string | undefined, origin = ORIGIN, extra: ConstructorParameters<typeof WebSocket>[2] = {}): Promise<Client> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (user !== undefined) headers['x-test-user'] = user;
    const ws = new WebSocket(url, { headers, origin, ...extra });
    const frames: Record<string, unknown>[] = [];
    const closed = new Promise<number>((res) => ws.on('close', (code) => res(code)));
    ws.on('message', (data) => frames.push(JSON.parse(String(data)) as Record<string, unknown>));
    ws.on('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.on('error', reject);
    ws.on('open', () =>
      resolve({
        ws,
        frames,
        events: () => frames.filter((f) => typeof f['seq'] === 'number') as unknown as LiveEvent[],
        send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
        sync: () =>
          new Promise<void>((res) => {
            ws.once('pong', () => res());
            ws.ping();
          }),
        waitFor: async (test, ms = 5000) => {
          const until = Date.now() + ms;
          while (!test()) {
            if (Date.now() > until) throw new Error('timed out waiting');
            await new Promise((r) => setTimeout(r, 10));
          }
        },
        closed,
      }),
    );
  });
}

let server: Server;
const clients: Client[] = [];
async function client(user = 'alice'): Promise<Client> {
  const c = await connect(server.url, user);
  clients.push(c);
  return c;
}

afterEach(async () => {
  for (const c of clients.splice(0)) c.ws.terminate();
  await server.app.close();
});

describe('live gateway: upgrade', () => {
  beforeEach(async () => {
    server = await startServer();
  });

  it('refuses an upgrade from a foreign Origin with 403', async () => {
    await expect(connect(server.url, 'alice', 'http://evil.example')).rejects.toThrow('HTTP 403');
  });

  it('refuses an upgrade without a session with 401', async () => {
    await expect(connect(server.url, undefined)).rejects.toThrow('HTTP 401');
    await expect(connect(server.url, 'mallory')).rejects.toThrow('HTTP 401');
  });

  it('closes the sockets of a session that ended with 4401, and only those', async () => {
    const a = await client('alice');
    const b = await client('bob');
    server.gateway.closeSessionSockets('S-alice');
    expect(await a.closed).toBe(CLOSE_SESSION_ENDED);
    expect(b.ws.readyState).toBe(WebSocket.OPEN);
  });
});

describe('live gateway: subscriptions and delivery', () => {
  beforeEach(async () => {
    server = await startServer();
  });

  it('delivers the envelope of a subscribed unit, and nothing of unsubscribed units', async () => {
    const c = await client();
    c.send({ op: 'subscribe', topics: ['unit:U1'] });
    await c.sync();
    server.bus.publish('unit.status', 'U2', { state: 'online' });
    const sent = server.bus.publish('unit.status', 'U1', { state: 'online', applications: {} });
    await c.waitFor(() => c.events().length > 0);
    await c.sync();
    expect(c.events()).toEqual([sent]);
    expect(Object.keys(c.events()[0] ?? {}).sort()).toEqual(['data', 'id', 'kind', 'rev', 'seq', 'ts']);
  });

  it('stops delivery after unsubscribe', async () => {
    const c = await client();
    c.send({ op: 'subscribe', topics: ['unit:U1'] });
    c.send({ op: 'unsubscribe', topics: ['unit:U1'] });
    await c.sync();
    server.bus.publish('unit.status', 'U1', {});
    await c.sync();
    expect(c.frames).toEqual([]);
  });

  it("delivers every event of the group's units and channels on the group topic, one copy each", async () => {
    const c = await client();
    c.send({ op: 'subscribe', topics: ['group:G1', 'unit:U1'] });
    await c.sync();
    server.bus.publish('unit.status', 'U1', {});
    server.bus.publish('unit.usage', 'U2', {});
    server.bus.publish('channel.status', 'C1', { status: 'idle' });
    server.bus.publish('unit.status', 'U3', {}); // G2
    server.bus.publish('channel.status', 'C2', {}); // G2
    await c.waitFor(() => c.events().length >= 3);
    await c.sync();
    expect(c.events().map((e) => `${e.kind} ${e.id}`)).toEqual(['unit.status U1', 'unit.usage U2', 'channel.status C1']);
  });

  it('answers topics outside the user groups with denied, per topic, and grants the others', async () => {
    const c = await client();
    c.send({ op: 'subscribe', topics: ['unit:U1', 'unit:U3', 'group:G2', 'channel:C2', 'unit:NOPE', 'group:G1'] });
    await c.waitFor(() => c.frames.length > 0);
    expect(c.frames).toEqual([{ op: 'denied', topics: ['unit:U3', 'group:G2', 'channel:C2', 'unit:NOPE'] }]);
    server.bus.publish('unit.status', 'U3', {});
    server.bus.publish('unit.status', 'U1', {});
    await c.waitFor(() => c.events().length > 0);
    await c.sync();
    expect(c.events().map((e) => e.id)).toEqual(['U1']);
  });

  it('resumes with exactly the missed events the client may see, in seq order', async () => {
    const first = await client();
    first.send({ op: 'subscribe', topics: ['group:G1'] });
    await first.sync();
    server.bus.publish('unit.status', 'U1', { n: 1 });
    await first.waitFor(() => first.events().length === 1);
    const lastSeen = first.events()[0]?.seq ?? -1;
    first.ws.terminate();
    const missed = [
      server.bus.publish('unit.status', 'U1', { n: 2 }),
      server.bus.publish('unit.status', 'U3', { n: 3 }), // another group: never sent
      server.bus.publish('channel.status', 'C1', { n: 4 }),
      server.bus.publish('unit.alert', 'U2', { n: 5 }),
    ];
    const second = await client();
    second.send({ op: 'subscribe', topics: ['group:G1'] });
    second.send({ op: 'resume', from: lastSeen });
    await second.waitFor(() => second.events().length >= 3);
    await second.sync();
    expect(second.events()).toEqual([missed[0], missed[2], missed[3]]);
  });

  it('answers resume with reset when the resume point is no longer held', async () => {
    await server.app.close();
    server = await startServer({}, new EventBus({ historyMaxEvents: 5 }));
    for (let i = 0; i < 10; i += 1) server.bus.publish('unit.status', 'U1', { i });
    const c = await client();
    c.send({ op: 'subscribe', topics: ['unit:U1'] });
    c.send({ op: 'resume', from: 3 });
    await c.waitFor(() => c.frames.length > 0);
    expect(c.frames).toEqual([{ op: 'reset' }]);
  });

  it('answers resume with reset for a resume point ahead of the server (a restarted server)', async () => {
    const c = await client();
    c.send({ op: 'resume', from: 99 });
    await c.waitFor(() => c.frames.length > 0);
    expect(c.frames).toEqual([{ op: 'reset' }]);
  });
});

describe('live gateway: bad frames', () => {
  beforeEach(async () => {
    server = await startServer();
  });

  it.each([
    ['not JSON', '{"op":', 'not valid JSON'],
    ['a JSON array', '[1,2]', 'must be a JSON object'],
    ['a JSON string', '"subscribe"', 'must be a JSON object'],
    ['no op', '{"topics":[]}', '"op" is required'],
    ['a numeric op', '{"op":7}', '"op" must be a string'],
    ['an unknown op', '{"op":"publish"}', 'unknown op "publish"'],
    ['topics not an array', '{"op":"subscribe","topics":"unit:U1"}', '"topics" must be an array'],
    ['a topic that is a number', '{"op":"subscribe","topics":["unit:U1",5]}', '"topics[1]" must be a string'],
    ['a malformed topic', '{"op":"unsubscribe","topics":["server:S1"]}', 'malformed topics'],
    ['a topic without id', '{"op":"subscribe","topics":["unit:"]}', 'malformed topics'],
    ['a negative resume point', '{"op":"resume","from":-1}', '"from" must be a non-negative integer'],
    ['a fractional resume point', '{"op":"resume","from":1.5}', '"from" must be a non-negative integer'],
    ['a string resume point', '{"op":"resume","from":"12"}', '"from" must be a non-negative integer'],
    ['1,001 topics (limit 1,000)', JSON.stringify({ op: 'subscribe', topics: Array.from({ length: 1001 }, (_, i) => `unit:X${i}`) }), 'at most 1000 per message'],
    ['a frame of 64 KiB + 1 byte', JSON.stringify({ op: 'subscribe', topics: [], pad: 'x'.repeat(65_536 - 28) }), 'larger than the 65536-byte limit'],
  ])('answers %s with an error frame naming the problem and stays open', async (_name, frame, message) => {
    const c = await client();
    c.send(frame);
    await c.waitFor(() => c.frames.length > 0);
    expect(c.frames[0]?.['op']).toBe('error');
    expect(String(c.frames[0]?.['message'])).toContain(message);
    c.send({ op: 'subscribe', topics: ['unit:U1'] });
    await c.sync();
    server.bus.publish('unit.status', 'U1', {});
    await c.waitFor(() => c.events().length === 1);
  });

  it('accepts a frame of exactly 64 KiB', async () => {
    const c = await client();
    const base = JSON.stringify({ op: 'subscribe', topics: ['unit:U1'], pad: '' });
    c.send(JSON.stringify({ op: 'subscribe', topics: ['unit:U1'], pad: 'x'.repeat(65_536 - base.length) }));
    await c.sync();
    server.bus.publish('unit.status', 'U1', {});
    await c.waitFor(() => c.events().length === 1);
    expect(c.frames.filter((f) => f['op'] === 'error')).toEqual([]);
  });

  it('accepts 1,000 topics in one message', async () => {
    const c = await client();
    c.send({ op: 'subscribe', topics: ['unit:U1', ...Array.from({ length: 999 }, (_, i) => `group:G1-${i}`)] });
    await c.waitFor(() => c.frames.length > 0);
    expect(c.frames[0]?.['op']).toBe('denied');
    expect((c.frames[0]?.['topics'] as string[]).length).toBe(999);
  });

  it('answers a binary frame with an error frame', async () => {
    const c = await client();
    c.ws.send(Buffer.from('{"op":"resume","from":0}'), { binary: true });
    await c.waitFor(() => c.frames.length > 0);
    expect(c.frames[0]).toEqual({ op: 'error', message: expect.stringContaining('binary frames') });
  });
});

describe('live gateway: heartbeat', () => {
  it('drops a peer that does not answer pings, keeps one that does', async () => {
    // Pings every 100 ms; a peer silent for 1.9 s is dropped. The margin is for a loaded machine:
    // the answering peer's pongs come from this same process, and an event loop held up for more
    // than 0.2 s (the old 300 ms setting) dropped it on a CI run. No timing is asserted: a deaf
    // peer that were never dropped would fail the test by its timeout.
    server = await startServer({ pingIntervalMs: 100, deadAfterMs: 2_000 });
    const deaf = await connect(server.url, 'alice', ORIGIN, { autoPong: false });
    const alive = await client();
    clients.push(deaf);
    await deaf.closed;
    expect(alive.ws.readyState).toBe(WebSocket.OPEN);
    expect(server.gateway.connectionCount()).toBe(1);
  });
});

describe('live gateway: slow consumers', () => {
  const PAD = 'p'.repeat(400); // ~500-byte frames: 100,000 of them are ~50 MB, beyond any socket buffer

  async function publishInChunks(count: number, make: (i: number) => void, observe: () => void): Promise<void> {
    for (let i = 0; i < count; i += 1) {
      make(i);
      if (i % 1000 === 999) {
        observe();
        await new Promise((r) => setImmediate(r));
      }
    }
  }

  it('coalesces a non-reading client per entity: bounded memory, last value wins, rev order kept', async () => {
    const highWater = 256 * 1024;
    const maxPending = 1000;
    server = await startServer({ highWaterBytes: highWater, lowWaterBytes: 64 * 1024, maxPendingEvents: maxPending });
    const c = await client();
    c.send({ op: 'subscribe', topics: ['group:G1'] });
    await c.sync();
    c.ws.pause();
    let maxBacklog = 0;
    let maxBuffered = 0;
    await publishInChunks(
      100_000,
      (i) => server.bus.publish(i % 3 === 0 ? 'unit.usage' : 'unit.status', i % 2 === 0 ? 'U1' : 'U2', { i, PAD }),
      () => {
        for (const b of server.gateway.backlogs()) {
          maxBacklog = Math.max(maxBacklog, b.events);
          maxBuffered = Math.max(maxBuffered, b.buffered);
        }
      },
    );
    expect(maxBacklog).toBeGreaterThan(0); // it did become a slow consumer
    expect(maxBacklog).toBeLessThanOrEqual(4); // 2 units × 2 whole-state kinds
    expect(maxBuffered).toBeLessThan(highWater + 2048);
    c.ws.resume();
    await c.waitFor(() => c.events().some((e) => e.id === 'U1' && e.rev === server.bus.revOf('U1')) && c.events().some((e) => e.id === 'U2' && e.rev === server.bus.revOf('U2')), 20_000);
    const received = c.events();
    expect(received.length).toBeLessThan(100_000);
    for (const id of ['U1', 'U2']) {
      const revs = received.filter((e) => e.id === id).map((e) => e.rev);
      expect(revs).toEqual([...revs].sort((a, b) => a - b));
      expect(new Set(revs).size).toBe(revs.length);
    }
    const seqs = received.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(c.frames.filter((f) => f['op'] === 'reset')).toEqual([]);
  }, 30_000);

  it('resets a client whose backlog overflows, and closes it when it overflows again before draining', async () => {
    const maxPending = 500;
    const actions: string[] = [];
    server = await startServer({
      highWaterBytes: 128 * 1024,
      lowWaterBytes: 32 * 1024,
      maxPendingEvents: maxPending,
      onSlowConsumer: (info) => actions.push(info.action),
    });
    const c = await client();
    c.send({ op: 'subscribe', topics: ['unit:U1'] });
    await c.sync();
    c.ws.pause();
    let maxBacklog = 0;
    await publishInChunks(
      100_000,
      (i) => server.bus.publish('unit.alert', 'U1', { i, PAD }), // alerts are facts: never coalesced
      () => {
        for (const b of server.gateway.backlogs()) maxBacklog = Math.max(maxBacklog, b.events);
      },
    );
    expect(maxBacklog).toBeLessThanOrEqual(maxPending + 1);
    expect(actions.slice(0, 2)).toEqual(['reset', 'closed']);
    expect(server.gateway.connectionCount()).toBe(0);
    c.ws.resume();
  }, 30_000);

  it('sends {"op":"reset"} to a client that overflows once and then reads', async () => {
    const actions: string[] = [];
    server = await startServer({
      highWaterBytes: 128 * 1024,
      lowWaterBytes: 32 * 1024,
      maxPendingEvents: 200,
      onSlowConsumer: (info) => actions.push(info.action),
    });
    const c = await client();
    c.send({ op: 'subscribe', topics: ['unit:U1'] });
    await c.sync();
    c.ws.pause();
    for (let i = 0; i < 100_000 && actions.length === 0; i += 1) {
      server.bus.publish('unit.alert', 'U1', { i, PAD });
      if (i % 100 === 99) await new Promise((r) => setImmediate(r));
    }
    expect(actions).toEqual(['reset']);
    c.ws.resume();
    await c.waitFor(() => c.frames.some((f) => f['op'] === 'reset'), 20_000);
    // after the reset the client is served again
    const before = c.events().length;
    await c.sync();
    const later = server.bus.publish('unit.status', 'U1', {});
    await c.waitFor(() => c.events().some((e) => e.seq === later.seq), 20_000);
    expect(c.events().length).toBeGreaterThan(before);
    expect(c.ws.readyState).toBe(WebSocket.OPEN);
  }, 30_000);
});

describe('live gateway: falling behind on the console wires (issue 15 item 4)', () => {
  const PAD = 'p'.repeat(400);
  const UNITS = 2_000;
  const MAX_PENDING = 500; // far below the fleet: the text wire's outbox overflows and resets

  /** Every event of the batched frames received, in order, and the control ops among them. */
  function received(c: Client): { events: LiveEvent[]; ops: Record<string, unknown>[]; order: string[] } {
    const events: LiveEvent[] = [];
    const ops: Record<string, unknown>[] = [];
    const order: string[] = [];
    for (const frame of c.frames) {
      if (frame['op'] === 'events') {
        for (const event of frame['events'] as LiveEvent[]) events.push(event);
        order.push(`events:${(frame['events'] as unknown[]).length}`);
      } else if (typeof frame['op'] === 'string') {
        ops.push(frame);
        order.push(frame['op']);
      } else events.push(frame as unknown as LiveEvent);
    }
    return { events, ops, order };
  }

  /** 25 whole-state events per unit (status and usage alternating), each unit's last `i` remembered. */
  async function flood(last: Map<string, number>, observe: () => void): Promise<void> {
    for (let i = 0; i < UNITS * 25; i += 1) {
      const id = `N${i % UNITS}`;
      const kind = Math.floor(i / UNITS) % 2 === 0 ? 'unit.status' : 'unit.usage';
      server.bus.publish(kind, id, { i, PAD });
      last.set(`${kind} ${id}`, i);
      if (i % 1000 === 999) {
        observe();
        await new Promise((r) => setImmediate(r));
      }
    }
  }

  async function slowClient(query: string): Promise<Client> {
    const c = await connect(`${server.url}${query}`, 'alice');
    clients.push(c);
    c.send({ op: 'subscribe', topics: ['group:G1'] });
    await c.sync();
    c.ws.pause(); // reads nothing: its send buffer fills and the gateway keeps a backlog
    return c;
  }

  // ?frames=bin takes the same path (the outbox is chosen by "batched or binary"); its frames are read here as batched JSON.
  it.each(['?frames=batch'])('%s: a socket that does not read gets the latest state per entity, marked, with no reset', async (query) => {
    const actions: string[] = [];
    server = await startServer({ highWaterBytes: 128 * 1024, lowWaterBytes: 32 * 1024, maxPendingEvents: MAX_PENDING, onSlowConsumer: (info) => actions.push(info.action) });
    const c = await slowClient(query);
    const last = new Map<string, number>();
    let maxBacklog = 0;
    await flood(last, () => {
      for (const b of server.gateway.backlogs()) maxBacklog = Math.max(maxBacklog, b.events);
    });
    expect(maxBacklog).toBeGreaterThan(MAX_PENDING); // beyond what the text wire holds before a reset
    // One entry per unit and whole-state kind, plus the rest of the one slot being sent when the buffer filled.
    expect(maxBacklog).toBeLessThanOrEqual(UNITS * 2 + 1);
    expect(actions).toEqual([]);
    c.ws.resume();
    await c.waitFor(() => c.frames.some((f) => f['op'] === 'caught-up'), 20_000);
    const { events, ops, order } = received(c);
    expect(ops.map((op) => op['op'])).toEqual(['behind', 'caught-up']); // no reset, so no snapshot
    // The mark comes before any event after the backlog began, and the catch-up after the last.
    expect(order.at(-1)).toBe('caught-up');
    // Latest state per entity and kind arrives; per unit the revs only go up.
    const lastSeen = new Map<string, number>();
    const revs = new Map<string, number>();
    for (const event of events) {
      expect(event.rev).toBeGreaterThan(revs.get(event.id) ?? 0);
      revs.set(event.id, event.rev);
      lastSeen.set(`${event.kind} ${event.id}`, (event.data as { i: number }).i);
    }
    expect(lastSeen).toEqual(last);
    for (let u = 0; u < UNITS; u += 1) expect(revs.get(`N${u}`)).toBe(server.bus.revOf(`N${u}`));
    expect(events.length).toBeLessThan(UNITS * 25); // conflated, not everything
    // The resume point: every event up to it was sent or replaced by a later state.
    expect(ops[1]!['seq']).toBe(Math.max(...events.map((e) => e.seq)));
    // Live again: the next event goes straight out, no marks around it.
    const later = server.bus.publish('unit.status', 'N1', { i: -1, PAD });
    await c.waitFor(() => received(c).events.some((e) => e.seq === later.seq), 20_000);
    expect(received(c).ops).toHaveLength(2);
  }, 60_000);

  it('the text wire keeps its reset under the same load (protocol.md unchanged)', async () => {
    const actions: string[] = [];
    server = await startServer({ highWaterBytes: 128 * 1024, lowWaterBytes: 32 * 1024, maxPendingEvents: MAX_PENDING, onSlowConsumer: (info) => actions.push(info.action) });
    const c = await slowClient('');
    await flood(new Map(), () => undefined);
    expect(actions[0]).toBe('reset');
    c.ws.resume();
    await c.waitFor(() => c.frames.some((f) => f['op'] === 'reset'), 20_000);
    expect(c.frames.some((f) => f['op'] === 'behind' || f['op'] === 'caught-up')).toBe(false);
  }, 60_000);

  it('resets a batched socket only when its facts overflow (alerts cannot be conflated)', async () => {
    const actions: string[] = [];
    server = await startServer({ highWaterBytes: 128 * 1024, lowWaterBytes: 32 * 1024, maxPendingEvents: MAX_PENDING, onSlowConsumer: (info) => actions.push(info.action) });
    const c = await slowClient('?frames=batch');
    for (let i = 0; i < 20_000 && actions.length === 0; i += 1) {
      server.bus.publish('unit.alert', `N${i % UNITS}`, { i, PAD });
      if (i % 100 === 99) await new Promise((r) => setImmediate(r));
    }
    expect(actions).toEqual(['reset']);
    c.ws.resume();
    await c.waitFor(() => c.frames.some((f) => f['op'] === 'reset'), 20_000);
    expect(c.frames.some((f) => f['op'] === 'behind')).toBe(false); // nothing was conflated
  }, 60_000);
});

/** Publishes `count` unit.status events of unit `uid` (seq 1..count on a fresh bus). */
function publishMany(bus: EventBus, uid: string, count: number): void {
  for (let i = 0; i < count; i += 1) bus.publish('unit.status', uid, { i });
}

describe('live gateway: fair work per socket (issue 16)', () => {
  beforeEach(async () => {
    server = await startServer({ resumeSliceEvents: 100 });
  });

  it('replays a resume in slices: another socket is answered before the replay ends, and live events follow the replay in seq order', async () => {
    publishMany(server.bus, 'U1', 5_000);
    const resuming = await client('alice');
    const other = await client('bob');
    resuming.send({ op: 'subscribe', topics: ['group:G1'] });
    await resuming.sync();
    const arrivals: string[] = [];
    resuming.ws.on('message', () => arrivals.push('replayed'));
    other.ws.on('message', () => arrivals.push('other'));
    resuming.send({ op: 'resume', from: 0 });
    await resuming.waitFor(() => resuming.events().length > 0);
    other.send({ op: 'subscribe', topics: ['group:G1'] }); // denied for bob: answered at once
    server.bus.publish('unit.status', 'U2', { live: true }); // seq 5001, published mid-replay
    await resuming.waitFor(() => resuming.events().length === 5_001);
    await other.waitFor(() => other.frames.length === 1);
    expect(other.frames[0]).toEqual({ op: 'denied', topics: ['group:G1'] });
    const lastReplayed = arrivals.lastIndexOf('replayed');
    expect(arrivals.indexOf('other')).toBeLessThan(lastReplayed);
    expect(resuming.events().map((e) => e.seq)).toEqual(Array.from({ length: 5_001 }, (_, i) => i + 1));
  });

  it('lets one resume run per socket: a second replaces the first', async () => {
    publishMany(server.bus, 'U1', 5_000);
    const c = await client('alice');
    c.send({ op: 'subscribe', topics: ['group:G1'] });
    await c.sync();
    c.send({ op: 'resume', from: 0 });
    c.send({ op: 'resume', from: 4_990 });
    await c.waitFor(() => c.events().at(-1)?.seq === 5_000);
    await c.sync();
    const seqs = c.events().map((e) => e.seq);
    expect(seqs.slice(-10)).toEqual(Array.from({ length: 10 }, (_, i) => 4_991 + i));
    expect(seqs.length).toBeLessThan(5_000); // the first replay stopped when the second came
  });

  it('tells a socket that keeps asking that it sends too many frames and closes it with 1008; other sockets keep their events', async () => {
    publishMany(server.bus, 'U1', 1_000);
    const flooder = await client('alice');
    const other = await client('bob');
    other.send({ op: 'subscribe', topics: ['group:G2'] });
    await other.sync();
    for (let i = 0; i < 200; i += 1) flooder.send({ op: 'resume', from: 0 });
    expect(await flooder.closed).toBe(CLOSE_POLICY_VIOLATION);
    const error = flooder.frames.find((f) => f['op'] === 'error');
    expect(String(error?.['message'])).toMatch(/^too many frames: a socket may send 100 frames per second \(a resume counts 20\) after a burst of 400; closing$/);
    server.bus.publish('unit.status', 'U3', {});
    await other.waitFor(() => other.events().some((e) => e.id === 'U3'));
  });
});

describe('live gateway: rights follow the user (issue 16)', () => {
  beforeEach(async () => {
    server = await startServer();
    ACCESS['u1'] = { active: true, groupIds: ['G1'] };
    UNIT_GROUP['U1'] = 'G1';
  });

  it('stops a group the user lost at once: 0 events after the change, the dropped topics named in one denied frame', async () => {
    const c = await client('alice');
    c.send({ op: 'subscribe', topics: ['group:G1', 'unit:U1'] });
    await c.sync();
    ACCESS['u1'] = { active: true, groupIds: [] };
    const applied = server.gateway.userAccessChanged('u1');
    // Published after the change was made and before the new rights are loaded: held, then dropped.
    server.bus.publish('unit.status', 'U1', {});
    await applied;
    server.bus.publish('unit.status', 'U2', {});
    await c.sync();
    expect(c.events()).toEqual([]);
    expect(c.frames).toEqual([{ op: 'denied', topics: ['group:G1', 'unit:U1'] }]);
  });

  it('keeps delivering the groups the user still has, including what was held while the rights loaded', async () => {
    const c = await client('alice');
    c.send({ op: 'subscribe', topics: ['group:G1'] });
    await c.sync();
    ACCESS['u1'] = { active: true, groupIds: ['G1', 'G2'] };
    const applied = server.gateway.userAccessChanged('u1');
    server.bus.publish('unit.status', 'U2', {});
    await applied;
    await c.waitFor(() => c.events().length === 1);
    expect(c.events()[0]?.id).toBe('U2');
    expect(c.frames.filter((f) => f['op'] === 'denied')).toEqual([]);
  });

  it('closes a deactivated or deleted user’s sockets with 4401', async () => {
    for (const access of [{ active: false, groupIds: ['G1'] }, null]) {
      const c = await client('alice');
      ACCESS['u1'] = access;
      await server.gateway.userAccessChanged('u1');
      expect(await c.closed).toBe(CLOSE_SESSION_ENDED);
    }
  });

  it('drops a unit topic when the unit moves to a group the socket does not hold, and a deleted group’s topic', async () => {
    const c = await client('alice');
    c.send({ op: 'subscribe', topics: ['unit:U1', 'group:G1'] });
    await c.sync();
    UNIT_GROUP['U1'] = 'G2';
    server.gateway.entityMoved('unit:U1', 'G2');
    server.bus.publish('unit.status', 'U1', {});
    server.gateway.groupRemoved('G1');
    server.bus.publish('unit.status', 'U2', {});
    await c.sync();
    expect(c.events()).toEqual([]);
    expect(c.frames).toEqual([
      { op: 'denied', topics: ['unit:U1'] },
      { op: 'denied', topics: ['group:G1'] },
    ]);
  });
});
