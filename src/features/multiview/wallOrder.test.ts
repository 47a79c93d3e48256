import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { UnitView } from '../../../workers/pipeline/diff.ts';
import { unitView } from '../units/testViews.ts';
import { UNIT_TYPE_GROUPS } from '../../domain/units/productTypes.ts';
import { matchesFilters, NO_FILTERS, type MultiviewFilters } from './filters.ts';
import { filtersOff, WallOrder } from './wallOrder.ts';

/** The wall's rule written plainly: the units that pass the filters, by name (collator), ties by id. */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
function reference(units: readonly UnitView[], filters: MultiviewFilters): string[] {
  return units
    .filter((unit) => matchesFilters(unit, filters))
    .sort((a, b) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((unit) => unit.id);
}

/** A fleet the test changes in place, as the store does; counts the unit reads. */
function fleet(initial: readonly UnitView[]) {
  const units = new Map(initial.map((unit) => [unit.id, unit]));
  const reads = { count: 0 };
  const source = {
    unit: (id: string) => {
      reads.count += 1;
      return units.get(id);
    },
    unitIds: () => [...units.keys()],
  };
  return { units, source, reads };
}

const names = fc.constantFrom('Paris-RR8-00001', 'paris-rr8-1', 'Paris-RR8-00010', 'Oslo_Cam-2', 'Truck 7', 'truck 10', 'a', 'B');
const view = (id: string) =>
  fc
    .record({
      name: names,
      status: fc.constantFrom('idle', 'offline', 'streaming'),
      type: fc.constantFrom('800', '300', 'LU-Smart', 'unknown'),
      activeAlerts: fc.integer({ min: 0, max: 2 }),
    })
    .map((extra) => unitView(id, { ...extra, status: extra.status as UnitView['status'], applications: extra.status === 'streaming' ? ['video'] : [] }));
const filterSets = fc.record({
  statuses: fc.subarray(['offline', 'transmitting', 'online'] as const),
  types: fc.subarray([...UNIT_TYPE_GROUPS], { maxLength: 2 }),
  alertsOnly: fc.boolean(),
  search: fc.constantFrom('', 'paris', ' TRUCK ', 'x'),
  layout: fc.constant('fit' as const),
});
const ids = ['u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7'];

type Step = { kind: 'unit'; id: string; next: UnitView | null } | { kind: 'filters'; filters: MultiviewFilters };
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.tuple(fc.constantFrom(...ids), fc.option(fc.constantFrom(...ids).chain(view), { nil: null })).map(([id, next]) => ({ kind: 'unit' as const, id, next })),
  filterSets.map((filters) => ({ kind: 'filters' as const, filters })),
);

describe('WallOrder keeps the wall order as units and filters change', () => {
  it('equals the plain filter-and-sort after any sequence of changes, additions, removals and filter changes', () => {
    fc.assert(
      fc.property(fc.tuple(...ids.slice(0, 5).map(view)), filterSets, fc.array(step, { maxLength: 14 }), (initial, first, steps) => {
        const { units, source } = fleet(initial);
        const wall = new WallOrder(source);
        let filters: MultiviewFilters = first;
        wall.setFilters(filters);
        expect(wall.ids()).toEqual(reference([...units.values()], filters));
        for (const s of steps) {
          if (s.kind === 'filters') {
            filters = s.filters;
            wall.setFilters(filters);
          } else {
            const had = units.has(s.id);
            if (s.next === null) units.delete(s.id);
            else units.set(s.id, { ...s.next, id: s.id });
            if (had !== units.has(s.id)) wall.noteMembership();
            wall.noteChanged([s.id]);
          }
          expect(wall.ids()).toEqual(reference([...units.values()], filters));
        }
        expect(wall.known).toBe(units.size);
      }),
      { numRuns: 400 },
    );
  });

  it('hands back the same array while nothing that orders or filters the wall changed', () => {
    const { units, source } = fleet([unitView('u1', { name: 'B' }), unitView('u2', { name: 'A', status: 'offline' })]);
    const wall = new WallOrder(source);
    wall.setFilters({ ...NO_FILTERS, statuses: ['online'] });
    const first = wall.ids();
    expect(first).toEqual(['u1']);
    units.set('u1', { ...(units.get('u1') as UnitView), delayMs: 800 }); // a live fact, still online
    wall.noteChanged(['u1']);
    expect(wall.stale).toBe(false);
    expect(wall.ids()).toBe(first);
    const eight: MultiviewFilters = { ...NO_FILTERS, statuses: ['online'], layout: '8x8' };
    wall.setFilters(eight); // the layout is no filter
    expect(wall.ids()).toBe(first);
  });

  it('lets a unit in when it starts passing the filters, and out when it stops', () => {
    const { units, source } = fleet([unitView('u1', { name: 'B' }), unitView('u2', { name: 'A', status: 'offline' })]);
    const wall = new WallOrder(source);
    wall.setFilters({ ...NO_FILTERS, statuses: ['online'] });
    expect(wall.ids()).toEqual(['u1']);
    units.set('u2', unitView('u2', { name: 'A', status: 'idle' }));
    wall.noteChanged(['u2']);
    expect(wall.stale).toBe(true);
    expect(wall.ids()).toEqual(['u2', 'u1']);
    units.set('u1', unitView('u1', { name: 'B', status: 'offline' }));
    wall.noteChanged(['u1']);
    expect(wall.ids()).toEqual(['u2']);
  });

  it('reads only the changed units of a diff, not the fleet (50,000 units)', () => {
    const many = Array.from({ length: 50_000 }, (_, i) => unitView(`u${i}`, { name: `Truck-${i}`, status: i % 2 === 0 ? 'idle' : 'offline' }));
    const { units, source, reads } = fleet(many);
    const wall = new WallOrder(source);
    wall.setFilters({ ...NO_FILTERS, statuses: ['online'] });
    expect(wall.ids()).toHaveLength(25_000);
    reads.count = 0;
    const changed = ['u1', 'u2', 'u3'];
    for (const id of changed) units.set(id, { ...(units.get(id) as UnitView), delayMs: 500 });
    wall.noteChanged(changed);
    wall.ids();
    // The list's order checks each changed name, the filters match each changed unit: 2 reads per id.
    expect(reads.count).toBeLessThanOrEqual(2 * changed.length);
  });

  it('treats blank search and empty groups as no filters', () => {
    expect(filtersOff(NO_FILTERS)).toBe(true);
    expect(filtersOff({ ...NO_FILTERS, search: '   ' })).toBe(true);
    expect(filtersOff({ ...NO_FILTERS, search: 'a' })).toBe(false);
    expect(filtersOff({ ...NO_FILTERS, alertsOnly: true })).toBe(false);
    expect(filtersOff({ ...NO_FILTERS, statuses: ['offline'] })).toBe(false);
    expect(filtersOff({ ...NO_FILTERS, types: ['fieldUnits'] })).toBe(false);
  });
});
