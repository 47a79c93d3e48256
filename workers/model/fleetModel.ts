/**
 * The event-sourced fleet model (design.md "Hot path rules"): mutable Maps with a revision per
 * entity, a set of changed ids since the last drain, counters kept incrementally. Pure TypeScript:
 * the same code runs in the browser worker, the replay command and the benchmarks.
 *
 * Every rule comes from src/domain/units: deriveUnitStatus (forced offline, offline rules, first
 * match wins), transitionBetween (classes and named transitions), applyCounterChange (O(1)
 * counters), activeAlertCount. This file only decides *when* they run.
 *
 * Revisions (protocol.md): an event whose rev is not above the rev applied for its entity is
 * ignored (equal: duplicate; below: stale). A rev more than one above it is a gap: the event is
 * still applied (its data is the whole state of that aspect) and the entity is reported for a
 * refetch, since its other aspects may have missed changes. Events at or below the watermark of
 * the last loaded snapshot are ignored.
 */
import { assertNever } from '../../src/domain/brand.ts';
import type { TransitionCounts, TransitionName } from '../../src/domain/units/transitions.ts';
import { emptyTransitionCounts, transitionBetween } from '../../src/domain/units/transitions.ts';
import type { CountedUnit, UnitCounters } from '../../src/domain/units/counters.ts';
import { applyCounterChange, availabilityOf, emptyCounters } from '../../src/domain/units/counters.ts';
import type { UnitStatus } from '../../src/domain/units/status.ts';
import { deriveUnitStatus, UNIT_STATUSES } from '../../src/domain/units/status.ts';
import type { UnitAlert } from '../../src/domain/units/interface.ts';
import { activeAlertCount } from '../../src/domain/units/interface.ts';
import type { Envelope, EnvelopeOf } from '../../src/protocol/envelope.ts';
import type { UsageShape } from '../../src/protocol/usageShapes.ts';
import type { ShapedValues } from '../../src/protocol/shapesFrames.ts';
import { usagePayloadOf } from '../../src/protocol/usageShapes.ts';
import { UsageArena } from './usageArena.ts';
import type {
  ChannelStatusData,
  ConfigData,
  EventData,
  ServerStatusData,
  SocialStatusData,
  UnitData,
  UnitSpeedTestData,
} from '../../src/protocol/payloads.ts';

/** One unit. Payload objects are never mutated: an aspect is replaced whole. */
export interface UnitRecord {
  readonly id: string;
  /**
   * The unit's slot: a small integer, unique among the units the model holds, taken when the record
   * is inserted and given back when it is deleted (then reused). Per-unit state kept beside the
   * model (the pipeline's aspect masks) lives in arrays indexed by it instead of Maps keyed by id:
   * on a 10,000-unit fleet a Map operation is a few cache misses, an array read one at most.
   */
  readonly slot: number;
  /** The rev last applied. */
  rev: number;
  /** The whole unit as last added or loaded; `status`, `alerts`, `links` there may be outdated: read the fields below. */
  data: UnitData;
  /** The raw status as last received (unit.status data). */
  raw: EventData['unit.status'];
  /** The derived status (deriveUnitStatus with the unit's isDemo / isBlockedVendor). */
  status: UnitStatus;
  alerts: readonly UnitAlert[];
  /**
   * The links as last received, or null when the last unit.usage came shaped (binary frames with
   * usage shapes, src/protocol/shapesFrames.ts): then they are `usageShape`'s links with the values
   * in `usageValues`, and `linksOfRecord` builds the objects (whole views and snapshots only).
   */
  links: Links | null;
  /** The shape of the last shaped unit.usage (null: `links` holds the links). Shared by every unit of that shape. */
  usageShape: UsageShape | null;
  /**
   * The last shaped unit.usage's values (usageShapes.ts order) are `usageValues[usageAt …]`: the
   * model's usage arena (usageArena.ts, one array for every unit), written in place by the next
   * one: no object per event, and a typed array's stores need no write barrier (docs/performance.md
   * §3i: values written into old link objects cost more than they saved). Null: none.
   */
  usageValues: Float64Array | null;
  usageAt: number;
  /** The values the unit's range in the arena holds. */
  usageRoom: number;
  config: ConfigData | undefined;
  speedTest: UnitSpeedTestData | undefined;
  social: SocialStatusData | undefined;
  camera: ConfigData | undefined;
  /** What the counters last counted for this unit (applyCounterChange needs the old value). */
  counted: CountedUnit;
  /** availabilityOf(counted), kept with it so that a status event computes it once (for `after`), not twice. */
  availability: Availability;
}

