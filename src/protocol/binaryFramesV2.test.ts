import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Envelope } from './envelope.ts';
import { isEnvelope } from './envelope.ts';
import { BINARY_HEADER_BYTES } from './binaryFrames.ts';
import { ConnectionEncoderV2, ConnectionIds, readBinaryFrameV2, WireIdTable } from './binaryFramesV2.ts';
import { LinkLayouts } from './linkLayouts.ts';
import { EVENT_KINDS } from './kinds.ts';
import { ConnectionShapes, WireShapeTable } from './shapesFrames.ts';

/**
 * The reader checks an event's seq, ts, rev and kind from the columns it just read (headFits)
 * rather than through isEnvelope on its cursor: the verdicts must stay the same. A status event
 * (payload in the body) and a shaped usage event (values in the usage columns) get any f64 in
 * their seq, ts and rev columns and any byte as their kind; each is visited exactly when
 * isEnvelope accepts the envelope those columns make, and otherwise reported bad by index and seq.
 */
const status = { seq: 5, ts: 1_700_000_000_000, kind: 'unit.status', id: 'U1', rev: 2, data: { state: 'online', applications: {} } } as Envelope;
const usage = {
  seq: 6,
  ts: 1_700_000_000_001,
  kind: 'unit.usage',
  id: 'U2',
  rev: 3,
  data: { links: [{ port: 'eth0', name: 'Ethernet 1', type: 'lan', connected: true, enabled: true, uplinkKbps: 1200, downlinkKbps: 150, signalQuality: 80 }] },
} as Envelope;

const f64 = fc.oneof(
  fc.double(),
  fc.integer({ min: -3, max: 2 ** 53 + 2 }).map(Number),
  fc.constantFrom(0, -0, 1, 2 ** 53 - 1, 2 ** 53, 0.5, Number.NaN, Number.POSITIVE_INFINITY, -1),
);
const damage = fc.record({ seq: f64, ts: f64, rev: f64, kind: fc.integer({ min: 0, max: 255 }) }, { requiredKeys: [] });

describe('version-2 events frame: the head of each event checked from its columns', () => {
  // The status event in the body (usage shapes alone) and shaped (the console's wire: both kinds).
  it.each([
    ['usage shapes', { usage: true, status: false }],
    ['usage and status shapes', { usage: true, status: true }],
  ])('%s: an event is visited exactly when isEnvelope accepts its seq, ts, rev and kind (2,000 runs)', (_name, kinds) => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1 }), damage, (index, change) => {
        const shapes = new WireShapeTable();
        const [ids, shapesFrame, frame] = new ConnectionEncoderV2(new WireIdTable(), new LinkLayouts(), shapes, kinds).frames([status, usage]) as [Uint8Array, Uint8Array, Uint8Array];
        const count = 2;
        const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
        if (change.seq !== undefined) view.setFloat64(BINARY_HEADER_BYTES + 8 * index, change.seq, true);
        if (change.ts !== undefined) view.setFloat64(BINARY_HEADER_BYTES + 8 * count + 8 * index, change.ts, true);
        if (change.rev !== undefined) view.setFloat64(BINARY_HEADER_BYTES + 16 * count + 8 * index, change.rev, true);
        if (change.kind !== undefined) view.setUint8(BINARY_HEADER_BYTES + 28 * count + index, change.kind);
        const original = index === 0 ? status : usage;
        const kind = change.kind === undefined ? original.kind : EVENT_KINDS[change.kind];
        const expected = { ...original, seq: change.seq ?? original.seq, ts: change.ts ?? original.ts, rev: change.rev ?? original.rev, kind };
        // A kind byte that names another kind makes the payload that kind's: still isEnvelope's call.
        // A shaped event whose kind byte is not its shape's kind refuses the whole frame (checkShapedEvents).
        const shaped = index === 1 || kinds.status;
        const wholeFrameRefused = shaped && kind !== original.kind;
        const visited: number[] = [];
        const bad: string[] = [];
        const reader = {
          table: new ConnectionIds(),
          shapes: new ConnectionShapes(),
          visit: (event: Envelope) => visited.push(event.seq),
          bad: (reason: string) => bad.push(reason),
        };
        expect(readBinaryFrameV2(ids, reader).ok).toBe(true);
        expect(readBinaryFrameV2(shapesFrame, reader).ok).toBe(true);
        const read = readBinaryFrameV2(frame, reader);
        if (wholeFrameRefused) {
          expect(read.ok).toBe(false);
          return;
        }
        expect(read.ok).toBe(true);
        const other = index === 0 ? usage : status;
        const accepted = isEnvelope(expected);
        expect(visited).toEqual(index === 0 ? [...(accepted ? [expected.seq] : []), other.seq] : [other.seq, ...(accepted ? [expected.seq] : [])]);
        expect(bad).toHaveLength(accepted ? 0 : 1);
        if (!accepted) expect(bad[0]).toMatch(new RegExp(`^events\\[${index}\\] \\(seq `));
      }),
      { numRuns: 2_000 },
    );
  });

  it('reads a frame that is a view into a larger buffer: a Node Buffer from its pool, a Uint8Array at an odd offset', () => {
    const shapes = new WireShapeTable();
    const frames = new ConnectionEncoderV2(new WireIdTable(), new LinkLayouts(), shapes).frames([status, usage]);
    // The same frames, each placed at an odd offset inside a bigger buffer (CI found a Buffer's slice sharing its pool).
    const inside = (frame: Uint8Array, asBuffer: boolean): Uint8Array => {
      const pool = new Uint8Array(frame.byteLength + 13);
      pool.set(frame, 5);
      return asBuffer ? Buffer.from(pool.buffer, 5, frame.byteLength) : pool.subarray(5, 5 + frame.byteLength);
    };
    for (const asBuffer of [true, false]) {
      const visited: Envelope[] = [];
      const reader = { table: new ConnectionIds(), shapes: new ConnectionShapes(), visit: (event: Envelope) => visited.push({ ...event }), bad: (reason: string) => expect.fail(reason) };
      for (const frame of frames) expect(readBinaryFrameV2(inside(frame, asBuffer), reader)).toMatchObject({ ok: true });
      expect(visited).toEqual([status, usage]);
    }
  });

  it('the id table holds non-empty strings only', () => {
    const table = new ConnectionIds();
    expect(() => table.define(0, '')).toThrow(/ref 0 given "", expected a non-empty string/);
    table.define(1, 'U1');
    expect(() => table.remap(() => '')).toThrow(/ref 1 given ""/);
    expect(table.get(1)).toBe('U1');
  });
});
