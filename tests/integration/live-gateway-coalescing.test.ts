/**
 * The gateway's write coalescing (src/server/live/gateway.ts BurstCork): the frames of a burst of
 * events reach a socket in one write, in seq order, and ws's own frames (close) keep their place;
 * a socket opened with `?frames=batch` gets the burst as one `{"op":"events"}` frame instead.
 * Writes are counted on the server side's TCP sockets (net.Socket `_write` / `_writev`, the calls
 * that hand bytes to the kernel), so the counts do not depend on timing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Socket } from 'node:net';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import { EventBus } from '../../src/server/live/bus.ts';
import { CLOSE_SESSION_ENDED, LIVE_PATH, MAX_EVENTS_PER_FRAME, registerLiveGateway } from '../../src/server/live/gateway.ts';
import { decodeServerFrame, withBatchedFrames } from '../../src/protocol/ops.ts';
import { readBinaryFrame, withBinaryFrames } from '../../src/protocol/binaryFrames.ts';
import { ConnectionIds, isBinaryFrameV2, readBinaryFrameV2, withBinaryFramesV2, withStatusShapes, withUsageShapes } from '../../src/protocol/binaryFramesV2.ts';
import { ConnectionShapes } from '../../src/protocol/shapesFrames.ts';
import type { Envelope } from '../../src/protocol/envelope.ts';
import type { GatewayHandle, GatewayOptions } from '../../src/server/live/gateway.ts';
import type { Principal } from '../../src/server/live/types.ts';

const ORIGIN = 'http://127.0.0.1:8080';
const ALICE: Principal = { sessionId: 'S-alice', userId: 'u1', username: 'alice', userType: 'luc_regular', groupIds: ['G1'] };
const BURST = 50;

let app: FastifyInstance;
let bus: EventBus;
let gateway: GatewayHandle;
let url: string;
const sockets: WebSocket[] = [];

async function start(options: GatewayOptions, busOptions: ConstructorParameters<typeof EventBus>[0] = {}): Promise<void> {
  app = Fastify({ logger: false });
  bus = new EventBus(busOptions);
  gateway = registerLiveGateway(app, {
    bus,
    authority: { groupOfUnit: (uid) => (uid.startsWith('U') ? 'G1' : undefined), groupOfChannel: () => undefined },
    authenticate: () => ALICE,
    allowedOrigins: (req) => req.headers.origin === ORIGIN,
    options,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  url = `ws://127.0.0.1:${address.port}${LIVE_PATH}`;
}

/** seqs: every event's seq in arrival order; frames: how many events each frame held (0: a control frame). */
type Subscriber = {
  ws: WebSocket;
  seqs: number[];
  frames: number[];
  closed: Promise<number>;
  events: Envelope[];
  binaryFrames: number;
  /** Version 2: each ids frame's ids and restart flag, in arrival order, with the events frame count before it. */
  idsFrames: { ids: number; restart: boolean; afterFrames: number }[];
  shapesFrames: { shapes: number; restart: boolean; afterFrames: number }[];
  /** Version 2: each event's link-layout number (the events frame's layouts column; 0: none). */
  layouts: number[];
};

/**
 * A client subscribed to group:G1, once the server has handled the subscribe (a ping answered
 * after it). Frames are read with the console's own decoder, which also checks every envelope.
 */
