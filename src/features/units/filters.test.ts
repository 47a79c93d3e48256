import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { UNIT_COUNTER_NAMES, countersFromScratch } from '../../domain/units/counters.ts';
import type { UnitStatus } from '../../domain/units/status.ts';
import { UNIT_STATUSES } from '../../domain/units/status.ts';
import { applicationsOf } from '../fleet/statusColours.ts';
import { filtersForCounter, hasFilters, isCounterActive, NO_FILTERS, unitMatcher } from './filters.ts';
import { unitView } from './testViews.ts';

const offline = unitView('off', { status: 'offline', state: 'offline', name: 'Paris-800-1' });
const idle = unitView('idle', { status: 'idle', name: 'London-800-2', type: 'Smart' });
const streaming = unitView('str', { status: 'streaming', applications: ['video'], videoState: 'streaming', name: 'Seoul-800-3', activeAlerts: 2 });
const storing = unitView('snf', { status: 'storeandforward', applications: ['store'], name: 'Rome-Lite', type: 'Lite' });
const fleet = [offline, idle, streaming, storing];

const idsOf = (filters: typeof NO_FILTERS) => fleet.filter(unitMatcher(filters)).map((unit) => unit.id);

describe('unit list filter groups (spec 000 §2: unit status, unit type, active alerts)', () => {
  it.each([
    ['offline', ['off']],
    ['transmitting', ['str', 'snf']],
    ['online', ['idle']],
  ] as const)('shows the %s units for that status group', (group, expected) => {
    expect(idsOf({ ...NO_FILTERS, statuses: [group] })).toEqual(expected);
  });

  it('takes the choices of one group as alternatives', () => {
    expect(idsOf({ ...NO_FILTERS, statuses: ['offline', 'online'] })).toEqual(['off', 'idle']);
  });

  it('combines groups: transmitting lite units', () => {
    expect(idsOf({ ...NO_FILTERS, statuses: ['transmitting'], typeGroups: ['liteUnits'] })).toEqual(['snf']);
  });

  it('shows only units with an active alert', () => {
    expect(idsOf({ ...NO_FILTERS, activeAlerts: true })).toEqual(['str']);
  });

  it.each([
    ['800', ['off', 'idle', 'str']],
    ['PARIS', ['off']],
    ['  rome ', ['snf']],
    ['nowhere', []],
  ])('searches names for "%s" regardless of case', (name, expected) => {
    expect(idsOf({ ...NO_FILTERS, name })).toEqual(expected);
  });

  it('knows when any filter is on', () => {
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, name: '   ' })).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, activeAlerts: true })).toBe(true);
  });
});

describe('counter filters show exactly the units a counter counts (spec 000 §9)', () => {
  const arbitraryUnit = fc.record({
    id: fc.uuid(),
    status: fc.constantFrom<UnitStatus>(...UNIT_STATUSES),
    applications: fc.subarray(['video', 'store', 'forward', 'upgrade', 'multiCamera']),
    type: fc.constantFrom('800', 'Smart', 'Lite', 'PTMP', 'Drone', 'MMH', 'unknown-type'),
    activeAlerts: fc.nat(2),
  });

  it.each(UNIT_COUNTER_NAMES.filter((name) => name !== 'activeAlerts'))('lists as many units as the %s counter', (counter) => {
    fc.assert(
      fc.property(fc.array(arbitraryUnit, { maxLength: 30 }), (units) => {
        const views = units.map((unit) => unitView(unit.id, { ...unit }));
        const counted = countersFromScratch(views.map((view) => ({ ...view, applications: applicationsOf(view.applications) })))[counter];
        expect(views.filter(unitMatcher(filtersForCounter(counter, NO_FILTERS)))).toHaveLength(counted);
      }),
    );
  });

  it('lists the units with active alerts for the activeAlerts counter (which sums the alerts)', () => {
    expect(idsOf(filtersForCounter('activeAlerts', NO_FILTERS))).toEqual(['str']);
  });

  it('keeps the search and drops the other filters when a counter is clicked', () => {
    const next = filtersForCounter('busy', { ...NO_FILTERS, statuses: ['offline'], name: 'Paris' });
    expect(next).toEqual({ ...NO_FILTERS, availability: 'busy', name: 'Paris' });
    expect(isCounterActive('busy', next)).toBe(true);
    expect(isCounterActive('idle', next)).toBe(false);
    expect(isCounterActive('offline', filtersForCounter('offline', NO_FILTERS))).toBe(true);
  });
});
