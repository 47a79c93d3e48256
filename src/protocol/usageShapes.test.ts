/**
 * Usage shapes (usageShapes.ts): a usage payload split into shape and values gives back exactly the
 * payload, through the f64 values a frame would carry; shapes' keys are equal exactly when the
 * shapes are; payloads the split cannot hold have no shape; a value the guard would refuse is named.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isEnvelope } from './envelope.ts';
import { checkUsageValues, LINK_VALUE_KEYS, usagePayloadOf, usageShapeOf } from './usageShapes.ts';

const kbps = fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.double({ min: 0, max: 1e9, noNaN: true, noDefaultInfinity: true }));
const link = fc.record(
  {
    port: fc.constantFrom('eth0', 'eth1', 'wlan0', 'modem1', 'modem2'),
    name: fc.constantFrom('Ethernet 1', 'Wi-Fi 1', 'Modem 1', ''),
    type: fc.constantFrom('lan', 'wifi', 'cell'),
    connected: fc.boolean(),
    enabled: fc.boolean(),
    uplinkKbps: kbps,
    downlinkKbps: kbps,
    signal: fc.integer({ min: 0, max: 100 }),
    signalQuality: fc.double({ min: -200, max: 200, noNaN: true, noDefaultInfinity: true }),
    roaming: fc.boolean(),
    sim: fc.constantFrom('A', 'B', null),
  },
  { requiredKeys: ['port', 'uplinkKbps', 'downlinkKbps'] },
);
const usage = fc.record({ links: fc.array(link, { maxLength: 6 }), uplinkKbps: kbps, downlinkKbps: kbps }, { requiredKeys: ['links'] });

/** `value` with its undefined keys dropped (as the wire drops them), every number kept as it is. */
function withoutUndefined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutUndefined);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([, inner]) => inner !== undefined).map(([key, inner]) => [key, withoutUndefined(inner)]));
}

/** The values as a frame would carry them: f64, at an offset among other events' values. */
function throughWire(values: number[], before: number): Float64Array {
  const wire = new Float64Array(before + values.length + 3).fill(Number.NaN);
  wire.set(values, before);
  return wire;
}

