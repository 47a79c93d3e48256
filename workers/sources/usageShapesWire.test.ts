/**
 * Usage and status shapes on the wire (`?frames=bin2&usage=shapes`, `&status=shapes`;
 * src/protocol/shapesFrames.ts, the usage columns of binaryFramesV2.ts; docs/performance.md §3k,
 * §3q): for any mix of events, usage payloads of any shape (optional keys, sim, roaming, totals),
 * status payloads with numbers anywhere (battery, online since, arrays), payloads that have no
 * shape or whose shape the guard refuses (they go in the body), a small gateway shape table (full:
 * the rest in the body), reconnects, resets and truncated frames, the worker's session and pipeline
 * end with exactly the model and diffs of the batched JSON wire, with usage shapes alone and with
 * both kinds. Shapes frames and the usage columns round-trip; a bad frame is refused whole, nothing
 * applied, with a message naming the event, link and field (status shapes' own: statusShapes.test.ts).
 */
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Envelope } from '../../src/protocol/envelope.ts';
import { makeEvent } from '../../src/protocol/sampleEvents.ts';
import { ConnectionEncoderV2, ConnectionIds, EVENTS_USAGE_COLUMNS, readBinaryFrameV2, V2_BYTES_PER_EVENT, WireIdTable } from '../../src/protocol/binaryFramesV2.ts';
import { LinkLayouts } from '../../src/protocol/linkLayouts.ts';
import { EVENTS_OP } from '../../src/protocol/ops.ts';
import type { ShapeKinds } from '../../src/protocol/shapesFrames.ts';
import { ALL_SHAPE_KINDS, ConnectionShapes, descriptorOf, encodeShapesFrame, shapeOfDescriptor, WireShapeTable } from '../../src/protocol/shapesFrames.ts';
import { makeShape, usageShapeOf } from '../../src/protocol/usageShapes.ts';
import { takeSnapshotStamp } from '../pipeline/snapshotTiming.ts';
import { linksOfRecord } from '../model/fleetModel.ts';
import type { WiredWorker as Worker } from './wireTestHarness.ts';
import { buffersAsBytes, modelStateOf, TWO_UNIT_SNAPSHOT, wiredWorker } from './wireTestHarness.ts';

beforeEach(() => {
  takeSnapshotStamp();
});

const UNIT_IDS = ['U0', 'U1', 'U2', 'U3'] as const;
/** What a connection asking for usage shapes alone gets (a worker before §3q). */
const USAGE_ONLY: ShapeKinds = { usage: true, status: false };
const shapeKinds = fc.constantFrom(USAGE_ONLY, ALL_SHAPE_KINDS);

/** A unit's links as the model reads them (objects built from its shape and values when shaped). */
function linksOf(w: Worker, id: string): unknown {
  const unit = w.pipeline.model.units.get(id);
  return unit === undefined ? undefined : linksOfRecord(unit);
}

/** Integer kbps (JSON and f64 carry them alike; -0 is not a kbps a gateway sends). */
const kbps = fc.integer({ min: 0, max: 50_000 });
/** A usage link with any of its optional keys; a few types the guard refuses ('satellite'). */
const link = fc.record(
  {
    // Few layouts, so that a unit's next usage often keeps its layout and goes as a patch.
    port: fc.constantFrom('modem1', 'modem1', 'modem1', 'eth0'),
    name: fc.constantFrom('Modem 1'),
    type: fc.constantFrom('cell', 'cell', 'cell', 'cell', 'cell', 'cell', 'lan', 'satellite'),
    connected: fc.boolean(),
    enabled: fc.boolean(),
    uplinkKbps: kbps,
    downlinkKbps: kbps,
    signal: fc.integer({ min: -120, max: 100 }),
    signalQuality: fc.integer({ min: 0, max: 5 }),
    roaming: fc.boolean(),
    sim: fc.constantFrom('A', 'B', null),
  },
  { requiredKeys: ['port', 'uplinkKbps', 'downlinkKbps'] },
);
/** A usage payload: mostly shapeable; sometimes with a key no shape holds (it goes in the body). */
const usageData = fc
  .tuple(fc.record({ links: fc.array(link, { minLength: 1, maxLength: 2 }), uplinkKbps: kbps, downlinkKbps: kbps }, { requiredKeys: ['links'] }), fc.nat({ max: 19 }))
  .map(([data, odd]) => (odd === 0 ? { ...data, note: 'unshapeable' } : data));