type Availability = ReturnType<typeof availabilityOf>;

/** A unit's links as the protocol carries them. */
export type Links = NonNullable<UnitData['links']>;

export type ShapedUsage = ShapedValues;

/** The unit's links as objects (built from its shape and values when the last usage came shaped; not kept). */
export function linksOfRecord(unit: UnitRecord): Links {
  if (unit.links !== null) return unit.links;
  return usagePayloadOf(unit.usageShape as UsageShape, unit.usageValues as Float64Array, unit.usageAt).links as unknown as Links;
}

/** The per-link layout fields (port, name, type) of the unit's links, without building link objects. */
export function linkLayoutOf(unit: UnitRecord): readonly { readonly port: string; readonly name?: string | undefined; readonly type?: string | undefined }[] {
  return unit.links ?? (unit.usageShape as UsageShape).links;
}

/** A shaped usage's values into the unit's range of the model's usage arena (a new range only when they outgrow it). */
function writeShapedUsage(model: FleetModel, unit: UnitRecord, usage: ShapedUsage): void {
  const count = usage.shape.valueCount;
  model.usage.place(unit, count);
  const values = unit.usageValues as Float64Array;
  // A plain loop, not set(subarray(…)): subarray makes a view object per event, and in Chromium's
  // worker that store was 8.6 % of the worker's self time (docs/performance.md §3m's profile).
  const from = usage.values;
  const at = usage.at;
  const to = unit.usageAt;
  for (let k = 0; k < count; k += 1) values[to + k] = from[at + k] as number;
  unit.usageShape = usage.shape;
  unit.links = null;
}

export interface ChannelRecord {
  readonly id: string;
  rev: number;
  /** From the REST snapshot only (events carry no name): kept across channel.status/config events. */
  name: string | undefined;
  /** The channel server's version (dotted), from the REST snapshot. */
  version: string | undefined;
  status: ChannelStatusData | undefined;
  config: ConfigData | undefined;
}

export interface ServerRecord {
  readonly id: string;
  rev: number;
  status: ServerStatusData | undefined;
}

/** A named transition seen for one unit (for notifications: alertSettings.ts decides which raise one). */
export type UnitTransition = { readonly unitId: string; readonly transition: TransitionName; readonly seq: number };

/** At most this many transitions wait for a drain; older ones are dropped and counted. */
export const MAX_PENDING_TRANSITIONS = 10_000;

/** The slots of UnitRecord.slot: the next never used, and those given back (reused last in, first out). */
export interface UnitSlots {
  next: number;
  readonly free: number[];
  /**
   * The record holding each slot (undefined: free): the way in by slot for a caller that kept a
   * slot (the pipeline's record cache by wire ref, docs/protocol.md "Binary frames" version 2), an
   * array read instead of a lookup of the id in `units`.
   */
  readonly held: (UnitRecord | undefined)[];
}

export interface FleetModel {
  readonly units: Map<string, UnitRecord>;
  /** Slots are 0 … slots.next − 1; at most as many as units held at once since the last snapshot load. */
  readonly slots: UnitSlots;
  /** The shaped usage values of the held units (usageArena.ts). */
  readonly usage: UsageArena;
  readonly channels: Map<string, ChannelRecord>;
  readonly servers: Map<string, ServerRecord>;
  /** The rev of each removed unit, so a late event of the old unit is not applied to a new one. */
  readonly removedRevs: Map<string, number>;
  /** busy, idle, offline, field, camera, lite, smart, ptmp, activeAlerts; kept incrementally. */
  readonly counters: UnitCounters;
  readonly transitions: TransitionCounts;
  /** Events with seq at or below this are ignored (set by loadSnapshot; -1: none). */
  watermark: number;
  /** The highest seq seen (the `resume` point). */
  lastSeq: number;
  /** Events given to applyEvent (the replay summary's `events`): applied + ignored. */
  events: number;
  applied: number;
  ignored: number;
  /**
   * False when no one drains the changes (the replay's summary): `pending` then stays empty, which
   * saves a Set insert per event and a transition record per status change (see createFleetModel).
   */
  readonly tracksChanges: boolean;
  pending: PendingChanges;
}

