/**
 * The unit list's filters (spec 000 §2 "Filter groups on the unit list: unit status (offline,
 * transmitting, online), unit type, active alerts") plus the counter filters (clicking a counter of
 * spec 000 §9 shows the units it counts) and the name search. Within a group the choices are
 * alternatives (OR); the groups combine with AND.
 */
import type { StatusFilterGroup } from '../../domain/units/status.ts';
import { statusFilterGroup } from '../../domain/units/status.ts';
import type { UnitTypeGroup } from '../../domain/units/productTypes.ts';
import { unitTypeGroup } from '../../domain/units/productTypes.ts';
import type { UnitCounterName } from '../../domain/units/counters.ts';
import { availabilityOf } from '../../domain/units/counters.ts';
import type { UnitView } from '../../../workers/pipeline/diff.ts';
import { applicationsOf } from '../fleet/statusColours.ts';

/** The availability counters a filter can follow exactly (counters.ts availabilityOf). */
export type Availability = 'busy' | 'idle';

export interface UnitFilters {
  readonly statuses: readonly StatusFilterGroup[];
  readonly typeGroups: readonly UnitTypeGroup[];
  readonly activeAlerts: boolean;
  readonly availability: Availability | null;
  /** Case-insensitive part of the name (the default search key, spec 000 §9). */
  readonly name: string;
}

export const NO_FILTERS: UnitFilters = { statuses: [], typeGroups: [], activeAlerts: false, availability: null, name: '' };

export function hasFilters(filters: UnitFilters): boolean {
  return filters.statuses.length > 0 || filters.typeGroups.length > 0 || filters.activeAlerts || filters.availability !== null || filters.name.trim() !== '';
}

/** A predicate for the filters; the name is lowered once, not per unit. */
export function unitMatcher(filters: UnitFilters): (unit: UnitView) => boolean {
  const name = filters.name.trim().toLowerCase();
  const statuses = new Set(filters.statuses);
  const types = new Set<string>(filters.typeGroups);
  return (unit) => {
    if (name !== '' && !unit.name.toLowerCase().includes(name)) return false;
    if (filters.activeAlerts && unit.activeAlerts <= 0) return false;
    if (statuses.size > 0 || filters.availability !== null) {
      const applications = applicationsOf(unit.applications, unit.videoState);
      if (statuses.size > 0 && !statuses.has(statusFilterGroup(unit.status, applications))) return false;
      if (filters.availability !== null && availabilityOf({ status: unit.status, applications, type: unit.type, activeAlerts: unit.activeAlerts }) !== filters.availability) {
        return false;
      }
    }
    if (types.size > 0) {
      const group = unitTypeGroup(unit.type);
      if (group === null || !types.has(group)) return false;
    }
    return true;
  };
}

/** The type group each type counter counts (counters.ts TYPE_COUNTER). */
const COUNTER_TYPE_GROUP = { field: 'fieldUnits', camera: 'cameraUnits', lite: 'liteUnits', smart: 'smartUnits', ptmp: 'ptmpUnits' } as const;

/** The filters that show what a counter counts (the search is kept). */
export function filtersForCounter(counter: UnitCounterName, current: UnitFilters): UnitFilters {
  const base: UnitFilters = { ...NO_FILTERS, name: current.name };
  switch (counter) {
    case 'busy':
    case 'idle':
      return { ...base, availability: counter };
    case 'offline':
      return { ...base, statuses: ['offline'] };
    case 'field':
    case 'camera':
    case 'lite':
    case 'smart':
    case 'ptmp':
      return { ...base, typeGroups: [COUNTER_TYPE_GROUP[counter]] };
    case 'activeAlerts':
      return { ...base, activeAlerts: true };
    default:
      return assertCounter(counter);
  }
}

function assertCounter(counter: never): never {
  throw new Error(`unknown counter: ${String(counter)}`);
}

/** Whether the filters are exactly those of a counter (its button shows pressed). */
export function isCounterActive(counter: UnitCounterName, filters: UnitFilters): boolean {
  const expected = filtersForCounter(counter, filters);
  return (
    expected.availability === filters.availability &&
    expected.activeAlerts === filters.activeAlerts &&
    sameList(expected.statuses, filters.statuses) &&
    sameList(expected.typeGroups, filters.typeGroups)
  );
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item) => b.includes(item));
}