/** A finite number as JSON carries it (no -0: JSON writes it 0). */
const jsonNumber = fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n));
/**
 * A status payload as the simulator sends (state, applications, video, intercom, battery, online
 * since) with numbers anywhere, an array of them; sometimes one the guard refuses (an application
 * that is a number: in the body, reported by both wires).
 */
const statusData = fc
  .tuple(
    fc.record(
      {
        state: fc.constantFrom('online', 'offline', 'idle'),
        applications: fc.constantFrom({}, { video: { state: 'streaming' } }, { store: {} }, { video: { state: 'speedtest' }, forward: {} }),
        video: fc.record({ state: fc.constantFrom('idle', 'streaming'), onAir: fc.boolean() }),
        intercom: fc.constant({}),
        battery: fc.record({ connected: fc.boolean(), charging: fc.boolean(), percentage: fc.integer({ min: 0, max: 100 }) }, { requiredKeys: [] }),
        onlineSince: fc.integer({ min: 0, max: 2 ** 41 }),
        readings: fc.array(jsonNumber, { maxLength: 3 }),
      },
      { requiredKeys: ['state'] },
    ),
    fc.nat({ max: 14 }),
  )
  .map(([data, odd]) => (odd === 0 ? { ...data, applications: { video: 5 } } : data));

type Draft = { kind: Envelope['kind']; id: string; data: unknown };
const draft: fc.Arbitrary<Draft> = fc.constantFrom(...UNIT_IDS).chain((id) =>
  fc.oneof(
    { weight: 6, arbitrary: usageData.map((data): Draft => ({ kind: 'unit.usage', id, data })) },
    { weight: 3, arbitrary: statusData.map((data): Draft => ({ kind: 'unit.status', id, data })) },
    {
      weight: 1,
      arbitrary: fc.array(link, { maxLength: 2 }).map((links): Draft => ({ kind: 'unit.added', id, data: { uid: id, name: `Unit ${id}`, type: '800', status: { state: 'online', applications: {} }, links } })),
    },
    { weight: 1, arbitrary: fc.constant<Draft>({ kind: 'unit.removed', id, data: {} }) },
  ),
);

type Step = { type: 'frame'; drafts: Draft[]; corrupt: number | null; json: boolean } | { type: 'reconnect'; newServer: boolean } | { type: 'reset' };
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .record({
        drafts: fc.array(draft, { minLength: 1, maxLength: 6 }),
        corrupt: fc.option(fc.double({ min: 0, max: 0.999, noNaN: true }), { freq: 5 }),
        // json: this frame reaches the binary worker as a text frame (as the resync buffer's events do).
        json: fc.nat({ max: 4 }).map((n) => n === 0),
      })
      .map((s): Step => ({ type: 'frame', ...s })),
  },
  { weight: 1, arbitrary: fc.boolean().map((newServer): Step => ({ type: 'reconnect', newServer })) },
  { weight: 1, arbitrary: fc.constant<Step>({ type: 'reset' }) },
);

function stateOf(w: Worker) {
  const { lastBadFrame: _last, badFrames: _bad, ...stats } = w.session.stats;
  return { ...modelStateOf(w), stats: { ...stats, framesIn: undefined } };
}

/** The diffs with the bad-frame report's presence only (its text names each wire's own check), buffers as bytes. */
function diffsOf(w: Worker): unknown[] {
  return w.diffs.map((diff) => buffersAsBytes({ ...diff, badFrames: diff.badFrames === undefined ? null : 'some' }));
}

