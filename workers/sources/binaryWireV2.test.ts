/**
 * Binary frames version 2 (?frames=bin2, src/protocol/binaryFramesV2.ts: ids once per connection,
 * a ref per event) against the batched JSON wire (?frames=batch): for any event sequence over units
 * added and removed, cut into any frames, with reconnects (a new connection: the table is sent
 * again), server resets (a snapshot: the table restarts), the server's table restarting when full
 * (a new generation), and truncated copies of frames slipped in, the worker's session and pipeline
 * end with exactly the same model and post the same diffs. A bad frame is refused whole with a
 * message naming the field and its byte offset, and the worker goes on.
 */
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Envelope } from '../../src/protocol/envelope.ts';
import { makeEvent } from '../../src/protocol/sampleEvents.ts';
import { encodeBinaryFrame } from '../../src/protocol/binaryFrames.ts';
import { ConnectionEncoderV2, ConnectionIds, encodeIdsFrame, readBinaryFrameV2, WireIdTable } from '../../src/protocol/binaryFramesV2.ts';
import { LinkLayouts } from '../../src/protocol/linkLayouts.ts';
import { EVENTS_OP } from '../../src/protocol/ops.ts';
import { takeSnapshotStamp } from '../pipeline/snapshotTiming.ts';
import type { WiredWorker as Worker } from './wireTestHarness.ts';
import { buffersAsBytes, modelStateOf, TWO_UNIT_SNAPSHOT, wiredWorker } from './wireTestHarness.ts';

// The snapshot-bytes stamp is one module-level value per worker (see binaryWire.test.ts).
beforeEach(() => {
  takeSnapshotStamp();
});

/** Ten units, a channel and a server: 12 ids, more than the smaller tables below hold. */
const UNIT_IDS = ['U0', 'U1', 'U2', 'U3', 'U4', 'U5', 'U6', 'U7', 'U8', 'U9'] as const;
/** Events per frame at most: a frame's distinct ids must fit the smallest table (6). */
const MAX_FRAME = 6;

const status = fc.record(
  {
    state: fc.constantFrom('online', 'offline', 'idle', 'upgrading'),
    applications: fc.uniqueArray(fc.constantFrom('video', 'store', 'upgrade'), { maxLength: 2 }).map((apps) => Object.fromEntries(apps.map((app) => [app, app === 'video' ? { state: 'streaming' } : {}]))),
    video: fc.record({ state: fc.constantFrom('streaming', 'idle'), onAir: fc.boolean() }),
    battery: fc.option(fc.record({ connected: fc.boolean(), charging: fc.boolean(), percentage: fc.integer({ min: 0, max: 100 }) }), { nil: null }),
  },
  { requiredKeys: ['applications'] },
);

const link = fc.record({
  port: fc.constantFrom('eth0', 'modem1'),
  name: fc.constantFrom('Ethernet 1', 'Modem 1'),
  type: fc.constantFrom('lan', 'cell'),
  connected: fc.boolean(),
  enabled: fc.boolean(),
  uplinkKbps: fc.integer({ min: 0, max: 20_000 }),
  downlinkKbps: fc.integer({ min: 0, max: 20_000 }),
  signal: fc.integer({ min: 0, max: 100 }),
});

type Draft = { kind: Envelope['kind']; id: string; data: unknown };
const draft: fc.Arbitrary<Draft> = fc.constantFrom(...UNIT_IDS).chain((id) =>
  fc.oneof(
    { weight: 5, arbitrary: status.map((data): Draft => ({ kind: 'unit.status', id, data })) },
    { weight: 3, arbitrary: fc.array(link, { maxLength: 2 }).map((links): Draft => ({ kind: 'unit.usage', id, data: { links } })) },
    {
      weight: 2,
      arbitrary: status.map((s): Draft => ({ kind: 'unit.added', id, data: { uid: id, name: `Unit ${id}`, type: '800', status: s } })),
    },
    { weight: 2, arbitrary: fc.constant<Draft>({ kind: 'unit.removed', id, data: {} }) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 9_000 }).map((delay): Draft => ({ kind: 'unit.config', id, data: { delay } })) },
    { weight: 1, arbitrary: fc.constant<Draft>({ kind: 'channel.status', id: 'C1', data: { status: 'collecting', allocatedTo: id } }) },
    { weight: 1, arbitrary: fc.constant<Draft>({ kind: 'server.status', id: 'S1', data: { state: 'online', upTime: 10, applications: {} } }) },
  ),
);

