/**
 * Status shapes (statusShapes.ts, docs/performance.md §3q): a unit.status payload is its template
 * plus its numbers; the payload rebuilt from them is the payload JSON would carry, the template
 * survives the shapes frame, shared parts are frozen, and bad templates, values and frames are
 * refused with the field named. The wire against batched JSON: workers/sources/usageShapesWire.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Envelope } from './envelope.ts';
import { ConnectionEncoderV2, ConnectionIds, readBinaryFrameV2, V2_BYTES_PER_EVENT, WireIdTable } from './binaryFramesV2.ts';
import { LinkLayouts } from './linkLayouts.ts';
import { EVENT_KINDS } from './kinds.ts';
import { isDataOf } from './payloadGuards.ts';
import { makeEvent } from './sampleEvents.ts';
import { ALL_SHAPE_KINDS, ConnectionShapes, descriptorOf, encodeShapesFrame, shapeOfDescriptor, WireShapeTable } from './shapesFrames.ts';
import type { StatusShape } from './statusShapes.ts';
import { checkStatusValues, MAX_STATUS_TEMPLATE_DEPTH, MAX_STATUS_TEMPLATE_NODES, splitStatus, statusShapeOfSplit, statusShapeOfTemplate } from './statusShapes.ts';

/** A payload's shape and values as the gateway makes them (null: in the body). */
function statusShapeOf(data: unknown): { shape: StatusShape; values: number[] } | null {
  const split = splitStatus(data);
  return split === null ? null : { shape: statusShapeOfSplit(split), values: split.values };
}

/** A finite number as JSON carries it (no -0: JSON writes it 0). */
const jsonNumber = fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n));
/** Any JSON value with numbers as JSON carries them (the arbitrary's own numbers replaced). */
const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(null, true, false, 'idle', 'streaming'),
    jsonNumber,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('state', 'onAir', 'percentage', 'since', 'x', 'y'), tie('value'), { maxKeys: 3 }),
  ),
})).value;
/** A status payload: mostly valid (a string state, applications of objects), sometimes not; any other fields. */
const statusPayload = fc.record(
  {
    state: fc.oneof(fc.constantFrom('online', 'offline'), jsonNumber),
    applications: fc.dictionary(fc.constantFrom('video', 'store', 'forward'), fc.oneof(fc.record({ state: fc.constantFrom('streaming', 'speedtest') }, { requiredKeys: [] }), jsonValue), { maxKeys: 3 }),
    video: jsonValue,
    battery: fc.record({ connected: fc.boolean(), percentage: fc.integer({ min: 0, max: 100 }) }),
    onlineSince: fc.integer({ min: 0, max: 2 ** 41 }),
  },
  { requiredKeys: [] },
);

/** Nodes of a JSON value (objects, arrays and leaves) and its depth, as statusShapes.ts counts them. */
function sizeOf(value: unknown, depth = 0): { nodes: number; depth: number } {
  if (typeof value !== 'object' || value === null) return { nodes: 1, depth };
  let nodes = 1;
  let deepest = depth + 1;
  for (const item of Object.values(value)) {
    const inner = sizeOf(item, depth + 1);
    nodes += inner.nodes;
    deepest = Math.max(deepest, inner.depth);
  }
  return { nodes, depth: deepest };
}

const shapeOf = (data: unknown): { shape: StatusShape; values: number[] } => {
  const split = statusShapeOf(data);
  if (split === null) throw new Error(`no shape for ${JSON.stringify(data)}`);
  return split;
};