async function subscriber(batched: boolean | 'bin' | 'bin2' | 'bin2-shapes' | 'bin2-status' = false): Promise<Subscriber> {
  const wsUrl =
    batched === 'bin'
      ? withBinaryFrames(url)
      : batched === 'bin2'
        ? withBinaryFramesV2(url)
        : batched === 'bin2-shapes'
          ? withUsageShapes(withBinaryFramesV2(url))
          : batched === 'bin2-status'
            ? withStatusShapes(withUsageShapes(withBinaryFramesV2(url)))
            : batched
              ? withBatchedFrames(url)
              : url;
  const ws = new WebSocket(wsUrl, { origin: ORIGIN });
  sockets.push(ws);
  const seqs: number[] = [];
  const frames: number[] = [];
  const received: Envelope[] = [];
  const state = { binaryFrames: 0 };
  const table = new ConnectionIds();
  const shapes = new ConnectionShapes();
  const idsFrames: Subscriber['idsFrames'] = [];
  const shapesFrames: Subscriber['shapesFrames'] = [];
  const layouts: number[] = [];
  ws.on('message', (data, isBinary) => {
    if (isBinary) {
      state.binaryFrames += 1;
      const bytes = data as Buffer;
      const events: Envelope[] = [];
      if (isBinaryFrameV2(bytes)) {
        const read = readBinaryFrameV2(bytes, {
          table,
          shapes,
          visit: (event, _ref, layout) => {
            events.push({ ...event });
            layouts.push(layout);
          },
          bad: (reason) => {
            throw new Error(reason);
          },
        });
        if (!read.ok) throw new Error(read.error);
        if (read.value.type === 'ids') {
          idsFrames.push({ ids: read.value.count, restart: read.value.restart, afterFrames: frames.length });
          return;
        }
        if (read.value.type === 'shapes') {
          shapesFrames.push({ shapes: read.value.count, restart: read.value.restart, afterFrames: frames.length });
          return;
        }
        frames.push(events.length);
        for (const event of events) seqs.push(event.seq);
        received.push(...events);
        return;
      }
      const read = readBinaryFrame(bytes, (event) => events.push({ ...event }), (reason) => {
        throw new Error(reason);
      });
      if (!read.ok) throw new Error(read.error);
      frames.push(events.length);
      for (const event of events) seqs.push(event.seq);
      received.push(...events);
      return;
    }
    const decoded = decodeServerFrame(String(data));
    if (!decoded.ok) throw new Error(decoded.error);
    const frame = decoded.value;
    if (frame.type === 'events') expect(frame.errors).toEqual([]);
    const events = frame.type === 'event' ? [frame.event] : frame.type === 'events' ? frame.events : [];
    frames.push(events.length);
    for (const event of events) seqs.push(event.seq);
    received.push(...events);
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve());
    ws.on('error', reject);
  });
  ws.send(JSON.stringify({ op: 'subscribe', topics: ['group:G1'] }));
  await new Promise<void>((resolve) => {
    ws.once('pong', () => resolve());
    ws.ping();
  });
  return {
    ws,
    seqs,
    frames,
    closed,
    events: received,
    idsFrames,
    shapesFrames,
    layouts,
    get binaryFrames() {
      return state.binaryFrames;
    },
  };
}

/** Counts the writes to the kernel of server-side sockets (accepted sockets have `server` set). */
function countServerWrites(): { writes: () => number } {
  let writes = 0;
  const proto = Socket.prototype as unknown as Record<'_write' | '_writev', (...args: unknown[]) => unknown>;
  for (const method of ['_write', '_writev'] as const) {
    const original = proto[method];
    vi.spyOn(proto, method).mockImplementation(function (this: { server?: unknown }, ...args: unknown[]) {
      if (this.server) writes += 1;
      return original.apply(this, args);
    });
  }
  return { writes: () => writes };
}

/** Publishes BURST status events of U1..U5 in one synchronous task (as a simulator tick does). */
function publishBurst(count = BURST): void {
  for (let i = 0; i < count; i += 1) bus.publish('unit.status', `U${(i % 5) + 1}`, { state: 'online' });
}

async function until(test: () => boolean): Promise<void> {
  while (!test()) await new Promise((resolve) => setTimeout(resolve, 5));
}

afterEach(async () => {
  vi.restoreAllMocks();
  for (const ws of sockets.splice(0)) ws.terminate();
  await app.close();
});