/**
 * One step of the stream: a frame of events (with a truncated copy slipped in before it on the
 * binary wire, cut at the given fraction of its length, when `corrupt` is set), a reconnect, or a
 * server reset that a snapshot answers.
 */
type Step = { type: 'frame'; drafts: [Draft, number][]; corrupt: number | null } | { type: 'reconnect'; newServer: boolean } | { type: 'reset' };
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .record({ drafts: fc.array(fc.tuple(draft, fc.integer({ min: -1, max: 2 })), { minLength: 1, maxLength: MAX_FRAME }), corrupt: fc.option(fc.double({ min: 0, max: 0.999, noNaN: true }), { freq: 4 }) })
      .map((s): Step => ({ type: 'frame', drafts: s.drafts, corrupt: s.corrupt })),
  },
  // newServer: the socket reconnects to a restarted server, whose link-layout numbers start again at 1.
  { weight: 1, arbitrary: fc.boolean().map((newServer): Step => ({ type: 'reconnect', newServer })) },
  { weight: 1, arbitrary: fc.constant<Step>({ type: 'reset' }) },
);

/** What must be equal between the two wires: the whole model and the session's counts (the bad frames' texts apart). */
function stateOf(w: Worker) {
  const { lastBadFrame: _last, ...stats } = w.session.stats;
  return { ...modelStateOf(w), stats: { ...stats, framesIn: undefined } }; // the binary wire has more frames (ids frames, corrupt copies)
}

/** The diffs with the bad-frame report's count only (its text names each wire's own check), buffers as bytes. */
function diffsOf(w: Worker): unknown[] {
  return w.diffs.map((diff) => buffersAsBytes({ ...diff, badFrames: diff.badFrames?.count ?? null }));
}