describe('binary frames with usage (and status) shapes against batched JSON frames', () => {
  it('yield the same model and diffs for any mix of events, shapes, reconnects, resets and truncated frames (200 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), fc.integer({ min: 1, max: 40 }), fc.constantFrom(0, 24), shapeKinds, async (steps, shapeCapacity, inlineUnitsMax, kinds) => {
        // inlineUnitsMax 0: every diff's patches as columns (writePatchRow), as the worker's large diffs; 24: as objects.
        const json = wiredWorker({ inlineUnitsMax });
        const binary = wiredWorker({ inlineUnitsMax });
        for (const w of [json, binary]) w.answer({ watermark: 0, snapshot: TWO_UNIT_SNAPSHOT });
        await Promise.all([json.settle(), binary.settle()]);
        const table = new WireIdTable();
        let layouts = new LinkLayouts();
        let shapes = new WireShapeTable(shapeCapacity);
        let connection = new ConnectionEncoderV2(table, layouts, shapes, kinds);
        const revs = new Map<string, number>();
        let seq = 0;
        let corrupted = 0;
        const both = async (act: (w: Worker) => void) => {
          for (const w of [json, binary]) act(w);
          await Promise.all([json.settle(), binary.settle()]);
        };
        for (const s of steps) {
          if (s.type === 'reconnect') {
            await both((w) => {
              w.session.closed(0);
              w.session.opened();
            });
            if (s.newServer) {
              layouts = new LinkLayouts();
              shapes = new WireShapeTable(shapeCapacity); // a restarted gateway: the same numbers for other shapes
            }
            connection = new ConnectionEncoderV2(table, layouts, shapes, kinds);
            continue;
          }
          if (s.type === 'reset') {
            await both((w) => w.session.message('{"op":"reset"}'));
            connection.sent.restart();
            await both((w) => w.answer({ watermark: seq, snapshot: TWO_UNIT_SNAPSHOT }));
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
          else {
            const frames = connection.frames(events);
            for (const [at, frame] of frames.entries()) {
              if (s.corrupt !== null && at === frames.length - 1) {
                corrupted += 1;
                json.session.message(`{"op":"${EVENTS_OP}","events":[`); // the JSON wire's own truncated frame, at the same place
                const before = structuredClone(binary.pipeline.model.units);
                binary.session.binaryMessage(frame.slice(0, Math.floor(s.corrupt * frame.byteLength)));
                expect(binary.pipeline.model.units).toEqual(before); // refused whole
                expect(binary.session.stats.lastBadFrame).toMatch(/^binary frame( v2)?: /);
              }
              binary.session.binaryMessage(frame);
            }
          }
          json.session.message(text);
          for (const w of [json, binary]) {
            w.time.advance(700);
            w.pipeline.flush();
          }
          await Promise.all([json.settle(), binary.settle()]);
        }
        await both((w) => void w.pipeline.flush());
        // Bad events (a refused link type) are reported by both wires; the binary one also its truncated copies.
        expect(binary.session.stats.badFrames).toBe(json.session.stats.badFrames);
        expect(corrupted).toBeLessThanOrEqual(binary.session.stats.badFrames);
        expect(binary.reconnects).toEqual([]);
        expect(stateOf(binary)).toEqual(stateOf(json));
        expect(diffsOf(binary)).toEqual(diffsOf(json));
      }),
      { numRuns: 200 },
    );
  });
});

describe('shapes frames and the usage columns', () => {
  it('round-trip: every event read back equals the one encoded, shapes defined once per connection (300 runs)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(draft, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 20 }), shapeKinds, (frames, capacity, kinds) => {
        const connection = new ConnectionEncoderV2(new WireIdTable(), new LinkLayouts(), new WireShapeTable(capacity), kinds);
        const ids = new ConnectionIds();
        const shapes = new ConnectionShapes();
        let seq = 0;
        let shapesDefined = 0;
        for (const drafts of frames) {
          const events = drafts.map((d) => makeEvent(d.kind, d.id, 2, ++seq, d.data as never) as Envelope);
          const seen: unknown[] = [];
          for (const frame of connection.frames(events)) {
            const read = readBinaryFrameV2(frame, { table: ids, shapes, visit: (event) => void seen.push(structuredClone(event)), bad: (reason) => void seen.push(`bad ${reason.split(':')[0]}`) });
            expect(read.ok).toBe(true);
            if (read.ok && read.value.type === 'shapes') shapesDefined += read.value.count;
          }
          // JSON's view of the events (undefined keys dropped); a refused link type's event is reported, as the JSON wire does.
          const expected = (JSON.parse(JSON.stringify(events)) as Envelope[]).map((event, i) =>
            seen[i] !== undefined && typeof seen[i] === 'string' ? seen[i] : event,
          );
          expect(JSON.parse(JSON.stringify(seen))).toEqual(expected);
        }
        expect(shapes.size).toBe(shapesDefined); // no shape sent twice on one connection
      }),
      { numRuns: 300 },
    );
  });

  it('a shape descriptor reads back as the same shape; malformed descriptors are refused with the field named (500 runs)', () => {
    fc.assert(
      fc.property(usageData, (data) => {
        const split = usageShapeOf(data);
        if (split === null) return;
        const back = shapeOfDescriptor(descriptorOf(split.shape));
        if (typeof back === 'string') expect(back).toMatch(/refused by the unit\.usage guard/); // 'satellite'
        else expect(back).toEqual(split.shape);
      }),
      { numRuns: 500 },
    );
    expect(shapeOfDescriptor([0, 'eth0', 0, 'lan', 0, 0, 64])).toMatch(/^links\[0\]\.present is 64, expected 0 to 63/);
    expect(shapeOfDescriptor([0, 7, 0, 'lan', 0, 0, 3])).toBe('links[0].port is not a string');
    expect(shapeOfDescriptor([0, 'eth0', 0, 'lan', 'A', 0, 3])).not.toBeTypeOf('string');
    expect(shapeOfDescriptor([0, 'eth0', 0, 'lan', 'C', 0, 3])).toMatch(/refused by the unit\.usage guard/);
    expect(shapeOfDescriptor([0, 'eth0', 0, 'lan', 0, 0, 1])).toMatch(/refused by the unit\.usage guard/); // no downlinkKbps
    expect(shapeOfDescriptor([5])).toMatch(/^totals is 5/);
    expect(shapeOfDescriptor({})).toMatch(/is neither a usage descriptor \(an array of 1 \+ 6·links values\) nor a status descriptor/);
    expect(shapeOfDescriptor('modem1')).toMatch(/is neither a usage descriptor/);
  });
});

