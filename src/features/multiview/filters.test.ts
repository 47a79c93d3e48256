import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { MULTIVIEW_LAYOUTS } from './layouts.ts';
import { matchesFilters, NO_FILTERS, readFilters, writeFilters, type FilteredUnit, type MultiviewFilters } from './filters.ts';

const unit = (over: Partial<FilteredUnit> = {}): FilteredUnit => ({
  name: 'News Truck 12',
  type: '800',
  status: 'idle',
  applications: [],
  activeAlerts: 0,
  ...over,
});
const filters = (over: Partial<MultiviewFilters>): MultiviewFilters => ({ ...NO_FILTERS, ...over });

describe('matchesFilters', () => {
  it('passes every unit with no filter', () => {
    expect(matchesFilters(unit({ status: 'offline' }), NO_FILTERS)).toBe(true);
  });

  it.each([
    ['offline', 'offline', true],
    ['offline', 'idle', false],
    ['transmitting', 'streaming', true],
    ['transmitting', 'storeandforward', true],
    ['online', 'idle', true],
    ['online', 'streaming', false],
    ['online', 'upgrading', true],
  ] as const)('status group %s keeps a %s unit: %s', (group, status, kept) => {
    expect(matchesFilters(unit({ status }), filters({ statuses: [group] }))).toBe(kept);
  });

  it('counts an idle unit whose switcher streams as transmitting (spec 000 §4 streaming rule)', () => {
    const idleSwitcher = unit({ status: 'idle', applications: ['multiCamera'] });
    expect(matchesFilters(idleSwitcher, filters({ statuses: ['transmitting'] }))).toBe(true);
    expect(matchesFilters(idleSwitcher, filters({ statuses: ['online'] }))).toBe(false);
  });

  it.each([
    ['fieldUnits', '800', true],
    ['fieldUnits', 'Smart', false],
    ['smartUnits', 'Smart', true],
    ['liteUnits', 'Lite', true],
    ['fieldUnits', 'no-such-type', false],
  ] as const)('type group %s keeps a %s unit: %s', (group, type, kept) => {
    expect(matchesFilters(unit({ type }), filters({ types: [group] }))).toBe(kept);
  });

  it.each([
    [0, false],
    [1, true],
  ])('alerts filter keeps a unit with %d active alerts: %s', (activeAlerts, kept) => {
    expect(matchesFilters(unit({ activeAlerts }), filters({ alertsOnly: true }))).toBe(kept);
  });

  it.each([
    ['truck', true],
    ['  TRUCK 1 ', true],
    ['camera', false],
  ])('search %j in the name: %s', (search, kept) => {
    expect(matchesFilters(unit(), filters({ search }))).toBe(kept);
  });

  it('needs every group to pass (AND), any value within a group (OR)', () => {
    const f = filters({ statuses: ['offline', 'online'], alertsOnly: true });
    expect(matchesFilters(unit({ status: 'offline', activeAlerts: 2 }), f)).toBe(true);
    expect(matchesFilters(unit({ status: 'idle', activeAlerts: 0 }), f)).toBe(false);
  });
});

describe('readFilters / writeFilters', () => {
  it('reads back what it wrote', () => {
    fc.assert(
      fc.property(
        fc.subarray(['offline', 'transmitting', 'online'] as const),
        fc.subarray(['fieldUnits', 'cameraUnits', 'liteUnits'] as const),
        fc.boolean(),
        fc.string({ maxLength: 20 }).map((s) => s.trim()),
        fc.constantFrom(...MULTIVIEW_LAYOUTS),
        (statuses, types, alertsOnly, search, layout) => {
          const f: MultiviewFilters = { statuses, types, alertsOnly, search, layout };
          expect(readFilters(writeFilters(f))).toEqual(f);
        },
      ),
    );
  });

  it('drops unknown stored values and defaults the layout to fit-to-screen', () => {
    expect(readFilters({ status: ['offline', 'bogus'], type: ['x'], layout: ['9x9'], alerts: ['no'] })).toEqual({
      ...NO_FILTERS,
      statuses: ['offline'],
      layout: 'fit',
    });
  });

  it('saves the layout even with no filter', () => {
    expect(writeFilters(filters({ layout: '4x4' }))).toEqual({ layout: ['4x4'] });
  });
});