describe('binary frames version 2 against batched JSON frames', () => {
  it('yield the same model and diffs through adds, removals, reconnects, resets, table restarts and truncated frames (150 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40 }), fc.integer({ min: MAX_FRAME, max: 16 }), fc.integer({ min: 0, max: 3 }), async (steps, capacity, bufferedSteps) => {
        const json = wiredWorker();
        const binary = wiredWorker();
        // The server's side: one table for the gateway, a connection encoder per socket.
        const table = new WireIdTable(capacity);
        let layouts = new LinkLayouts();
        let connection = new ConnectionEncoderV2(table, layouts);
        const revs = new Map<string, number>();
        let seq = 100;
        let corrupted = 0;
        const both = async (act: (w: Worker) => void) => {
          for (const w of [json, binary]) act(w);
          await Promise.all([json.settle(), binary.settle()]);
        };
        for (const [index, s] of steps.entries()) {
          if (index === bufferedSteps) await both((w) => w.answer({ watermark: 100, snapshot: TWO_UNIT_SNAPSHOT }));
          if (s.type === 'reconnect') {
            await both((w) => {
              w.session.closed(0);
              w.session.opened(); // resumes (or fetches a snapshot when the last resync was cut short)
            });
            if (s.newServer) layouts = new LinkLayouts(); // the same numbers now stand for other layouts
            connection = new ConnectionEncoderV2(table, layouts); // a new socket: nothing of the table sent yet
            await both((w) => w.answer({ watermark: seq, snapshot: TWO_UNIT_SNAPSHOT }));
            continue;
          }
          if (s.type === 'reset') {
            await both((w) => w.session.message('{"op":"reset"}'));
            connection.sent.restart(); // as the gateway does after it sends a reset
            await both((w) => w.answer({ watermark: seq, snapshot: TWO_UNIT_SNAPSHOT }));
            continue;
          }
          const events = s.drafts.map(([d, jitter]) => {
            const current = revs.get(d.id) ?? 1;
            const rev = Math.max(1, current + jitter); // jitter -1..2: stale, duplicate, next, gap
            revs.set(d.id, Math.max(current, rev));
            seq += 1;
            return makeEvent(d.kind, d.id, rev, seq, d.data as never) as Envelope;
          });
          const frames = connection.frames(events);
          for (const [at, frame] of frames.entries()) {
            if (s.corrupt !== null && at === frames.length - 1) {
              // A truncated copy of the events frame, after its ids: refused whole, nothing applied.
              corrupted += 1;
              json.session.message(`{"op":"${EVENTS_OP}","events":[`); // the JSON wire's own truncated frame, at the same place
              binary.session.binaryMessage(frame.slice(0, Math.floor(s.corrupt * frame.byteLength)));
              // (a cut inside the first two bytes cannot say its version: the version-1 reader names the length)
              expect(binary.session.stats.lastBadFrame).toMatch(/^binary frame( v2)?: /);
            }
            binary.session.binaryMessage(frame);
          }
          json.session.message(JSON.stringify({ op: EVENTS_OP, events }));
          for (const w of [json, binary]) {
            w.time.advance(700); // 2 s transition polls and list reloads fire alike
            w.pipeline.flush();
          }
          await Promise.all([json.settle(), binary.settle()]);
        }
        await both((w) => w.answer({ watermark: 100, snapshot: TWO_UNIT_SNAPSHOT }));
        await both((w) => void w.pipeline.flush());
        expect(binary.session.stats.badFrames).toBe(corrupted);
        expect(binary.reconnects).toEqual([]); // every ref had its id before its first event
        expect(stateOf(binary)).toEqual(stateOf(json));
        expect(diffsOf(binary)).toEqual(diffsOf(json));
      }),
      { numRuns: 150 },
    );
  });
});

