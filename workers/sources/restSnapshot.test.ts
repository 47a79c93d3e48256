import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeRestSnapshot, withoutNulls } from './restSnapshot.ts';

describe('decodeRestSnapshot: channels', () => {
  it('keeps a channel’s name and version (GET devices/fetch channels [{id, rev, name, version, status}])', () => {
    const decoded = decodeRestSnapshot({ watermark: 5, units: [], channels: [{ id: 'C1', rev: 2, name: 'News desk', version: '8.1.0', status: { status: 'idle' } }], servers: [] });
    expect(decoded.ok && decoded.value.snapshot.channels).toEqual([{ id: 'C1', rev: 2, name: 'News desk', version: '8.1.0', status: { status: 'idle' } }]);
  });

  it.each([
    ['no name or version', {}],
    ['a non-string name and an empty version', { name: 7, version: '' }],
  ])('decodes a channel with %s as id and rev only', (_label, extra) => {
    const decoded = decodeRestSnapshot({ watermark: 5, units: [], channels: [{ id: 'C1', rev: 2, ...extra }], servers: [] });
    expect(decoded.ok && decoded.value.snapshot.channels).toEqual([{ id: 'C1', rev: 2 }]);
  });
});

describe('withoutNulls (docs/performance.md §7f: Object.keys instead of Object.entries)', () => {
  /** The way before: every [key, value] of Object.entries, nulls left out. */
  const reference = (value: Record<string, unknown>): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) if (field !== null) out[key] = field;
    return out;
  };

  it('gives the same keys in the same order with the same values (the same objects, not copies) as Object.entries, for any object', () => {
    const field = fc.oneof(fc.constant(null), fc.constant(undefined), fc.jsonValue(), fc.object(), fc.constant(Number.NaN), fc.constant(-0));
    // Keys of any text, integer-like keys (ordered first by the engine) and __proto__ (an own key when parsed from JSON).
    const key = fc.oneof(fc.string(), fc.nat().map(String), fc.constant('__proto__'), fc.constant('constructor'));
    fc.assert(
      fc.property(fc.array(fc.tuple(key, field), { maxLength: 20 }), (pairs) => {
        const value = JSON.parse('{}') as Record<string, unknown>;
        for (const [name, item] of pairs) Object.defineProperty(value, name, { value: item, enumerable: true, writable: true, configurable: true });
        const got = withoutNulls(value);
        const want = reference(value);
        expect(Object.keys(got)).toEqual(Object.keys(want));
        expect(Object.getPrototypeOf(got)).toBe(Object.getPrototypeOf(want));
        for (const name of Object.keys(want)) expect(Object.is(got[name], want[name])).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
