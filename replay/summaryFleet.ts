/**
 * The replay summary's own fleet state (issue 15 item 5, docs/performance.md §1 round p15): what
 * `--summary` needs of each unit (rev, removed rev, derived status, availability, forced-offline
 * flag, active alerts) in typed arrays by the unit's slot, instead of the worker's fleet model
 * (workers/model/fleetModel.ts), whose Map entry, record, `counted` object and payloads a status
 * event touches cold: memory waits, ~0.3-0.4 CPU-s of a ~1.5 CPU-s replay at 10k units (round p13).
 *
 * The RULES are the fleet model's, event for event (summaryFleet.test.ts proves with fast-check
 * that the summary equals fleetModel + workers/model/summary.ts on random event sequences):
 * - an event whose rev is not above the unit's applied rev is ignored; a removed unit keeps its
 *   rev, so a late event of the old unit is not applied to a new one; seq at or below the
 *   watermark (-1: the replay loads no snapshot) is ignored; every event counts in `events`;
 * - unit.added inserts (or replaces, counting a transition) the whole unit; unit.removed takes it
 *   out; unit.status re-derives the status with the unit's isDemo / isBlockedVendor; unit.alert
 *   replaces the active-alert count; the other unit kinds only move the rev; channels and servers
 *   are not in the summary.
 * The DOMAIN's functions compute every value (deriveUnitStatus, availabilityOf, activeAlertCount,
 * transitionBetween), once per distinct payload for the parallel reader's records (a table entry
 * is one projection, replay/summaryRecords.ts) and once per event for envelopes from the full
 * parser. What is left per event is integer work on a few typed arrays: no envelope, no Map lookup.
 */
import type { Applications, RawUnitStatus, UnitStatus } from '../src/domain/units/status.ts';
import { deriveUnitStatus, UNIT_STATUSES } from '../src/domain/units/status.ts';
import { availabilityOf } from '../src/domain/units/counters.ts';
import type { TransitionName } from '../src/domain/units/transitions.ts';
import { transitionBetween, TRANSITION_NAMES } from '../src/domain/units/transitions.ts';
import type { UnitAlert } from '../src/domain/units/interface.ts';
import { activeAlertCount } from '../src/domain/units/interface.ts';
import type { Envelope } from '../src/protocol/envelope.ts';
import { EVENT_KINDS } from '../src/protocol/kinds.ts';
import type { SummaryParts } from '../workers/model/summary.ts';

/** Availability codes (availabilityOf's values). */
const AVAILABILITIES = ['offline', 'busy', 'idle'] as const;
const OFFLINE = 0;
const BUSY = 1;
const IDLE = 2;
const AVAILABILITY_CODE: ReadonlyMap<string, number> = new Map(AVAILABILITIES.map((name, index) => [name, index]));
const STATUS_CODE: ReadonlyMap<string, number> = new Map(UNIT_STATUSES.map((status, index) => [status, index]));
const STATUS_COUNT = UNIT_STATUSES.length;
/** The watermark of a model that loaded no snapshot (fleetModel's createFleetModel). */
const NO_WATERMARK = -1;

/** transitionBetween(from, to) for every pair of status codes: TRANSITION_NAMES index, -1 for none. */
const TRANSITIONS: Int8Array = (() => {
  const table = new Int8Array(STATUS_COUNT * STATUS_COUNT);
  UNIT_STATUSES.forEach((from, f) =>
    UNIT_STATUSES.forEach((to, t) => {
      const name = transitionBetween(from, to);
      table[f * STATUS_COUNT + t] = name === null ? -1 : TRANSITION_NAMES.indexOf(name);
    }),
  );
  return table;
})();

export const KIND_ADDED = EVENT_KINDS.indexOf('unit.added');
export const KIND_REMOVED = EVENT_KINDS.indexOf('unit.removed');
export const KIND_STATUS = EVENT_KINDS.indexOf('unit.status');
export const KIND_ALERT = EVENT_KINDS.indexOf('unit.alert');
/** Kinds of one aspect of a unit that only move its rev here (the summary reads none of their data). */
const REV_ONLY_KINDS: ReadonlySet<number> = new Set(
  (['unit.config', 'unit.usage', 'unit.speedtest', 'social.status', 'camera.config'] as const).map((kind) => EVENT_KINDS.indexOf(kind)),
);
/** True for the kinds of one unit (the summary's); false for channels and servers. */
export function unitKind(kind: number): boolean {
  return kind === KIND_ADDED || kind === KIND_REMOVED || kind === KIND_STATUS || kind === KIND_ALERT || REV_ONLY_KINDS.has(kind);
}
const KIND_CODE: ReadonlyMap<string, number> = new Map(EVENT_KINDS.map((kind, index) => [kind, index]));