describe('live gateway: write coalescing', () => {
  beforeEach(() => start({}));

  it('writes a burst of events to each socket in one write, every event in seq order', async () => {
    const a = await subscriber();
    const b = await subscriber();
    const counter = countServerWrites();
    publishBurst();
    await until(() => a.seqs.length === BURST && b.seqs.length === BURST);
    expect(counter.writes()).toBe(2);
    const expected = Array.from({ length: BURST }, (_, i) => i + 1);
    expect(a.seqs).toEqual(expected);
    expect(b.seqs).toEqual(expected);
  });

  it('writes the events of separate tasks separately', async () => {
    const a = await subscriber();
    const counter = countServerWrites();
    for (let i = 0; i < 3; i += 1) {
      bus.publish('unit.status', 'U1', { state: 'online' });
      await new Promise((resolve) => setImmediate(resolve));
    }
    await until(() => a.seqs.length === 3);
    expect(counter.writes()).toBe(3);
  });

  it("keeps ws's own close frame after the burst's events", async () => {
    const a = await subscriber();
    publishBurst();
    gateway.closeSessionSockets(ALICE.sessionId);
    expect(await a.closed).toBe(CLOSE_SESSION_ENDED);
    expect(a.seqs).toHaveLength(BURST);
  });
});

describe('live gateway: batched frames (?frames=batch)', () => {
  beforeEach(() => start({}));
  const seqsUpTo = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);

  it('sends a burst as one events frame to a batched socket, one frame per event to the others', async () => {
    const batched = await subscriber(true);
    const plain = await subscriber(false);
    publishBurst();
    await until(() => batched.seqs.length === BURST && plain.seqs.length === BURST);
    expect(batched.frames).toEqual([BURST]);
    expect(plain.frames).toEqual(Array.from({ length: BURST }, () => 1));
    expect(batched.seqs).toEqual(seqsUpTo(BURST));
    expect(plain.seqs).toEqual(seqsUpTo(BURST));
  });

  it.each([
    [MAX_EVENTS_PER_FRAME - 1, [MAX_EVENTS_PER_FRAME - 1]],
    [MAX_EVENTS_PER_FRAME, [MAX_EVENTS_PER_FRAME]],
    [MAX_EVENTS_PER_FRAME + 1, [MAX_EVENTS_PER_FRAME, 1]],
    [2 * MAX_EVENTS_PER_FRAME + 500, [MAX_EVENTS_PER_FRAME, MAX_EVENTS_PER_FRAME, 500]],
  ])('splits a burst of %i events into frames of at most MAX_EVENTS_PER_FRAME: %j', async (count, sizes) => {
    const batched = await subscriber(true);
    publishBurst(count);
    await until(() => batched.seqs.length === count);
    expect(batched.frames).toEqual(sizes);
    expect(batched.seqs).toEqual(seqsUpTo(count));
  });

  it('frames the events of separate tasks separately', async () => {
    const batched = await subscriber(true);
    for (let i = 0; i < 3; i += 1) {
      publishBurst(2);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await until(() => batched.seqs.length === 6);
    expect(batched.frames).toEqual([2, 2, 2]);
  });

  it('sends the batch held for the burst before the close frame', async () => {
    const batched = await subscriber(true);
    publishBurst();
    gateway.closeSessionSockets(ALICE.sessionId);
    expect(await batched.closed).toBe(CLOSE_SESSION_ENDED);
    expect(batched.seqs).toEqual(seqsUpTo(BURST));
  });

  it('keeps frame order across events and control answers: resumed events, then a denied answer', async () => {
    const batched = await subscriber(true);
    publishBurst(3);
    await until(() => batched.seqs.length === 3);
    batched.frames.length = 0;
    batched.seqs.length = 0;
    // The resumed events are batched; the denied answer to the next client frame comes after them.
    batched.ws.send(JSON.stringify({ op: 'resume', from: 1 }));
    batched.ws.send(JSON.stringify({ op: 'subscribe', topics: ['unit:X9'] }));
    await until(() => batched.frames.length === 2);
    expect(batched.frames).toEqual([2, 0]);
    expect(batched.seqs).toEqual([2, 3]);
  });
});

