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

/** The numbers a summary is made of, from any fleet state that keeps them (the model, or replay/summaryFleet.ts). */
export type SummaryParts = {
  readonly events: number;
  readonly units: number;
  /** The derived status of every unit present. */
  readonly statuses: Iterable<UnitStatus>;
  readonly counters: SummaryCounters;
  readonly transitions: Readonly<TransitionCounts>;
};

/** The summary of `parts`, in protocol.md's shape and key order. */
export function summaryOf(parts: SummaryParts): ReplaySummary {
  const counts = summaryStatusCounts(parts.statuses);
  const status = {} as StatusCounts;
  for (const key of SUMMARY_STATUS_ORDER) status[key] = counts[key];
  for (const key of Object.keys(emptyStatusCounts()) as UnitStatus[]) if (!(key in status)) status[key] = counts[key];
  const transitions = {} as TransitionCounts;
  for (const name of TRANSITION_NAMES) transitions[name] = parts.transitions[name];
  return {
    events: parts.events,
    units: parts.units,
    status,
    counters: { busy: parts.counters.busy, idle: parts.counters.idle, offline: parts.counters.offline, activeAlerts: parts.counters.activeAlerts },
    transitions,
  };
}

export function summary(model: FleetModel): ReplaySummary {
  return summaryOf({ events: model.events, units: model.units.size, statuses: statusesOf(model), counters: summaryCounters(model.counters), transitions: model.transitions });
}
