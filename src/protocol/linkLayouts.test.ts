/**
 * Link-layout numbers (linkLayouts.ts): a number stands for exactly one layout (port, name, type
 * of each link, in order) within one LinkLayouts, whichever refs use it; a ref whose layout did
 * not change keeps its number; what the key cannot read goes unnumbered (0).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layoutKeyOf, LinkLayouts } from './linkLayouts.ts';

/** Strings that would collide under a naive join: separators, quotes, the JSON of other values. */
const text = fc.constantFrom('a', 'b', 'a,b', 'a,', ',b', '"', '0', 'null', '', ',"b"');
const link = fc.record({ port: text, name: fc.option(text, { nil: undefined }), type: fc.option(text, { nil: undefined }), uplinkKbps: fc.nat(9) }, { requiredKeys: ['port', 'uplinkKbps'] });
const links = fc.array(link, { maxLength: 3 });
/** Two lists that differ at most in one field of one link (a random pair rarely has the same layout). */
const nearPair = links.chain((a) =>
  fc.record({ index: fc.nat(3), field: fc.constantFrom('port', 'name', 'type'), value: fc.option(text, { nil: undefined }) }).map(({ index, field, value }) => {
    const b = a.map((l) => ({ ...l }) as Record<string, unknown>);
    const target = b[index];
    if (target !== undefined) {
      if (value === undefined && field !== 'port') delete target[field];
      else target[field] = value ?? 'a';
    }
    return [a, b] as const;
  }),
);

/** The worker's own comparison (fleetPipeline.ts sameLinkLayout): the rule the numbers must agree with. */
function sameLayout(a: readonly Record<string, unknown>[], b: readonly Record<string, unknown>[]): boolean {
  return a.length === b.length && a.every((x, i) => x['port'] === b[i]?.['port'] && x['name'] === b[i]?.['name'] && x['type'] === b[i]?.['type']);
}

describe('link-layout numbers', () => {
  it('two link lists have the same key exactly when they have the same layout (1,000 runs)', () => {
    fc.assert(
      fc.property(fc.oneof(nearPair, fc.tuple(links, links)), ([a, b]) => {
        expect(layoutKeyOf(a) === layoutKeyOf(b)).toBe(sameLayout(a, b));
      }),
      { numRuns: 1_000 },
    );
  });

  it('over any usage stream, equal numbers mean equal layouts, and an unchanged layout keeps its number (300 runs)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(4), links), { maxLength: 60 }), (stream) => {
        const layouts = new LinkLayouts();
        const layoutOfNumber = new Map<number, Record<string, unknown>[]>();
        const last = new Map<number, { links: Record<string, unknown>[]; number: number }>();
        for (const [ref, ls] of stream) {
          const number = layouts.numberOf(ref, 'unit.usage', { links: ls });
          expect(number).toBeGreaterThan(0);
          const seen = layoutOfNumber.get(number);
          if (seen !== undefined) expect(sameLayout(seen, ls)).toBe(true);
          layoutOfNumber.set(number, ls);
          const previous = last.get(ref);
          if (previous !== undefined && sameLayout(previous.links, ls)) expect(number).toBe(previous.number);
          last.set(ref, { links: ls, number });
        }
      }),
      { numRuns: 300 },
    );
  });

  it('other kinds and links it cannot read go unnumbered', () => {
    const layouts = new LinkLayouts();
    expect(layouts.numberOf(0, 'unit.status', { links: [] })).toBe(0);
    expect(layouts.numberOf(0, 'unit.usage', null)).toBe(0);
    expect(layouts.numberOf(0, 'unit.usage', { links: 'eth0' })).toBe(0);
    expect(layouts.numberOf(0, 'unit.usage', { links: [{ port: 7 }] })).toBe(0);
    expect(layouts.numberOf(0, 'unit.usage', { links: [{ port: 'eth0', name: null }] })).toBe(0);
    expect(layouts.numberOf(0, 'unit.usage', { links: [null] })).toBe(0);
    expect(layouts.numberOf(0, 'unit.usage', { links: [{ port: 'eth0' }] })).toBe(1);
  });
});