describe('live gateway: binary frames (?frames=bin)', () => {
  beforeEach(() => start({}));
  const seqsUpTo = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);

  it('sends a burst as one binary frame holding exactly the envelopes a batched text frame holds', async () => {
    const binary = await subscriber('bin');
    const batched = await subscriber(true);
    publishBurst();
    await until(() => binary.seqs.length === BURST && batched.seqs.length === BURST);
    expect(binary.frames).toEqual([BURST]);
    expect(binary.binaryFrames).toBe(1);
    expect(binary.events).toEqual(batched.events);
  });

  it.each([
    [MAX_EVENTS_PER_FRAME, [MAX_EVENTS_PER_FRAME]],
    [MAX_EVENTS_PER_FRAME + 1, [MAX_EVENTS_PER_FRAME, 1]],
  ])('splits a burst of %i events into binary frames of at most MAX_EVENTS_PER_FRAME: %j', async (count, sizes) => {
    const binary = await subscriber('bin');
    publishBurst(count);
    await until(() => binary.seqs.length === count);
    expect(binary.frames).toEqual(sizes);
    expect(binary.seqs).toEqual(seqsUpTo(count));
  });

  it('keeps control answers as text frames, after the binary frame of the events before them', async () => {
    const binary = await subscriber('bin');
    publishBurst(3);
    await until(() => binary.seqs.length === 3);
    binary.frames.length = 0;
    binary.seqs.length = 0;
    binary.ws.send(JSON.stringify({ op: 'resume', from: 1 }));
    binary.ws.send(JSON.stringify({ op: 'subscribe', topics: ['unit:X9'] }));
    await until(() => binary.frames.length === 2);
    expect(binary.frames).toEqual([2, 0]); // the resumed events (binary), then the denied answer (text)
    expect(binary.seqs).toEqual([2, 3]);
  });
});

