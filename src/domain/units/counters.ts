/**
 * Unit counters (spec 000 §9 "Unit counters: busy, idle, offline, field, camera, lite, smart,
 * ptmp, activeAlerts"; protocol.md "Replay summary": offline = offline units; busy = units not
 * offline whose busy rule holds; idle = the rest) and the summary's per-status counts.
 *
 * Two ways to the same numbers: countersFromScratch walks every unit (a projection that can be
 * rebuilt), applyCounterChange adjusts for one unit's change in O(1) (the worker's hot path).
 * counters.test.ts proves with fast-check that they agree.
 */
import type { Applications, UnitStatus } from './status.ts';
import { isBusy, isOfflineState, UNIT_STATUSES } from './status.ts';
import type { UnitTypeGroup } from './productTypes.ts';
import { unitTypeGroup } from './productTypes.ts';

/** What the counters need of one unit. */
export type CountedUnit = {
  /** The derived status (deriveUnitStatus). */
  readonly status: UnitStatus;
  /** The active applications; missing counts as none (not busy). */
  readonly applications?: Applications | undefined;
  /** The product type (productTypes.ts); an unknown type counts in no type counter. */
  readonly type: string;
  /** How many of the unit's alerts are active (activeAlertCount in interface.ts). */
  readonly activeAlerts: number;
};

export const UNIT_COUNTER_NAMES = [
  'busy',
  'idle',
  'offline',
  'field',
  'camera',
  'lite',
  'smart',
  'ptmp',
  'activeAlerts',
] as const;
export type UnitCounterName = (typeof UNIT_COUNTER_NAMES)[number];
export type UnitCounters = Record<UnitCounterName, number>;

/** The counters the replay summary prints (protocol.md). */
export const SUMMARY_COUNTER_NAMES = ['busy', 'idle', 'offline', 'activeAlerts'] as const;
export type SummaryCounters = Record<(typeof SUMMARY_COUNTER_NAMES)[number], number>;

/** Which type group feeds which type counter; other groups (servers, extenders) feed none. */
const TYPE_COUNTER: Partial<Record<UnitTypeGroup, UnitCounterName>> = {
  fieldUnits: 'field',
  cameraUnits: 'camera',
  liteUnits: 'lite',
  smartUnits: 'smart',
  ptmpUnits: 'ptmp',
};

export function emptyCounters(): UnitCounters {
  return { busy: 0, idle: 0, offline: 0, field: 0, camera: 0, lite: 0, smart: 0, ptmp: 0, activeAlerts: 0 };
}

/**
 * offline, busy or idle: the protocol's availability counter for one unit. Offline by the bare
 * state rule (offline or unavailable); store alone (storeandforward) is not busy, so it is idle.
 */
export function availabilityOf(unit: CountedUnit): 'offline' | 'busy' | 'idle' {
  if (isOfflineState(unit.status)) return 'offline';
  return isBusy(unit.applications ?? {}) ? 'busy' : 'idle';
}

function add(counters: UnitCounters, unit: CountedUnit, sign: 1 | -1): void {
  counters[availabilityOf(unit)] += sign;
  const group = unitTypeGroup(unit.type);
  const typeCounter = group === null ? undefined : TYPE_COUNTER[group];
  if (typeCounter !== undefined) counters[typeCounter] += sign;
  // activeAlerts sums the active alerts of every unit (a unit with 2 active alerts adds 2).
  counters.activeAlerts += sign * unit.activeAlerts;
}

/** The counters of a whole fleet. */
export function countersFromScratch(units: Iterable<CountedUnit>): UnitCounters {
  const counters = emptyCounters();
  for (const unit of units) add(counters, unit, 1);
  return counters;
}

/**
 * Applies one unit's change: before undefined = the unit was added, after undefined = removed,
 * both = changed. MUTATES `counters` in place (the worker model is mutable, design.md) and
 * returns the same object for chaining. `before` must be the value last counted for that unit.
 */
export function applyCounterChange(
  counters: UnitCounters,
  before: CountedUnit | undefined,
  after: CountedUnit | undefined,
): UnitCounters {
  if (before !== undefined) add(counters, before, -1);
  if (after !== undefined) add(counters, after, 1);
  return counters;
}

export function summaryCounters(counters: UnitCounters): SummaryCounters {
  return {
    busy: counters.busy,
    idle: counters.idle,
    offline: counters.offline,
    activeAlerts: counters.activeAlerts,
  };
}

export type StatusCounts = Record<UnitStatus, number>;

/**
 * Every UnitStatus at 0. The summary's `status` object lists every status value (protocol.md:
 * "every status value appears, 0 or more"), so it carries all 13, not only the 10 of the example:
 * online, unavailable and setup_transparent_bridge are present and stay 0 because deriveUnitStatus
 * never yields them.
 */
export function emptyStatusCounts(): StatusCounts {
  const counts = {} as StatusCounts;
  for (const status of UNIT_STATUSES) counts[status] = 0;
  return counts;
}

/** How many units end in each derived status (the replay summary's `status`). */
export function summaryStatusCounts(statuses: Iterable<UnitStatus>): StatusCounts {
  const counts = emptyStatusCounts();
  for (const status of statuses) counts[status] += 1;
  return counts;
}