describe('a status payload split into template and values', () => {
  it('rebuilds as JSON carries it, survives the shapes frame, and has a shape exactly when the guard accepts it (1,000 runs)', () => {
    fc.assert(
      fc.property(statusPayload, (data) => {
        const split = statusShapeOf(data);
        const size = sizeOf(data);
        const fits = size.nodes <= MAX_STATUS_TEMPLATE_NODES && size.depth <= MAX_STATUS_TEMPLATE_DEPTH;
        expect(split !== null).toBe(fits && isDataOf('unit.status', data));
        if (split === null) return;
        const json: unknown = JSON.parse(JSON.stringify(data));
        expect(split.shape.payloadOf(split.values, 0)).toEqual(json);
        expect(split.values).toHaveLength(split.shape.valueCount);
        const back = shapeOfDescriptor(structuredClone(descriptorOf(split.shape)));
        if (typeof back === 'string') expect.fail(back);
        expect(back.kind).toBe('unit.status');
        expect(back.key).toBe(split.shape.key);
        // Values from elsewhere in a block: `at` is where this event's start.
        expect((back as StatusShape).payloadOf([7, 7, ...split.values], 2)).toEqual(json);
      }),
      { numRuns: 1_000 },
    );
  });

  it('payloads that differ only in their numbers share one shape; the numbers are the values, in document order', () => {
    const a = shapeOf({ state: 'online', applications: {}, battery: { connected: true, percentage: 36 }, onlineSince: 1763700000000 });
    const b = shapeOf({ state: 'online', applications: {}, battery: { connected: true, percentage: 94 }, onlineSince: 1763700005000 });
    expect(a.shape.key).toBe(b.shape.key);
    expect(a.values).toEqual([36, 1763700000000]);
    expect(a.shape.valuePaths).toEqual(['.battery.percentage', '.onlineSince']);
    expect(shapeOf({ state: 'offline', applications: {}, battery: { connected: true, percentage: 36 }, onlineSince: 1 }).shape.key).not.toBe(a.shape.key);
    // A key whose value is undefined is dropped, as JSON drops it.
    expect(shapeOf({ state: 'online', applications: {}, battery: { connected: true, percentage: 1 }, onlineSince: 2, extra: undefined }).shape.key).toBe(a.shape.key);
  });

  it('shares every part without a number between payloads, frozen, and makes the parts with one new', () => {
    const { shape } = shapeOf({ state: 'online', applications: { video: { state: 'streaming' } }, video: { state: 'streaming', onAir: true }, battery: { connected: true, percentage: 50 } });
    const first = shape.payloadOf([10], 0) as Record<string, Record<string, unknown>>;
    const second = shape.payloadOf([90], 0) as Record<string, Record<string, unknown>>;
    expect(second.applications).toBe(first.applications);
    expect(second.video).toBe(first.video);
    expect(Object.isFrozen(first.applications) && Object.isFrozen(first.applications?.['video'])).toBe(true);
    expect(() => {
      (first.applications as Record<string, unknown>)['store'] = {};
    }).toThrow(TypeError);
    expect(second).not.toBe(first);
    expect(second.battery).not.toBe(first.battery);
    expect([first.battery?.['percentage'], second.battery?.['percentage']]).toEqual([10, 90]);
  });

  it('has no shape for what JSON cannot carry or the bounds refuse: the payload goes in the body', () => {
    const deep = (levels: number): unknown => (levels === 0 ? 1 : { x: deep(levels - 1) });
    expect(statusShapeOf({ state: 'online', since: Number.NaN })).toBeNull();
    expect(statusShapeOf({ state: 'online', when: new Date(0) })).toBeNull();
    expect(statusShapeOf({ state: 'online', big: 1n })).toBeNull();
    expect(statusShapeOf({ state: 'online', deep: deep(MAX_STATUS_TEMPLATE_DEPTH - 1) })).not.toBeNull();
    expect(statusShapeOf({ state: 'online', deep: deep(MAX_STATUS_TEMPLATE_DEPTH) })).toBeNull();
    expect(statusShapeOf({ state: 'online', list: Array.from({ length: MAX_STATUS_TEMPLATE_NODES - 3 }, () => 0) })).not.toBeNull();
    expect(statusShapeOf({ state: 'online', list: Array.from({ length: MAX_STATUS_TEMPLATE_NODES - 2 }, () => 0) })).toBeNull();
    expect(statusShapeOf(JSON.parse('{"state":"online","__proto__":{"x":1}}'))).toBeNull();
    expect(statusShapeOf({ state: 7 })).toBeNull(); // the guard: state must be a string
  });
});

describe('a status template read from the wire', () => {
  it.each([
    ['a number other than 0', { state: 'online', since: 5 }, 'template.since is 5; a template writes every number as 0'],
    ['a key that would set the prototype', JSON.parse('{"state":"online","__proto__":{}}'), 'template has the key "__proto__"'],
    ['a Map', { state: 'online', extra: new Map() }, 'template.extra is an object of class Map, not a JSON value'],
    ['nesting past the bound', { a: { b: { c: { d: { e: { f: { g: { h: { i: 0 } } } } } } } } }, 'template.a.b.c.d.e.f.g.h is nested deeper than 8 levels'],
    ['too many nodes', { list: Array.from({ length: MAX_STATUS_TEMPLATE_NODES }, () => 0) }, `template has more than ${MAX_STATUS_TEMPLATE_NODES} nodes`],
    ['the guard refusing it', { state: 0 }, /^template is refused by the unit\.status guard/],
    ['no object at all', 'online', /^template is refused by the unit\.status guard/],
  ])('with %s is refused, the field named', (_name, template, message) => {
    const read = statusShapeOfTemplate(template);
    if (typeof message === 'string') expect(read).toBe(message);
    else expect(read).toMatch(message);
  });

  it('names a value that is not a finite number by its path', () => {
    const { shape } = shapeOf({ state: 'online', battery: { percentage: 1 }, onlineSince: 2 });
    expect(checkStatusValues(shape, [50, 3], 0)).toBeNull();
    expect(checkStatusValues(shape, [50, Number.POSITIVE_INFINITY], 0)).toBe('value 1 (.onlineSince) is Infinity, expected a finite number');
    expect(checkStatusValues(shape, [Number.NaN, 3], 0)).toBe('value 0 (.battery.percentage) is NaN, expected a finite number');
    expect(checkStatusValues(shape, [1], 0)).toBe('values 0…1 are outside the 1 given');
  });
});