/**
 * What the summary reads of one payload, as one small integer (computed once per distinct payload):
 * - unit.status: the derived status and availability, plain and forced offline
 *   (bits 0-3 status, 4-5 availability, 8-11 forced status, 12-13 forced availability);
 * - unit.added: its status and availability (bits 0-5, forced already applied), bit 6 forced,
 *   active alerts from bit 7 on;
 * - unit.alert: the active alerts.
 */
export type PayloadInfo = number;

function statusPart(raw: RawUnitStatus | undefined, forced: boolean): number {
  const status = deriveUnitStatus(raw, forced ? { isDemo: true } : {});
  const availability = availabilityOf({ status, applications: raw?.applications as Applications | undefined, type: '', activeAlerts: 0 });
  return (STATUS_CODE.get(status) as number) | ((AVAILABILITY_CODE.get(availability) as number) << 4);
}

export function statusInfo(raw: RawUnitStatus): PayloadInfo {
  return statusPart(raw, false) | (statusPart(raw, true) << 8);
}

export function addedInfo(data: { status: RawUnitStatus; isDemo?: boolean | undefined; isBlockedVendor?: boolean | undefined; alerts?: readonly UnitAlert[] | undefined }): PayloadInfo {
  const forced = data.isDemo === true || data.isBlockedVendor === true;
  // deriveUnitStatus with the unit's own flags: the rule reads isDemo and isBlockedVendor only.
  const status = deriveUnitStatus(data.status, data);
  const availability = availabilityOf({ status, applications: data.status.applications, type: '', activeAlerts: 0 });
  const part = (STATUS_CODE.get(status) as number) | ((AVAILABILITY_CODE.get(availability) as number) << 4);
  return part | (forced ? 1 << 6 : 0) | (activeAlertCount(data.alerts ?? []) * 128);
}

export function alertInfo(data: { alerts: readonly UnitAlert[] }): PayloadInfo {
  return activeAlertCount(data.alerts);
}

/** The payload info of an envelope's data for the kinds the summary reads (0 for the others). */
export function payloadInfo(event: Envelope): PayloadInfo {
  switch (event.kind) {
    case 'unit.status':
      return statusInfo(event.data);
    case 'unit.added':
      return addedInfo(event.data);
    case 'unit.alert':
      return alertInfo(event.data);
    default:
      return 0;
  }
}

/** Units a fleet's arrays start with (grown ×2 when a new id needs a slot). */
const INITIAL_UNITS = 1_024;

export class SummaryFleet {
  /** The slot of every unit id seen (added, removed or only named by an event): slots are never given back. */
  private readonly slots = new Map<string, number>();
  private capacity = INITIAL_UNITS;
  private present = new Uint8Array(INITIAL_UNITS);
  /** The rev last applied (present units). */
  private rev = new Float64Array(INITIAL_UNITS);
  /** The rev of the unit's removal, NaN when none (fleetModel's removedRevs). */
  private removedRev = new Float64Array(INITIAL_UNITS).fill(Number.NaN);
  private status = new Uint8Array(INITIAL_UNITS);
  private availability = new Uint8Array(INITIAL_UNITS);
  /** 1 when the unit's data has isDemo or isBlockedVendor true (its status is forced offline). */
  private forced = new Uint8Array(INITIAL_UNITS);
  private active = new Float64Array(INITIAL_UNITS);
  private readonly availabilityCounts = new Float64Array(AVAILABILITIES.length);
  private readonly transitionCounts = new Float64Array(TRANSITION_NAMES.length);
  private activeAlerts = 0;
  private unitCount = 0;
  /** Events given to the fleet (applied + ignored): the summary's `events`. */
  events = 0;

  /** The slot of unit `id` (a new one the first time the id is seen). */
  slotOf(id: string): number {
    let slot = this.slots.get(id);
    if (slot === undefined) {
      slot = this.slots.size;
      if (slot === this.capacity) this.grow();
      this.slots.set(id, slot);
    }
    return slot;
  }

  private grow(): void {
    const capacity = this.capacity * 2;
    const more = <T extends Uint8Array | Float64Array>(old: T, make: (n: number) => T): T => {
      const next = make(capacity);
      next.set(old);
      return next;
    };
    this.present = more(this.present, (n) => new Uint8Array(n));
    this.rev = more(this.rev, (n) => new Float64Array(n));
    const removed = new Float64Array(capacity).fill(Number.NaN);
    removed.set(this.removedRev);
    this.removedRev = removed;
    this.status = more(this.status, (n) => new Uint8Array(n));
    this.availability = more(this.availability, (n) => new Uint8Array(n));
    this.forced = more(this.forced, (n) => new Uint8Array(n));
    this.active = more(this.active, (n) => new Float64Array(n));
    this.capacity = capacity;
  }

