/**
 * The replay summary (protocol.md "Replay summary", the replay command's `--summary` output):
 * events, units, status (every status value), counters (busy, idle, offline, activeAlerts) and
 * transitions (every name). The numbers come from the model and the domain (summaryStatusCounts,
 * summaryCounters); this module only fixes their shape and key order.
 */
import type { StatusCounts, SummaryCounters } from '../../src/domain/units/counters.ts';
import { emptyStatusCounts, summaryCounters, summaryStatusCounts } from '../../src/domain/units/counters.ts';
import type { UnitStatus } from '../../src/domain/units/status.ts';
import type { TransitionCounts } from '../../src/domain/units/transitions.ts';
import { TRANSITION_NAMES } from '../../src/domain/units/transitions.ts';
import type { FleetModel } from './fleetModel.ts';

export type ReplaySummary = {
  /** Event lines read: applied + ignored. */
  events: number;
  /** Units present at the end (added and not removed). */
  units: number;
  status: StatusCounts;
  counters: SummaryCounters;
  transitions: TransitionCounts;
};

/**
 * Status keys in protocol.md's order; the statuses the example leaves out (online, unavailable,
 * setup_transparent_bridge: never derived, always 0) follow, because the domain lists every status.
 */
export const SUMMARY_STATUS_ORDER = [
  'offline',
  'idle',
  'streaming',
  'streamingandforwarding',
  'storeandforward',
  'forwarding',
  'upgrading',
  'fetchlogs',
  'transparent_bridge',
  'speedtest',
] as const satisfies readonly UnitStatus[];

function* statusesOf(model: FleetModel): Iterable<UnitStatus> {
  for (const unit of model.units.values()) yield unit.status;
}

export function summary(model: FleetModel): ReplaySummary {
  const counts = summaryStatusCounts(statusesOf(model));
  const status = {} as StatusCounts;
  for (const key of SUMMARY_STATUS_ORDER) status[key] = counts[key];
  for (const key of Object.keys(emptyStatusCounts()) as UnitStatus[]) if (!(key in status)) status[key] = counts[key];
  const transitions = {} as TransitionCounts;
  for (const name of TRANSITION_NAMES) transitions[name] = model.transitions[name];
  return {
    events: model.events,
    units: model.units.size,
    status,
    counters: summaryCounters(model.counters),
    transitions,
  };
}