describe('a bad frame with usage shapes', () => {
  async function liveWorker() {
    const w = wiredWorker();
    w.answer({ watermark: 0, snapshot: TWO_UNIT_SNAPSHOT });
    await w.settle();
    return w;
  }
  const usage = (id: string, rev: number, seq: number, up: number) =>
    makeEvent('unit.usage', id, rev, seq, { links: [{ port: 'modem1', type: 'cell', uplinkKbps: up, downlinkKbps: 2, connected: true }] } as never) as Envelope;
  const events = [usage('U0', 2, 1, 10), makeEvent('unit.status', 'U1', 2, 2, { state: 'online', applications: {} }) as Envelope, usage('U1', 3, 3, 30)];
  /** ids, shapes and events frames of `events` on a fresh connection. */
  const frames = () => new ConnectionEncoderV2(new WireIdTable(), new LinkLayouts(), new WireShapeTable(), USAGE_ONLY).frames(events) as [Uint8Array, Uint8Array, Uint8Array];
  const N = events.length;
  /** Where the usage columns start (after the fixed columns and the layouts column). */
  const usageAt = 8 + (V2_BYTES_PER_EVENT + 4) * N;
  const valuesAt = usageAt + 4 * N + 4;
  const edit = (f: Uint8Array, act: (view: DataView) => void) => {
    const bad = f.slice();
    act(new DataView(bad.buffer));
    return bad;
  };

  it('the frames are ids, shapes, events, with the usage columns flag and one shape for both usage events', () => {
    const [ids, shapes, frame] = frames();
    expect([ids[2], shapes[2], frame[2]]).toEqual([1, 2, 0]);
    expect(frame[3]).toBe(1 | EVENTS_USAGE_COLUMNS);
    expect(new DataView(frame.buffer).getUint32(usageAt, true)).toBe(1);
    expect(new DataView(frame.buffer).getUint32(usageAt + 4, true)).toBe(0);
    expect(new DataView(frame.buffer).getUint32(usageAt + 8, true)).toBe(1);
    expect(new DataView(frame.buffer).getUint32(usageAt + 12, true)).toBe(6); // 3 values per event
  });

  it.each([
    ['cut inside the shape column', (f: Uint8Array) => f.slice(0, usageAt + 6), /^binary frame v2: usage columns: the shape column and value count end at byte 123, past the frame's 113 bytes/],
    ['cut inside the values', (f: Uint8Array) => f.slice(0, valuesAt + 20), /^binary frame v2: usage columns: 6 values \(bytes 123–170\) run past the frame's 143 bytes/],
    ['with a value count that does not add up', (f: Uint8Array) => edit(f, (v) => v.setUint32(usageAt + 12, 5, true)), /^binary frame v2: usage columns: bytes 119–122 \(value count\) are 5, but the shaped events' shapes hold 6 values/],
    ['with a shape not in the table', (f: Uint8Array) => edit(f, (v) => v.setUint32(usageAt + 8, 9, true)), /^binary frame v2: events\[2\]: shape 9 at byte 115 is not in the connection's shape table \(1 shapes/],
    ['with a shape on a status event', (f: Uint8Array) => edit(f, (v) => {
      v.setUint32(usageAt + 4, 1, true);
      v.setUint32(usageAt + 8, 0, true);
    }), /^binary frame v2: events\[1\] has a usage shape but its kind is unit\.status, not unit\.usage/],
    ['with a negative kbps', (f: Uint8Array) => edit(f, (v) => v.setFloat64(valuesAt + 8 * 3, -1, true)), /^binary frame v2: events\[2\] \(seq 3\): value 0 \(links\[0\]\.uplinkKbps\) is -1, expected a finite number ≥ 0/],
    ['with a NaN kbps', (f: Uint8Array) => edit(f, (v) => v.setFloat64(valuesAt + 8, Number.NaN, true)), /^binary frame v2: events\[0\] \(seq 1\): value 1 \(links\[0\]\.downlinkKbps\) is NaN/],
    ['with a flag of 2', (f: Uint8Array) => edit(f, (v) => v.setFloat64(valuesAt + 8 * 5, 2, true)), /^binary frame v2: events\[2\] \(seq 3\): value 2 \(links\[0\]\.connected\) is 2, expected 0 or 1/],
    ['lengthened past its body', (f: Uint8Array) => Uint8Array.from([...f, 0xc0]), /^binary frame v2: body at byte \d+ (is not valid MessagePack|must be an array)/],
  ])('events frame %s is refused whole; the stream goes on', async (_name, damage, message) => {
    const w = await liveWorker();
    const [ids, shapes, frame] = frames();
    w.session.binaryMessage(ids);
    w.session.binaryMessage(shapes);
    const before = structuredClone(w.pipeline.model.units);
    w.session.binaryMessage(damage(frame));
    expect(w.session.stats.badFrames).toBe(1);
    expect(w.session.stats.lastBadFrame).toMatch(message);
    expect(w.pipeline.model.units).toEqual(before);
    w.session.binaryMessage(frame);
    expect(w.session.stats.badFrames).toBe(1);
    expect(linksOf(w, 'U1')).toEqual([{ port: 'modem1', type: 'cell', uplinkKbps: 30, downlinkKbps: 2, connected: true }]);
  });

  it.each([
    ['truncated in the body', (f: Uint8Array) => f.slice(0, f.byteLength - 1), /^binary frame v2: shapes frame refused, the shape table is emptied: body at byte 12 is not valid MessagePack/],
    ['with a number 0', () => encodeShapesFrame([0], [makeShape([{ port: 'modem1', type: 'cell', present: 3 }], 0)], true), /^binary frame v2: shapes frame refused, the shape table is emptied: shapes\[0\]: number 0 at byte 8 is not 1 to 65535/],
    ['with a shape the guard refuses', () => encodeShapesFrame([1], [makeShape([{ port: 'modem1', type: 'satellite', present: 3 }], 0)], true), /^binary frame v2: shapes frame refused, the shape table is emptied: shapes\[0\] \(number 1\): the descriptor is refused by the unit\.usage guard/],
    ['with unknown flags', (f: Uint8Array) => Uint8Array.from([...f.slice(0, 3), 2, ...f.slice(4)]), /^binary frame v2: shapes frame refused, the shape table is emptied: byte 3 \(flags\) is 2 in a shapes frame/],
  ])('shapes frame %s is refused, the table emptied, a reconnect asked, and the next connection works', async (_name, damage, message) => {
    const w = await liveWorker();
    const [ids, shapes, frame] = frames();
    w.session.binaryMessage(ids);
    w.session.binaryMessage(damage(shapes));
    expect(w.session.stats.lastBadFrame).toMatch(message);
    expect(w.reconnects).toEqual(['binary frames: the id table was lost']);
    w.session.binaryMessage(frame); // its shape is not defined: refused, not misapplied
    expect(w.session.stats.lastBadFrame).toMatch(/shape 1 at byte \d+ is not in the connection's shape table \(0 shapes/);
    expect(w.pipeline.model.units.get('U0')?.rev).toBe(1);
    w.session.closed(0);
    w.session.opened();
    for (const again of frames()) w.session.binaryMessage(again);
    expect(linksOf(w, 'U0')).toEqual([{ port: 'modem1', type: 'cell', uplinkKbps: 10, downlinkKbps: 2, connected: true }]);
  });

  it('a reader without a shape table refuses the shapes frame and the flag', () => {
    const [ids, shapes, frame] = frames();
    const table = new ConnectionIds();
    const reader = { table, visit: () => expect.fail('nothing may be visited'), bad: (reason: string) => expect.fail(reason) };
    expect(readBinaryFrameV2(ids, reader).ok).toBe(true);
    expect(readBinaryFrameV2(shapes, reader)).toEqual({ ok: false, error: 'binary frame v2: a shapes frame (type 2), but this connection did not ask for usage shapes' });
    expect(readBinaryFrameV2(frame, reader)).toEqual({ ok: false, error: 'binary frame v2: byte 3 (flags) is 3 in an events frame, expected 0 or 1 (layouts)' });
  });
});