  /** An envelope from the full parser (or any reader): the model's rules on its data. */
  applyEnvelope(event: Envelope): void {
    const kind = KIND_CODE.get(event.kind) as number;
    if (!unitKind(kind)) {
      this.events += 1; // channel.* and server.*: counted, not summarised
      return;
    }
    this.apply(event.seq, kind, this.slotOf(event.id), event.rev, payloadInfo(event));
  }

  /**
   * One event of a unit: `kind` its EVENT_KINDS index, `slot` slotOf(id), `info` payloadInfo of its
   * data (a record's projection gives the same as the full payload: summaryRecords.ts). Events of
   * channels and servers go to countOther.
   */
  apply(seq: number, kind: number, slot: number, rev: number, info: PayloadInfo): void {
    this.events += 1;
    if (seq <= NO_WATERMARK) return;
    if (kind === KIND_STATUS) {
      if (this.present[slot] === 0 || rev <= (this.rev[slot] as number)) return;
      this.rev[slot] = rev;
      const part = this.forced[slot] === 1 ? info >> 8 : info;
      this.move(slot, part & 15, (part >> 4) & 3, this.active[slot] as number);
    } else if (kind === KIND_ADDED) {
      if (this.present[slot] === 1) {
        if (rev <= (this.rev[slot] as number)) return;
      } else {
        const removed = this.removedRev[slot] as number;
        if (rev <= removed) return; // NaN compares false: never removed
        this.insert(slot);
      }
      this.rev[slot] = rev;
      this.forced[slot] = (info >> 6) & 1;
      this.move(slot, info & 15, (info >> 4) & 3, Math.floor(info / 128));
    } else if (kind === KIND_ALERT) {
      if (this.present[slot] === 0 || rev <= (this.rev[slot] as number)) return;
      this.rev[slot] = rev;
      this.move(slot, this.status[slot] as number, this.availability[slot] as number, info);
    } else if (kind === KIND_REMOVED) {
      if (this.present[slot] === 1) {
        if (rev <= (this.rev[slot] as number)) return;
        this.count(this.availability[slot] as number, -1);
        this.activeAlerts -= this.active[slot] as number;
        this.present[slot] = 0;
        this.unitCount -= 1;
      } else if (rev <= (this.removedRev[slot] as number)) {
        return;
      }
      this.removedRev[slot] = rev;
    } else if (this.present[slot] === 1 && rev > (this.rev[slot] as number)) {
      this.rev[slot] = rev; // unit.config, unit.usage, unit.speedtest, social.status, camera.config
    }
  }

  /** Counts a channel or server event (in `events` only). */
  countOther(): void {
    this.events += 1;
  }

  private count(availability: number, sign: 1 | -1): void {
    this.availabilityCounts[availability] = (this.availabilityCounts[availability] as number) + sign;
  }

  /** A new unit counted in as offline with no alerts and no status yet (move() sets its state, counting no transition). */
  private insert(slot: number): void {
    this.present[slot] = 1;
    this.removedRev[slot] = Number.NaN;
    this.unitCount += 1;
    this.status[slot] = 255; // no previous status: the first one counts no transition
    this.availability[slot] = OFFLINE;
    this.count(OFFLINE, 1);
    this.active[slot] = 0;
  }

  /** Moves a present unit to a status, availability and active-alert count; counts the transition. */
  private move(slot: number, status: number, availability: number, active: number): void {
    const previous = this.status[slot] as number;
    if (previous !== 255) {
      const transition = TRANSITIONS[previous * STATUS_COUNT + status] as number;
      if (transition >= 0) this.transitionCounts[transition] = (this.transitionCounts[transition] as number) + 1;
    }
    this.status[slot] = status;
    const before = this.availability[slot] as number;
    if (before !== availability) {
      this.count(before, -1);
      this.count(availability, 1);
      this.availability[slot] = availability;
    }
    this.activeAlerts += active - (this.active[slot] as number);
    this.active[slot] = active;
  }

  /** The summary's numbers (workers/model/summary.ts gives them their shape and key order). */
  parts(): SummaryParts {
    const statuses: UnitStatus[] = [];
    for (let slot = 0; slot < this.slots.size; slot += 1) if (this.present[slot] === 1) statuses.push(UNIT_STATUSES[this.status[slot] as number] as UnitStatus);
    const transitions = {} as Record<TransitionName, number>;
    TRANSITION_NAMES.forEach((name, index) => (transitions[name] = this.transitionCounts[index] as number));
    return {
      events: this.events,
      units: this.unitCount,
      statuses,
      counters: {
        busy: this.availabilityCounts[BUSY] as number,
        idle: this.availabilityCounts[IDLE] as number,
        offline: this.availabilityCounts[OFFLINE] as number,
        activeAlerts: this.activeAlerts,
      },
      transitions,
    };
  }
}