describe('a bad version-2 frame', () => {
  async function liveWorker() {
    const w = wiredWorker();
    w.answer({ watermark: 0, snapshot: TWO_UNIT_SNAPSHOT });
    await w.settle();
    return w;
  }
  const events = [
    makeEvent('unit.status', 'U1', 2, 2, { state: 'online', applications: { video: { state: 'streaming' } } }),
    makeEvent('unit.status', 'U0', 3, 3, { state: 'online', applications: {} }),
  ] as Envelope[];
  /** The ids frame (refs 0, 1) and the events frame of `events` on a fresh connection. */
  const pair = () => new ConnectionEncoderV2().frames(events) as [Uint8Array, Uint8Array];

  it.each([
    ['of another version', (f: Uint8Array) => Uint8Array.from([0x4c, 7, ...f.slice(2)]), /^binary frame: version 7, this client reads version 1/],
    ['of an unknown frame type', (f: Uint8Array) => Uint8Array.from([...f.slice(0, 2), 5, ...f.slice(3)]), /^binary frame v2: byte 2 \(frame type\) is 5, expected 0 \(events\), 1 \(ids\) or 2 \(shapes\)/],
    ['with an unknown flag set', (f: Uint8Array) => Uint8Array.from([...f.slice(0, 3), 5, ...f.slice(4)]), /^binary frame v2: byte 3 \(flags\) is 5 in an events frame, expected 0 or 1 \(layouts\) with 2 \(usage columns\)/],
    ['saying layouts without the column', (f: Uint8Array) => Uint8Array.from([...f.slice(0, 3), 1, ...f.slice(4, 66), ...f.slice(74)]), /^binary frame v2: body at byte 74 is not valid MessagePack/],
    ['with a count of 0', (f: Uint8Array) => Uint8Array.from([...f.slice(0, 4), 0, 0, 0, 0, ...f.slice(8)]), /^binary frame v2: bytes 4–7 \(count\) are 0, expected 1 to 1000 events/],
    ['cut inside the columns', (f: Uint8Array) => f.slice(0, 40), /^binary frame v2: events frame of 40 bytes, too short for 2 events \(the columns end at byte 74/],
    ['truncated in the body', (f: Uint8Array) => f.slice(0, f.byteLength - 2), /^binary frame v2: body at byte 74 is not valid MessagePack/],
    ['with a ref not in the table', (f: Uint8Array) => {
      const bad = f.slice();
      new DataView(bad.buffer).setUint32(8 + 24 * 2 + 4, 9, true); // the second event's ref
      return bad;
    }, /^binary frame v2: events\[1\] \(seq 3\): ref 9 at byte 60 is not in the connection's id table \(2 ids/],
  ])('events frame %s is refused whole; the stream goes on', async (_name, damage, message) => {
    const w = await liveWorker();
    const [ids, frame] = pair();
    w.session.binaryMessage(ids);
    const before = structuredClone(w.pipeline.model.units);
    w.session.binaryMessage(damage(frame));
    expect(w.session.stats.badFrames).toBe(1);
    expect(w.session.stats.lastBadFrame).toMatch(message);
    expect(w.pipeline.model.units).toEqual(before);
    w.session.binaryMessage(frame);
    expect(w.pipeline.model.units.get('U1')?.status).toBe('streaming');
    expect(w.pipeline.model.units.get('U0')?.rev).toBe(3);
  });

  it.each([
    ['with unknown flags', (f: Uint8Array) => Uint8Array.from([...f.slice(0, 3), 6, ...f.slice(4)]), /^binary frame v2: ids frame refused, the id table is emptied: byte 3 \(flags\) is 6 in an ids frame/],
    ['truncated in the body', (f: Uint8Array) => f.slice(0, f.byteLength - 1), /^binary frame v2: ids frame refused, the id table is emptied: body at byte 16 is not valid MessagePack/],
    ['with an empty id', () => encodeIdsFrame([0, 1], ['U1', ''], true), /^binary frame v2: ids frame refused, the id table is emptied: ids\[1\] in the body at byte 16 is "", expected a non-empty string/],
    ['with a ref past the bound', () => encodeIdsFrame([1 << 20], ['U1'], false), /^binary frame v2: ids frame refused, the id table is emptied: ids\[0\]: ref 1048576 at byte 8 is not below 1048576/],
  ])('ids frame %s is refused, the table emptied, a reconnect asked once, and the next connection works', async (_name, damage, message) => {
    const w = await liveWorker();
    const [ids, frame] = pair();
    w.session.binaryMessage(ids);
    w.session.binaryMessage(damage(ids));
    expect(w.session.stats.lastBadFrame).toMatch(message);
    expect(w.reconnects).toEqual(['binary frames: the id table was lost']);
    w.session.binaryMessage(frame); // its refs are gone with the table: refused, not misapplied
    expect(w.session.stats.lastBadFrame).toMatch(/^binary frame v2: events\[0\] \(seq 2\): ref 0 at byte 56 is not in the connection's id table \(0 ids/);
    expect(w.reconnects).toHaveLength(1);
    expect(w.pipeline.model.units.get('U1')?.rev).toBe(1);
    // The new connection gets the ids again (a new encoder: nothing sent yet) and the events apply.
    w.session.closed(0);
    w.session.opened();
    for (const again of pair()) w.session.binaryMessage(again);
    expect(w.pipeline.model.units.get('U1')?.status).toBe('streaming');
  });

  it('an events frame without the layouts column still reads (flags 0)', async () => {
    const w = await liveWorker();
    for (const frame of new ConnectionEncoderV2(new WireIdTable(), null).frames(events)) w.session.binaryMessage(frame);
    expect(w.session.stats.badFrames).toBe(0);
    expect(w.pipeline.model.units.get('U1')?.status).toBe('streaming');
    expect(w.pipeline.model.units.get('U0')?.rev).toBe(3);
  });

  it('a version-1 frame still reads on the same session', async () => {
    const w = await liveWorker();
    w.session.binaryMessage(encodeBinaryFrame(events));
    expect(w.session.stats.badFrames).toBe(0);
    expect(w.pipeline.model.units.get('U0')?.rev).toBe(3);
  });
});

describe('link-layout numbers', () => {
  const usage = (id: string, rev: number, seq: number, port: string) =>
    makeEvent('unit.usage', id, rev, seq, { links: [{ port, name: port, type: 'cell', uplinkKbps: seq, downlinkKbps: 0 }] } as never) as Envelope;

  it('a number from a restarted server that equals the old one for another layout still sends the unit whole', async () => {
    const w = wiredWorker();
    w.answer({ watermark: 0, snapshot: TWO_UNIT_SNAPSHOT });
    await w.settle();
    w.pipeline.flush();
    await w.settle();
    // The first server numbers U0's layout [modem1] 1; after a reconnect to a restarted server, [modem2] is 1 too.
    const before = new ConnectionEncoderV2(new WireIdTable(), new LinkLayouts());
    for (const frame of before.frames([usage('U0', 2, 1, 'modem1')])) w.session.binaryMessage(frame);
    w.pipeline.flush();
    await w.settle();
    w.session.closed(0);
    w.session.opened(); // resumes: the model (and U0's links) stay
    const after = new ConnectionEncoderV2(new WireIdTable(), new LinkLayouts());
    for (const frame of after.frames([usage('U0', 3, 2, 'modem2')])) w.session.binaryMessage(frame);
    w.pipeline.flush();
    await w.settle();
    expect(w.session.stats.badFrames).toBe(0);
    const last = w.diffs.at(-1);
    expect(JSON.stringify(last)).toContain('modem2'); // the unit's view, whole, with its new link names
    expect(w.pipeline.model.units.get('U0')?.links).toEqual([expect.objectContaining({ port: 'modem2' })]);
  });

  /** Links from a small alphabet, so that layouts repeat and change by one field (port, name or type) often. */
  const smallLink = fc.record({
    port: fc.constantFrom('eth0', 'modem1'),
    name: fc.option(fc.constantFrom('A', 'B'), { nil: undefined }),
    type: fc.constantFrom('lan', 'cell'),
    uplinkKbps: fc.integer({ min: 0, max: 9 }),
    downlinkKbps: fc.constant(0),
  }).map(({ name, ...link }) => (name === undefined ? link : { ...link, name }));
  const USAGE_IDS = ['U0', 'U1', 'U2'] as const;
  const usageDraft: fc.Arbitrary<Draft> = fc.constantFrom(...USAGE_IDS).chain((id) =>
    fc.oneof(
      { weight: 8, arbitrary: fc.array(smallLink, { maxLength: 2 }).map((links): Draft => ({ kind: 'unit.usage', id, data: { links } })) },
      { weight: 1, arbitrary: fc.constant<Draft>({ kind: 'unit.removed', id, data: {} }) },
      {
        weight: 1,
        arbitrary: fc.array(smallLink, { maxLength: 2 }).map((links): Draft => ({ kind: 'unit.added', id, data: { uid: id, name: `Unit ${id}`, type: '800', status: { state: 'online', applications: {} }, links } })),
      },
    ),
  );
  type UsageStep = { type: 'frame'; drafts: Draft[]; json: boolean } | { type: 'reconnect'; newServer: boolean };
  const usageStep: fc.Arbitrary<UsageStep> = fc.oneof(
    // json: this frame reaches the binary worker as a text frame too (no ref, no layout), as the resync buffer's events do.
    { weight: 8, arbitrary: fc.record({ drafts: fc.array(usageDraft, { minLength: 1, maxLength: 4 }), json: fc.boolean() }).map((f): UsageStep => ({ type: 'frame', ...f })) },
    { weight: 1, arbitrary: fc.boolean().map((newServer): UsageStep => ({ type: 'reconnect', newServer })) },
  );

  it('usage, adds and removals with repeating layouts, text frames between and restarted servers: the same model and diffs as batched JSON (300 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(usageStep, { minLength: 1, maxLength: 30 }), async (steps) => {
        const json = wiredWorker();
        const binary = wiredWorker();
        for (const w of [json, binary]) w.answer({ watermark: 0, snapshot: TWO_UNIT_SNAPSHOT });
        await Promise.all([json.settle(), binary.settle()]);
        const table = new WireIdTable();
        let layouts = new LinkLayouts();
        let connection = new ConnectionEncoderV2(table, layouts);
        const revs = new Map<string, number>();
        let seq = 0;
        for (const s of steps) {
          if (s.type === 'reconnect') {
            for (const w of [json, binary]) {
              w.session.closed(0);
              w.session.opened();
            }
            if (s.newServer) layouts = new LinkLayouts();
            connection = new ConnectionEncoderV2(table, layouts);
            continue;
          }
          const events = s.drafts.map((d) => {
            const rev = (revs.get(d.id) ?? 1) + 1;
            revs.set(d.id, rev);
            seq += 1;
            return makeEvent(d.kind, d.id, rev, seq, d.data as never) as Envelope;
          });
          const text = JSON.stringify({ op: EVENTS_OP, events });
          if (s.json) binary.session.message(text);
          else for (const frame of connection.frames(events)) binary.session.binaryMessage(frame);
          json.session.message(text);
          for (const w of [json, binary]) w.pipeline.flush();
          await Promise.all([json.settle(), binary.settle()]);
        }
        expect(binary.session.stats.badFrames).toBe(0);
        expect(stateOf(binary)).toEqual(stateOf(json));
        expect(diffsOf(binary)).toEqual(diffsOf(json));
      }),
      { numRuns: 300 },
    );
  });

  it('usage events with an unchanged layout go as patches, a changed one whole, on one connection', async () => {
    const json = wiredWorker();
    const binary = wiredWorker();
    for (const w of [json, binary]) w.answer({ watermark: 0, snapshot: TWO_UNIT_SNAPSHOT });
    await Promise.all([json.settle(), binary.settle()]);
    const connection = new ConnectionEncoderV2();
    const ports = ['modem1', 'modem1', 'modem1', 'eth0', 'eth0', 'modem1'];
    for (const [i, port] of ports.entries()) {
      const events = [usage('U0', i + 2, i + 1, port)];
      for (const frame of connection.frames(events)) binary.session.binaryMessage(frame);
      json.session.message(JSON.stringify({ op: EVENTS_OP, events }));
      for (const w of [json, binary]) w.pipeline.flush();
      await Promise.all([json.settle(), binary.settle()]);
    }
    expect(buffersAsBytes(binary.diffs)).toEqual(buffersAsBytes(json.diffs));
  });
});

describe('the id tables', () => {
  it('a connection is sent each id once, before its first event, and again after a restart or a new generation', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.constantFrom('A', 'B', 'C', 'D', 'E', 'F', 'G'), { minLength: 1, maxLength: 4 }), { maxLength: 30 }), fc.integer({ min: 4, max: 9 }), fc.array(fc.boolean(), { maxLength: 30 }), (frames, capacity, restarts) => {
        const table = new WireIdTable(capacity);
        const connection = new ConnectionEncoderV2(table);
        const client = new ConnectionIds();
        for (const [index, ids] of frames.entries()) {
          if (restarts[index] === true) connection.sent.restart();
          const events = ids.map((id, i) => makeEvent('unit.removed', id, 2, index * 10 + i + 1, {}) as Envelope);
          const seen: string[] = [];
          for (const frame of connection.frames(events)) {
            const read = readBinaryFrameV2(frame, { table: client, visit: (event) => void seen.push(event.id), bad: (reason) => expect.fail(reason) });
            expect(read.ok).toBe(true);
          }
          expect(seen).toEqual(ids);
        }
      }),
      { numRuns: 200 },
    );
  });
});