interface PendingChanges {
  units: Set<string>;
  channels: Set<string>;
  servers: Set<string>;
  transitions: UnitTransition[];
  droppedTransitions: number;
  /** A snapshot was loaded: the whole fleet may have changed. */
  reset: boolean;
}

/** What changed since the last drain. A unit id whose unit is no longer in the model was removed. */
export type FleetChanges = Readonly<PendingChanges>;

function emptyPending(): PendingChanges {
  return { units: new Set(), channels: new Set(), servers: new Set(), transitions: [], droppedTransitions: 0, reset: false };
}

export type FleetModelOptions = {
  /**
   * Whether the model records what changed for drainChanges (default true: the worker sends diffs).
   * The replay summary reads only the units, counters and transition counts, never the changes:
   * without them a status event costs the model one Map lookup instead of two (docs/performance.md
   * §1 "Issue 15 item 5"). Every other rule and number is the same either way.
   */
  readonly trackChanges?: boolean;
};

export function createFleetModel(options: FleetModelOptions = {}): FleetModel {
  const held: (UnitRecord | undefined)[] = [];
  return {
    units: new Map(),
    slots: { next: 0, free: [], held },
    usage: new UsageArena(held),
    channels: new Map(),
    servers: new Map(),
    removedRevs: new Map(),
    counters: emptyCounters(),
    transitions: emptyTransitionCounts(),
    watermark: -1,
    lastSeq: -1,
    events: 0,
    applied: 0,
    ignored: 0,
    tracksChanges: options.trackChanges !== false,
    pending: emptyPending(),
  };
}

/** Hands over the changes since the last call and starts a new set (the per-frame diff). */
export function drainChanges(model: FleetModel): FleetChanges {
  const changes = model.pending;
  model.pending = emptyPending();
  return changes;
}

export type ApplyResult =
  | { readonly outcome: 'applied' }
  /** rev equal to the applied rev. */
  | { readonly outcome: 'duplicate' }
  /** rev below the applied rev. */
  | { readonly outcome: 'stale' }
  /** seq at or below the loaded snapshot's watermark. */
  | { readonly outcome: 'belowWatermark' }
  /** Applied, but revs were skipped: refetch the entity. */
  | { readonly outcome: 'gap'; readonly refetch: string }
  /** An event for a unit the model does not hold (not added, or removed): ignored; refetch it. */
  | { readonly outcome: 'unknownEntity'; readonly refetch: string };

export type ApplyOutcome = ApplyResult['outcome'];

// The common outcomes are shared constants: no allocation per event on the hot path.
const APPLIED: ApplyResult = { outcome: 'applied' };
const DUPLICATE: ApplyResult = { outcome: 'duplicate' };
const STALE: ApplyResult = { outcome: 'stale' };
const BELOW_WATERMARK: ApplyResult = { outcome: 'belowWatermark' };

/** The verdict of a rev against the rev applied (undefined: entity never seen). */
function revVerdict(applied: number, rev: number): ApplyResult | null {
  if (rev === applied) return DUPLICATE;
  if (rev < applied) return STALE;
  return null;
}

function countedOf(unit: { status: UnitStatus; raw: EventData['unit.status']; data: UnitData; alerts: readonly UnitAlert[] }): CountedUnit {
  return {
    status: unit.status,
    applications: unit.raw.applications,
    type: unit.data.type,
    activeAlerts: activeAlertCount(unit.alerts),
  };
}

/**
 * Re-counts one unit after a change. The counters move only when the unit's availability
 * (availabilityOf: offline / busy / idle), type or active-alert count changed; otherwise removing
 * and re-adding it would cancel out, so nothing is done: the hot path is a status event that
 * leaves the unit busy or idle. The availability of `before` is the one kept on the record.
 */
