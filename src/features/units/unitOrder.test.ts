import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { UnitView } from '../../../workers/pipeline/diff.ts';
import type { UnitColumn } from './columns.ts';
import { compareSortValues, sortValue, UNIT_COLUMNS } from './columns.ts';
import type { UnitSort } from './listPrefs.ts';
import { unitView } from './testViews.ts';
import { UnitOrder } from './unitOrder.ts';

/** The list's order written plainly (the rule of rows.ts): the reference the kept order must equal. */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
function reference(units: readonly UnitView[], matches: (unit: UnitView) => boolean, sort: UnitSort | null): string[] {
  const kept = units.filter(matches);
  if (sort === null) return kept.map((unit) => unit.id);
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...kept]
    .sort((a, b) => {
      const x = sortValue(sort.column, a);
      const y = sortValue(sort.column, b);
      if (x === undefined || y === undefined) {
        if (x !== y) return x === undefined ? 1 : -1;
      } else {
        const byValue = compareSortValues(sort.column, x, y);
        if (byValue !== 0) return sign * byValue;
      }
      return collator.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    })
    .map((unit) => unit.id);
}

/** A fleet the test changes in place, as the store does. */
function fleet(initial: readonly UnitView[]) {
  const units = new Map(initial.map((unit) => [unit.id, unit]));
  return { units, source: { unit: (id: string) => units.get(id), unitIds: () => [...units.keys()] } };
}

const names = fc.constantFrom('Paris-RR8-00001', 'paris-rr8-1', 'Paris-RR8-00010', 'Oslo_Cam-2', 'Oslo-Cam-2', 'Zürich 3', 'zurich 3', 'a', 'B');
const view = (id: string) =>
  fc.record({
    name: names,
    status: fc.constantFrom('idle', 'offline', 'streaming'),
    delayMs: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
    uplinkKbps: fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }),
    swVersion: fc.option(fc.constantFrom('8.10.0', '8.9.1', '8.9.1.0', 'x'), { nil: undefined }),
    serial: fc.option(fc.constantFrom('S-10', 's-9', 'S 1', 'Š 1'), { nil: undefined }),
    activeAlerts: fc.integer({ min: 0, max: 2 }),
  }).map((extra) => unitView(id, { ...extra, status: extra.status as UnitView['status'], applications: extra.status === 'streaming' ? ['video'] : [] }));
const sorts = fc.option(fc.record({ column: fc.constantFrom<UnitColumn>(...UNIT_COLUMNS), direction: fc.constantFrom<'asc' | 'desc'>('asc', 'desc') }), { nil: null });
const ids = ['u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7'];