describe('usage shapes', () => {
  it('shape + values give back exactly the payload, through f64 values at any offset (1,000 runs)', () => {
    fc.assert(
      fc.property(usage, fc.nat({ max: 40 }), (data, before) => {
        const split = usageShapeOf(data);
        expect(split).not.toBeNull();
        const { shape, values } = split as NonNullable<typeof split>;
        expect(values).toHaveLength(shape.valueCount);
        const wire = throughWire(values, before);
        expect(checkUsageValues(shape, wire, before)).toBeNull();
        const back = usagePayloadOf(shape, wire, before);
        expect(back).toStrictEqual(withoutUndefined(data)); // -0 stays -0 through f64, as through MessagePack (JSON would make it 0)
        expect(isEnvelope({ seq: 1, ts: 1, kind: 'unit.usage', id: 'U1', rev: 1, data: back })).toBe(true);
      }),
      { numRuns: 1_000 },
    );
  });

  it('two shapes have the same key exactly when they are the same shape (1,000 runs)', () => {
    fc.assert(
      fc.property(usage, usage, (a, b) => {
        const sa = usageShapeOf(a)?.shape;
        const sb = usageShapeOf(b)?.shape;
        expect(sa && sb).toBeTruthy();
        const { key: ka, ...restA } = sa as NonNullable<typeof sa>;
        const { key: kb, ...restB } = sb as NonNullable<typeof sb>;
        expect(ka === kb).toBe(JSON.stringify(restA) === JSON.stringify(restB));
      }),
      { numRuns: 1_000 },
    );
  });

  it('the same payload with other values keeps its shape', () => {
    const a = { links: [{ port: 'eth0', name: 'Ethernet 1', type: 'lan', connected: true, enabled: true, uplinkKbps: 20, downlinkKbps: 35, signal: 100, roaming: false }], uplinkKbps: 35, downlinkKbps: 82 };
    const b = { links: [{ port: 'eth0', name: 'Ethernet 1', type: 'lan', connected: false, enabled: true, uplinkKbps: 0, downlinkKbps: 1, signal: 40, roaming: false }], uplinkKbps: 0, downlinkKbps: 1 };
    expect(usageShapeOf(a)?.shape.key).toBe(usageShapeOf(b)?.shape.key);
    expect(usageShapeOf(a)?.values).toEqual([20, 35, 100, 1, 1, 35, 82]);
    // roaming is part of the shape, not a value: a change of it is another shape.
    expect(usageShapeOf({ ...b, links: [{ ...b.links[0], roaming: true }] })?.shape.key).not.toBe(usageShapeOf(a)?.shape.key);
  });

  it('payloads the split cannot hold exactly have no shape', () => {
    const good = { port: 'eth0', uplinkKbps: 1, downlinkKbps: 2 };
    for (const data of [
      null,
      [],
      { links: 'x' },
      { links: [good], extra: 1 },
      { links: [{ ...good, extra: 1 }] },
      { links: [{ ...good, port: 3 }] },
      { links: [{ ...good, uplinkKbps: -1 }] },
      { links: [{ ...good, uplinkKbps: '1' }] },
      { links: [{ ...good, connected: 1 }] },
      { links: [{ ...good, name: null }] },
      { links: [{ ...good, sim: 1 }] },
      { links: [good], uplinkKbps: -5 },
      { links: [7] },
    ]) {
      expect(usageShapeOf(data), JSON.stringify(data)).toBeNull();
    }
  });

  it('a value the payload guard would refuse is named, by index and field (300 runs)', () => {
    fc.assert(
      fc.property(
        usage.filter((data) => data.links.length > 0),
        fc.nat(),
        fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -1, 2, 0.5),
        (data, pick, bad) => {
          const { shape, values } = usageShapeOf(data) as NonNullable<ReturnType<typeof usageShapeOf>>;
          if (values.length === 0) return;
          const index = pick % values.length;
          const wire = Float64Array.from(values);
          wire[index] = bad;
          // Which field the index stands for, and whether the bad number is bad for it.
          let at = 0;
          let field = '';
          let kind = '';
          for (const [l, shapeLink] of shape.links.entries()) {
            for (let i = 0; i < LINK_VALUE_KEYS.length; i += 1) {
              if ((shapeLink.present & (1 << i)) === 0) continue;
              if (at === index) [field, kind] = [`links[${l}].${LINK_VALUE_KEYS[i]}`, i < 2 ? 'kbps' : i < 4 ? 'finite' : 'boolean'];
              at += 1;
            }
          }
          if (field === '') [field, kind] = [index === at ? (shape.totals & 1 ? 'uplinkKbps' : 'downlinkKbps') : 'downlinkKbps', 'kbps'];
          const refused = kind === 'boolean' ? bad !== 0 && bad !== 1 : kind === 'kbps' ? !(Number.isFinite(bad) && bad >= 0) : !Number.isFinite(bad);
          const reason = checkUsageValues(shape, wire, 0);
          if (refused) expect(reason).toContain(`value ${index} (${field})`);
          else expect(reason).toBeNull();
        },
      ),
      { numRuns: 300 },
    );
  });

  it('values outside the given ones are refused', () => {
    const { shape, values } = usageShapeOf({ links: [{ port: 'eth0', uplinkKbps: 1, downlinkKbps: 2 }] }) as NonNullable<ReturnType<typeof usageShapeOf>>;
    expect(checkUsageValues(shape, Float64Array.from(values), 1)).toMatch(/outside the 2 given/);
    expect(checkUsageValues(shape, Float64Array.from(values), -1)).toMatch(/outside/);
  });
});