function recount(model: FleetModel, unit: UnitRecord, alertsChanged: boolean): void {
  const before = unit.counted;
  const type = unit.data.type;
  const activeAlerts = alertsChanged ? activeAlertCount(unit.alerts) : before.activeAlerts;
  if (before.type !== type || before.activeAlerts !== activeAlerts) {
    const after: CountedUnit = { status: unit.status, applications: unit.raw.applications, type, activeAlerts };
    applyCounterChange(model.counters, before, after);
    unit.counted = after;
    unit.availability = availabilityOf(after);
    return;
  }
  // Same type and alerts (the hot path: a status event): applyCounterChange's type and alert terms
  // would cancel out (−1 +1), so only the availability may move; this skips its two type-group
  // lookups (unitTypeGroup parses the type). The record's counted value is its own (countedOf makes
  // one per record, nothing else holds it), so it is updated in place: a new one per status event
  // was ~24 B of garbage per event at 60,000 events/s (docs/performance.md §3n).
  const counted = before as { -readonly [K in keyof CountedUnit]: CountedUnit[K] };
  counted.status = unit.status;
  counted.applications = unit.raw.applications;
  const availability = availabilityOf(counted);
  if (unit.availability !== availability) {
    model.counters[unit.availability] -= 1;
    model.counters[availability] += 1;
    unit.availability = availability;
  }
}

function deriveFor(data: UnitData, raw: EventData['unit.status']): UnitStatus {
  return deriveUnitStatus(raw, data);
}

/**
 * transitionBetween for every pair of statuses, computed once: a status event looks its transition
 * up in two Maps instead of classing both statuses and building a "from>to" key string.
 */
const TRANSITION_TABLE: ReadonlyMap<UnitStatus, ReadonlyMap<UnitStatus, TransitionName | null>> = new Map(
  UNIT_STATUSES.map((from) => [from, new Map(UNIT_STATUSES.map((to) => [to, transitionBetween(from, to)]))]),
);

function noteTransition(model: FleetModel, unitId: string, previous: UnitStatus, next: UnitStatus, seq: number): void {
  if (previous === next) return; // same status, same class: no transition
  const known = TRANSITION_TABLE.get(previous)?.get(next);
  const transition = known === undefined ? transitionBetween(previous, next) : known;
  if (transition === null) return;
  model.transitions[transition] += 1;
  if (!model.tracksChanges) return;
  const pending = model.pending;
  if (pending.transitions.length >= MAX_PENDING_TRANSITIONS) {
    pending.transitions.shift();
    pending.droppedTransitions += 1;
  }
  pending.transitions.push({ unitId, transition, seq });
}

/** A new unit record from whole-unit data; counts it in. The first status counts no transition. */
export function insertUnit(
  model: FleetModel,
  id: string,
  rev: number,
  data: UnitData,
  aspects: Partial<Pick<UnitRecord, 'speedTest' | 'social' | 'camera'>> = {},
): UnitRecord {
  const raw = data.status;
  const status = deriveFor(data, raw);
  const alerts = data.alerts ?? [];
  const counted = countedOf({ status, raw, data, alerts });
  const unit: UnitRecord = {
    id,
    slot: model.slots.free.pop() ?? model.slots.next++,
    rev,
    data,
    raw,
    status,
    alerts,
    links: data.links ?? [],
    usageShape: null,
    usageValues: null,
    usageAt: 0,
    usageRoom: 0,
    config: data.config,
    speedTest: aspects.speedTest,
    social: aspects.social,
    camera: aspects.camera,
    counted,
    availability: availabilityOf(counted),
  };
  model.units.set(id, unit);
  model.slots.held[unit.slot] = unit;
  model.removedRevs.delete(id);
  applyCounterChange(model.counters, undefined, unit.counted);
  if (model.tracksChanges) model.pending.units.add(id);
  return unit;
}

/** Takes a unit record out of the model's map and gives its slot back (counters and changes are the caller's). */
export function deleteUnit(model: FleetModel, unit: UnitRecord): void {
  model.units.delete(unit.id);
  model.slots.free.push(unit.slot);
  model.slots.held[unit.slot] = undefined;
}