describe('UnitOrder keeps the list order as units change', () => {
  it('equals the plain order after any sequence of changes, additions and removals', () => {
    fc.assert(
      fc.property(
        fc.tuple(...ids.slice(0, 5).map(view)),
        sorts,
        fc.boolean(),
        fc.array(fc.tuple(fc.constantFrom(...ids), fc.option(fc.constantFrom(...ids).chain(view), { nil: null })), { maxLength: 12 }),
        (initial, sort, filtered, steps) => {
          const { units, source } = fleet(initial);
          const matches = filtered ? (unit: UnitView) => unit.status !== 'offline' : null;
          const order = new UnitOrder(source);
          order.configure(sort, matches, null);
          order.rows();
          for (const [id, next] of steps) {
            const had = units.has(id);
            if (next === null) units.delete(id);
            else units.set(id, { ...next, id });
            if (had !== units.has(id)) order.noteMembership();
            order.noteChanged([id]);
            expect(order.rows().ids).toEqual(reference([...units.values()], matches ?? (() => true), sort));
          }
          expect(order.rows().total).toBe(units.size);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('hands back the same array while nothing that orders or filters the rows changed', () => {
    const { units, source } = fleet([unitView('a', { name: 'B' }), unitView('b', { name: 'A', uplinkKbps: 5 })]);
    const order = new UnitOrder(source);
    order.configure({ column: 'name', direction: 'asc' }, null, null);
    const first = order.rows().ids;
    expect(first).toEqual(['b', 'a']);
    // A bitrate change does not move a list sorted by name.
    units.set('b', { ...(units.get('b') as UnitView), uplinkKbps: 900 });
    order.noteChanged(['b']);
    expect(order.stale).toBe(false);
    expect(order.rows().ids).toBe(first);
    // Sorted by bitrate, it does.
    order.configure({ column: 'bitrate', direction: 'desc' }, null, null);
    expect(order.rows().ids).toEqual(['b', 'a']);
    units.set('a', { ...(units.get('a') as UnitView), uplinkKbps: 1000 });
    order.noteChanged(['a']);
    expect(order.stale).toBe(true);
    expect(order.rows().ids).toEqual(['a', 'b']);
  });

  it('refilters when a unit leaves the filter, and keeps the array when the filter result is the same', () => {
    const { units, source } = fleet([unitView('a', { status: 'offline' }), unitView('b')]);
    const order = new UnitOrder(source);
    order.configure({ column: 'name', direction: 'asc' }, (unit) => unit.status === 'offline', null);
    const first = order.rows().ids;
    expect(first).toEqual(['a']);
    units.set('b', { ...(units.get('b') as UnitView), activeAlerts: 2 });
    order.noteChanged(['b']);
    expect(order.rows().ids).toBe(first);
    units.set('b', { ...(units.get('b') as UnitView), status: 'offline' });
    order.noteChanged(['b']);
    expect(order.rows().ids).toEqual(['a', 'b']);
  });

  it('shows only the server search’s ids that the fleet holds, in the list order', () => {
    const { source } = fleet([unitView('a', { name: 'Z' }), unitView('b', { name: 'Y' }), unitView('c', { name: 'X' })]);
    const order = new UnitOrder(source);
    order.configure({ column: 'name', direction: 'asc' }, null, new Set(['a', 'c', 'elsewhere']));
    expect(order.rows()).toEqual({ ids: ['c', 'a'], total: 3 });
  });
});

describe('UnitOrder’s first rows (the list was empty)', () => {
  /** A deterministic fleet of `count` units (names from a few cities and numbers, values spread). */
  function bigFleet(count: number): UnitView[] {
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const cities = ['Paris', 'paris', 'Oslo', 'Zürich', 'Wien'];
    return Array.from({ length: count }, (_, index) =>
      unitView(`U${String(index).padStart(6, '0')}`, {
        name: `${cities[next(cities.length)] ?? ''}-RR8-${next(count)}`,
        status: next(3) === 0 ? 'offline' : 'idle',
        delayMs: next(4) === 0 ? undefined : next(5_000),
        swVersion: `8.${next(12)}.${next(3)}`,
      }),
    );
  }

  it.each([
    [{ column: 'name', direction: 'asc' }, false],
    [{ column: 'name', direction: 'desc' }, true],
    [{ column: 'delay', direction: 'desc' }, false],
    [{ column: 'version', direction: 'asc' }, true],
    [null, false],
  ] as const)('puts the first rows in their final order at once, then the rest: sort %j, filtered %s', (sort, filtered) => {
    const units = bigFleet(3_000);
    const { source } = fleet(units);
    const matches = filtered ? (unit: UnitView) => unit.status !== 'offline' : null;
    const expected = reference(units, matches ?? (() => true), sort);
    const order = new UnitOrder(source);
    order.configure(sort, matches, null);
    const first = order.rows({ quick: 50 });
    expect(first.partial).toBe(true);
    expect(first.total).toBe(3_000);
    expect(first.ids.slice(0, 50)).toEqual(expected.slice(0, 50));
    expect([...first.ids].sort()).toEqual([...expected].sort());
    expect(order.stale).toBe(true);
    const full = order.rows({ quick: 50 });
    expect(full.partial).toBeUndefined();
    expect(full.ids).toEqual(expected);
  });

  it('orders a small fleet in full at once', () => {
    const { source } = fleet(bigFleet(100));
    const order = new UnitOrder(source);
    order.configure({ column: 'name', direction: 'asc' }, null, null);
    expect(order.rows({ quick: 10 }).partial).toBeUndefined();
  });
});