describe("the gateway's numbers", () => {
  it('give status templates at most half the table, so templates made per unit never leave usage shapes without numbers', () => {
    const table = new WireShapeTable(6);
    // A status payload with a per-unit string: one template per unit.
    const numbered = Array.from({ length: 5 }, (_, i) => table.statusShapedOf({ state: 'online', address: `10.0.0.${i}`, battery: { percentage: 50 } }));
    expect(numbered.map((shaped) => shaped?.number ?? null)).toEqual([1, 2, 3, null, null]);
    // A template numbered before the bound keeps its number.
    expect(table.statusShapedOf({ state: 'online', address: '10.0.0.1', battery: { percentage: 7 } })).toEqual({ number: 2, values: [7] });
    const usage = (port: string) => table.shapedOf({ links: [{ port, uplinkKbps: 1, downlinkKbps: 2 }] })?.number ?? null;
    expect([usage('modem1'), usage('modem2'), usage('modem3'), usage('modem4')]).toEqual([4, 5, 6, null]);
  });
});

describe('status shapes in version-2 frames', () => {
  const status = (id: string, rev: number, seq: number, percentage: number) =>
    makeEvent('unit.status', id, rev, seq, { state: 'online', applications: { video: { state: 'streaming' } }, battery: { connected: true, percentage } } as never) as Envelope;
  const usage = makeEvent('unit.usage', 'U2', 2, 3, { links: [{ port: 'modem1', uplinkKbps: 10, downlinkKbps: 2 }] } as never) as Envelope;
  const events = [status('U0', 2, 1, 36), status('U1', 2, 2, 94), usage];
  const N = events.length;
  const usageAt = 8 + (V2_BYTES_PER_EVENT + 4) * N;
  const valuesAt = usageAt + 4 * N + 4;
  const frames = () => new ConnectionEncoderV2(new WireIdTable(), new LinkLayouts(), new WireShapeTable(), ALL_SHAPE_KINDS).frames(events) as [Uint8Array, Uint8Array, Uint8Array];
  const reader = () => {
    const visited: Envelope[] = [];
    return { visited, table: new ConnectionIds(), shapes: new ConnectionShapes(), visit: (event: Envelope) => void visited.push(structuredClone(event)), bad: (reason: string) => expect.fail(reason) };
  };
  const edit = (f: Uint8Array, act: (view: DataView) => void) => {
    const bad = f.slice();
    act(new DataView(bad.buffer));
    return bad;
  };

  it('carry both status events under one shape, their numbers in the values block, and read back as sent', () => {
    const [ids, shapes, frame] = frames();
    const view = new DataView(frame.buffer);
    expect([1, 2, 3].map((k) => view.getUint32(usageAt + 4 * (k - 1), true))).toEqual([1, 1, 2]);
    expect(view.getUint32(usageAt + 4 * N, true)).toBe(1 + 1 + 2); // one value per status, two for the usage link
    expect([view.getFloat64(valuesAt, true), view.getFloat64(valuesAt + 8, true)]).toEqual([36, 94]);
    const r = reader();
    for (const f of [ids, shapes, frame]) expect(readBinaryFrameV2(f, r).ok).toBe(true);
    expect(r.visited).toEqual(JSON.parse(JSON.stringify(events)));
  });

  it.each([
    ['a NaN status value', (f: Uint8Array) => edit(f, (v) => v.setFloat64(valuesAt + 8, Number.NaN, true)), 'binary frame v2: events[1] (seq 2): value 0 (.battery.percentage) is NaN, expected a finite number'],
    ['a status shape on an event of another kind', (f: Uint8Array) => edit(f, (v) => v.setUint8(8 + 28 * N + 1, EVENT_KINDS.indexOf('unit.alert'))), 'binary frame v2: events[1] has a status shape but its kind is unit.alert, not unit.status'],
    ['the shapes of a status and a usage event swapped', (f: Uint8Array) => edit(f, (v) => {
      v.setUint32(usageAt, 2, true);
      v.setUint32(usageAt + 8, 1, true);
    }), 'binary frame v2: events[0] has a usage shape but its kind is unit.status, not unit.usage'],
  ])('an events frame with %s is refused whole, naming the event and field', (_name, damage, message) => {
    const [ids, shapes, frame] = frames();
    const r = reader();
    readBinaryFrameV2(ids, r);
    readBinaryFrameV2(shapes, r);
    expect(readBinaryFrameV2(damage(frame), r)).toEqual({ ok: false, error: message });
    expect(r.visited).toEqual([]);
  });

  it('a shapes frame whose status template is refused empties the table and names the shape', () => {
    const refused = { kind: 'unit.status', template: { state: 0 }, valueCount: 0, valuePaths: [], key: '', payloadOf: () => null } as unknown as StatusShape;
    const r = reader();
    const read = readBinaryFrameV2(encodeShapesFrame([1], [refused], true), r);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error).toMatch(/^binary frame v2: shapes frame refused, the shape table is emptied: shapes\[0\] \(number 1\): the descriptor \(status\) template is refused by the unit\.status guard/);
    expect(r.shapes.size).toBe(0);
  });
});