/** Empties the unit map and starts the slots again at 0 (a snapshot load). */
export function clearUnits(model: FleetModel): void {
  model.units.clear();
  model.slots.next = 0;
  model.slots.free.length = 0;
  model.slots.held.length = 0;
  model.usage.clear();
}

function applyUnitAdded(model: FleetModel, event: EnvelopeOf<'unit.added'>): ApplyResult {
  const existing = model.units.get(event.id);
  if (existing !== undefined) {
    const verdict = revVerdict(existing.rev, event.rev);
    if (verdict !== null) return verdict;
    // The whole unit again (a re-send after a change): every aspect is replaced; no refetch needed.
    const data = event.data;
    const previous = existing.status;
    existing.rev = event.rev;
    existing.data = data;
    existing.raw = data.status;
    existing.status = deriveFor(data, data.status);
    existing.alerts = data.alerts ?? [];
    existing.links = data.links ?? [];
    existing.usageShape = null;
    existing.config = data.config;
    recount(model, existing, true);
    noteTransition(model, event.id, previous, existing.status, event.seq);
    if (model.tracksChanges) model.pending.units.add(event.id);
    return APPLIED;
  }
  const removedRev = model.removedRevs.get(event.id);
  if (removedRev !== undefined) {
    const verdict = revVerdict(removedRev, event.rev);
    if (verdict !== null) return verdict;
  }
  insertUnit(model, event.id, event.rev, event.data);
  return APPLIED;
}

function applyUnitRemoved(model: FleetModel, event: EnvelopeOf<'unit.removed'>): ApplyResult {
  const existing = model.units.get(event.id);
  const applied = existing?.rev ?? model.removedRevs.get(event.id);
  if (applied !== undefined) {
    const verdict = revVerdict(applied, event.rev);
    if (verdict !== null) return verdict;
  }
  if (existing !== undefined) {
    applyCounterChange(model.counters, existing.counted, undefined);
    deleteUnit(model, existing);
    if (model.tracksChanges) model.pending.units.add(event.id);
  }
  model.removedRevs.set(event.id, event.rev);
  return APPLIED;
}

/** The kinds that change one aspect of a known unit. */
export type UnitAspectEvent = Extract<
  Envelope,
  { kind: 'unit.status' | 'unit.config' | 'unit.alert' | 'unit.usage' | 'unit.speedtest' | 'social.status' | 'camera.config' }
>;

/**
 * unit.* (other than added/removed), social.status and camera.config: one aspect of a known unit.
 * `unit`: the model's record for event.id, looked up by the caller (undefined: none).
 */
function applyUnitAspect(model: FleetModel, event: UnitAspectEvent, unit: UnitRecord | undefined, recordChange = true, shaped?: ShapedUsage): ApplyResult {
  if (unit === undefined) {
    const removedRev = model.removedRevs.get(event.id);
    // A late event of a removed unit is simply old; anything newer means we lack the unit.
    if (removedRev !== undefined && event.rev <= removedRev) return event.rev === removedRev ? DUPLICATE : STALE;
    return { outcome: 'unknownEntity', refetch: event.id };
  }
  const verdict = revVerdict(unit.rev, event.rev);
  if (verdict !== null) return verdict;
  const gap = event.rev > unit.rev + 1;
  unit.rev = event.rev;
  switch (event.kind) {
    case 'unit.status': {
      const previous = unit.status;
      unit.raw = event.data;
      unit.status = deriveFor(unit.data, event.data);
      recount(model, unit, false);
      noteTransition(model, unit.id, previous, unit.status, event.seq);
      break;
    }
    case 'unit.alert':
      unit.alerts = event.data.alerts;
      recount(model, unit, true);
      break;
    case 'unit.config':
      unit.config = event.data;
      break;
    case 'unit.usage':
      if (shaped !== undefined) writeShapedUsage(model, unit, shaped);
      else {
        unit.links = event.data.links;
        unit.usageShape = null;
        model.usage.release(unit);
      }
      break;
    case 'unit.speedtest':
      unit.speedTest = event.data;
      break;
    case 'social.status':
      unit.social = event.data;
      break;
    case 'camera.config':
      unit.camera = event.data;
      break;
    default:
      return assertNever(event, 'event');
  }
  if (recordChange && model.tracksChanges) model.pending.units.add(unit.id);
  return gap ? { outcome: 'gap', refetch: event.id } : APPLIED;
}