describe('live gateway: binary frames version 2 (?frames=bin2)', () => {
  beforeEach(() => start({}, { historyMaxEvents: 20 }));

  it('sends the ids a socket lacks in an ids frame before the events frame, once per connection', async () => {
    const v2 = await subscriber('bin2');
    const batched = await subscriber(true);
    publishBurst();
    await until(() => v2.seqs.length === BURST && batched.seqs.length === BURST);
    expect(v2.frames).toEqual([BURST]);
    expect(v2.idsFrames).toEqual([{ ids: 5, restart: true, afterFrames: 0 }]); // U1..U5, the table starts
    expect(v2.events).toEqual(batched.events);
    // The same units again: no ids frame. A unit first seen now: its id comes before its first event.
    publishBurst(3);
    bus.publish('unit.status', 'U9', { state: 'online' });
    await until(() => v2.seqs.length === BURST + 4 && batched.seqs.length === BURST + 4);
    expect(v2.idsFrames).toEqual([
      { ids: 5, restart: true, afterFrames: 0 },
      { ids: 1, restart: false, afterFrames: 1 },
    ]);
    expect(v2.events).toEqual(batched.events);
    // A second connection is sent its table from the start.
    const later = await subscriber('bin2');
    publishBurst(2);
    await until(() => later.seqs.length === 2);
    expect(later.idsFrames).toEqual([{ ids: 2, restart: true, afterFrames: 0 }]);
    expect(later.events).toEqual(batched.events.slice(-2));
  });

  it('numbers each usage event\'s link layout: the same number while a unit\'s layout holds, a new one when it changes', async () => {
    const v2 = await subscriber('bin2');
    const batched = await subscriber(true);
    const usage = (uid: string, port: string, kbps: number) => bus.publish('unit.usage', uid, { links: [{ port, name: port, type: 'cell', uplinkKbps: kbps, downlinkKbps: 0 }] });
    usage('U1', 'modem1', 1);
    usage('U2', 'modem1', 1);
    bus.publish('unit.status', 'U1', { state: 'online' });
    usage('U1', 'modem1', 2);
    usage('U1', 'modem2', 3);
    usage('U1', 'modem1', 4);
    await until(() => v2.seqs.length === 6 && batched.seqs.length === 6);
    expect(v2.events).toEqual(batched.events);
    const [u1, u2, status, same, changed, back] = v2.layouts;
    expect(status).toBe(0);
    expect([u1, u2, same, changed, back].every((n) => n !== undefined && n > 0)).toBe(true);
    expect(same).toBe(u1);
    expect(new Set([u1, u2, changed, back]).size).toBe(4); // a number is never reused, not even for a layout seen before
  });

  it('sends usage shapes to a socket that asked (&usage=shapes): a shapes frame before first use, once per connection; the same envelopes as batched JSON', async () => {
    const shaped = await subscriber('bin2-shapes');
    const v2 = await subscriber('bin2');
    const batched = await subscriber(true);
    const usage = (uid: string, port: string, kbps: number) => bus.publish('unit.usage', uid, { links: [{ port, name: port, type: 'cell', uplinkKbps: kbps, downlinkKbps: 0, connected: true }], uplinkKbps: kbps });
    usage('U1', 'modem1', 1);
    usage('U2', 'modem1', 2);
    bus.publish('unit.status', 'U1', { state: 'online' });
    usage('U1', 'modem2', 3);
    await until(() => shaped.seqs.length === 4 && v2.seqs.length === 4 && batched.seqs.length === 4);
    expect(shaped.events).toEqual(batched.events);
    expect(v2.events).toEqual(batched.events);
    expect(shaped.shapesFrames).toEqual([{ shapes: 2, restart: true, afterFrames: 0 }]); // [modem1] and [modem2]
    expect(v2.shapesFrames).toEqual([]); // a socket that did not ask gets none
    usage('U2', 'modem2', 4);
    await until(() => shaped.seqs.length === 5 && batched.seqs.length === 5);
    expect(shaped.events).toEqual(batched.events);
    expect(shaped.shapesFrames).toHaveLength(1); // nothing new: no shapes frame
    const later = await subscriber('bin2-shapes');
    usage('U1', 'modem1', 5);
    await until(() => later.seqs.length === 1);
    expect(later.shapesFrames).toEqual([{ shapes: 1, restart: true, afterFrames: 0 }]);
    expect(later.events).toEqual(batched.events.slice(-1));
  });

  it('sends status shapes to a socket that asked (&status=shapes) and to no other; the same envelopes as batched JSON', async () => {
    const both = await subscriber('bin2-status');
    const usageOnly = await subscriber('bin2-shapes');
    const batched = await subscriber(true);
    const status = (uid: string, state: string, percentage: number) =>
      bus.publish('unit.status', uid, { state, applications: state === 'online' ? { video: { state: 'streaming' } } : {}, battery: { connected: true, percentage }, onlineSince: 1_763_700_000_000 });
    status('U1', 'online', 40);
    status('U2', 'online', 90);
    status('U1', 'offline', 39);
    bus.publish('unit.usage', 'U1', { links: [{ port: 'modem1', uplinkKbps: 1, downlinkKbps: 2 }] });
    await until(() => both.seqs.length === 4 && usageOnly.seqs.length === 4 && batched.seqs.length === 4);
    expect(both.events).toEqual(batched.events);
    expect(usageOnly.events).toEqual(batched.events);
    expect(both.shapesFrames).toEqual([{ shapes: 3, restart: true, afterFrames: 0 }]); // online, offline, the usage link
    expect(usageOnly.shapesFrames).toEqual([{ shapes: 1, restart: true, afterFrames: 0 }]); // the usage link alone
  });

  it('restarts the table after a reset (the snapshot that follows gets a fresh table)', async () => {
    const v2 = await subscriber('bin2');
    publishBurst(30); // more than the bus keeps: a resume from 1 is answered with a reset
    await until(() => v2.seqs.length === 30);
    v2.ws.send(JSON.stringify({ op: 'resume', from: 1 }));
    await until(() => v2.frames.length === 2); // the reset (a text frame)
    expect(v2.frames).toEqual([30, 0]);
    publishBurst(2);
    await until(() => v2.seqs.length === 32);
    expect(v2.idsFrames).toEqual([
      { ids: 5, restart: true, afterFrames: 0 },
      { ids: 2, restart: true, afterFrames: 2 },
    ]);
  });
});