/** Channels and servers appear with their first event (there is no channel.added). */
function applyChannel(model: FleetModel, event: EnvelopeOf<'channel.status'> | EnvelopeOf<'channel.config'>): ApplyResult {
  let channel = model.channels.get(event.id);
  let gap = false;
  if (channel === undefined) {
    channel = { id: event.id, rev: event.rev, name: undefined, version: undefined, status: undefined, config: undefined };
    model.channels.set(event.id, channel);
  } else {
    const verdict = revVerdict(channel.rev, event.rev);
    if (verdict !== null) return verdict;
    gap = event.rev > channel.rev + 1;
    channel.rev = event.rev;
  }
  if (event.kind === 'channel.status') channel.status = event.data;
  else channel.config = event.data;
  if (model.tracksChanges) model.pending.channels.add(event.id);
  return gap ? { outcome: 'gap', refetch: event.id } : APPLIED;
}

function applyServer(model: FleetModel, event: EnvelopeOf<'server.status'>): ApplyResult {
  let server = model.servers.get(event.id);
  let gap = false;
  if (server === undefined) {
    server = { id: event.id, rev: event.rev, status: undefined };
    model.servers.set(event.id, server);
  } else {
    const verdict = revVerdict(server.rev, event.rev);
    if (verdict !== null) return verdict;
    gap = event.rev > server.rev + 1;
    server.rev = event.rev;
  }
  server.status = event.data;
  if (model.tracksChanges) model.pending.servers.add(event.id);
  return gap ? { outcome: 'gap', refetch: event.id } : APPLIED;
}

function dispatch(model: FleetModel, event: Envelope): ApplyResult {
  switch (event.kind) {
    case 'unit.added':
      return applyUnitAdded(model, event);
    case 'unit.removed':
      return applyUnitRemoved(model, event);
    case 'unit.status':
    case 'unit.config':
    case 'unit.alert':
    case 'unit.usage':
    case 'unit.speedtest':
    case 'social.status':
    case 'camera.config':
      return applyUnitAspect(model, event, model.units.get(event.id));
    case 'channel.status':
    case 'channel.config':
      return applyChannel(model, event);
    case 'server.status':
      return applyServer(model, event);
    default:
      return assertNever(event, 'event');
  }
}

/** Applies one decoded event and says what happened (see the header comment for the rules). */
export function applyEvent(model: FleetModel, event: Envelope): ApplyResult {
  noteEvent(model, event.seq);
  return tally(model, event.seq <= model.watermark ? BELOW_WATERMARK : dispatch(model, event));
}

/**
 * applyEvent for an event of one unit aspect whose record the caller has already looked up (`unit`:
 * model.units.get(event.id), undefined when none): the same result and the same model afterwards,
 * without a second lookup of the id (the pipeline reads the record before the event for its diff).
 *
 * `recordChange` false: an applied event does not put the unit's id in the pending set; the caller
 * records the change itself (the pipeline, by the unit's slot: aspectMasks.ts), which saves a Set
 * insert of the id per event. Every other effect is the same.
 */
export function applyUnitAspectEvent(model: FleetModel, event: UnitAspectEvent, unit: UnitRecord | undefined, recordChange = true, shaped?: ShapedUsage): ApplyResult {
  noteEvent(model, event.seq);
  return tally(model, event.seq <= model.watermark ? BELOW_WATERMARK : applyUnitAspect(model, event, unit, recordChange, shaped));
}

/** Counts an event given to the model and moves lastSeq. */
function noteEvent(model: FleetModel, seq: number): void {
  model.events += 1;
  if (seq > model.lastSeq) model.lastSeq = seq;
}

/** Counts the outcome (applied or ignored). */
function tally(model: FleetModel, result: ApplyResult): ApplyResult {
  if (result.outcome === 'applied' || result.outcome === 'gap') model.applied += 1;
  else model.ignored += 1;
  return result;
}

/** True when the outcome asks for the entity to be refetched. */
export function needsRefetch(result: ApplyResult): result is Extract<ApplyResult, { refetch: string }> {
  return result.outcome === 'gap' || result.outcome === 'unknownEntity';
}
