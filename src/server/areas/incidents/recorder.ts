/**
 * The server's incident recorder (issue 17 items 1 and 2): it listens to every event on the bus
 * and keeps, per unit, what an incident needs (name, derived status, active alerts); it records
 *   - every status transition (src/domain/units/transitions.ts) as a `transition` incident,
 *   - every alert that becomes active as an `alert` incident,
 *   - every threshold a user set that starts to hold (src/domain/thresholds.ts) as a `threshold`
 *     incident of that user.
 * The first state of a unit (the fleet announcing itself) raises nothing: it is the baseline.
 *
 * Writes are batched: incidents wait in memory and are stored every FLUSH_EVERY_MS (the bus calls
 * listeners synchronously, up to 100,000 events/s under load; no listener may wait on the
 * database) in one transaction. The buffer is bounded: at BUFFER_MAX incidents the oldest tenth
 * waiting is dropped and counted (`dropped`), and the server logs how many at the next flush (at
 * most once a minute).
 */
import type { LiveBus } from '../../live/bus.ts';
import type { LiveEvent } from '../../live/types.ts';
import type { Store } from '../../store/store.ts';
import type { OwnershipChange } from '../../ownership.ts';
import { isDataOf } from '../../../protocol/payloadGuards.ts';
import type { EventData, UnitData } from '../../../protocol/payloads.ts';
import { deriveUnitStatus, isStreaming, type Applications, type UnitStatus } from '../../../domain/units/status.ts';
import { transitionBetween } from '../../../domain/units/transitions.ts';
import { ERRORS } from '../../../domain/errors.ts';
import { formatMessage } from '../../../domain/validation/messages.ts';
import { INCIDENT_RETENTION_DAYS, THRESHOLD_BOUNDS, thresholdSeverity, TRANSITION_TEXTS, transitionSeverity, type IncidentSeverity } from '../../../domain/incidents.ts';
import { DAY_MS } from '../../../domain/activity.ts';
import type { AlertType } from '../../../domain/units/interface.ts';
import { ThresholdWatch, type ThresholdHit, type UnitObservation } from '../../../domain/thresholds.ts';
import type { NewIncident } from './repo.ts';

/** Waiting incidents are stored this often (ms): the log lags the fleet by at most about this. */
export const FLUSH_EVERY_MS = 1_000;
/** Time-based thresholds (offline longer than N minutes, uplink low for N s) are checked this often (ms). */
export const SWEEP_EVERY_MS = 5_000;
/** Most incidents waiting for the next flush (one burst of a 50,000-unit fleet going offline). */
export const BUFFER_MAX = 100_000;
/**
 * Incidents dropped at once when the buffer is full: the oldest tenth. Dropping one per new
 * incident moved the whole array each time (Array.shift cannot trim an array this long in place:
 * it lives in V8's large-object space, so each shift copies its 100,000 slots; measured 93 µs per
 * incident against 0.1 µs in blocks), so an overload of the store turned into a stall of the server.
 */
export const BUFFER_DROP_BLOCK = BUFFER_MAX / 10;
/** Dropped incidents are logged at most this often (ms), with how many since the last report. */
export const DROPPED_REPORT_EVERY_MS = 60_000;

interface UnitFacts {
  name: string;
  status: UnitStatus;
  alerts: Set<string>;
  isDemo: boolean;
  isBlockedVendor: boolean;
}

export interface RecorderDeps {
  readonly store: Store;
  /** The unit's group now (the websocket's topic authority: in memory, follows ownership). */
  groupOfUnit(uid: string): string | undefined;
  now(): number;
  /** Where a failed flush is reported. */
  logError(message: string, error: unknown): void;
  /** Where dropped incidents are reported. */
  logWarning(message: string): void;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The facts a unit.status or unit.added status tells the threshold watch. */
function observationOf(at: number, status: UnitStatus, raw: { applications?: Applications } & Record<string, unknown>): UnitObservation {
  const battery = raw['battery'];
  const camera = raw['cameraConnected'];
  const offline = status === 'offline';
  // One object per status event (its fields undefined when the event does not say): no spreads.
  return {
    at,
    offline,
    streaming: !offline && isStreaming(raw.applications ?? {}),
    batteryPct: isObject(battery) && typeof battery['percentage'] === 'number' ? battery['percentage'] : undefined,
    cameraConnected: typeof camera === 'boolean' ? camera : undefined,
  };
}

/** A unit not yet announced has neither flag (unit.added brings them). */
const NO_FLAGS = Object.freeze({});

export class IncidentRecorder {
  private readonly units = new Map<string, UnitFacts>();
  private readonly watch = new ThresholdWatch();
  private readonly inventoryOfGroup = new Map<string, string>();
  private buffer: NewIncident[] = [];
  private flushing: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | null = null;
  private timers: ReturnType<typeof setInterval>[] = [];
  private thresholdsLoaded = false;
  /** Incidents dropped because the buffer was full (since start). */
  dropped = 0;
  private droppedReported = 0;
  private droppedReportedAt: number | null = null;
  /** Incidents stored (since start). */
  stored = 0;

  constructor(private readonly deps: RecorderDeps) {}

  /** Loads what it needs (groups' inventories, thresholds) and listens to the bus; timers are real unless `timers: false` (tests drive flush and sweep). */
  async start(bus: LiveBus | null, options: { readonly timers?: boolean } = {}): Promise<void> {
    for (const group of await this.deps.store.groups.list()) this.inventoryOfGroup.set(group.id, group.inventoryId);
    await this.reloadThresholds(false);
    if (bus !== null) this.unsubscribe = bus.subscribe((event) => this.handle(event));
    if (options.timers !== false) {
      const flush = setInterval(() => void this.flush(), FLUSH_EVERY_MS);
      const sweep = setInterval(() => this.sweep(), SWEEP_EVERY_MS);
      flush.unref();
      sweep.unref();
      this.timers = [flush, sweep];
    }
  }

  /** Stops listening and stores what waits. */
  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.flush();
  }

  /**
   * Reads the thresholds again (a user set theirs, or group memberships changed). `raiseHeld`:
   * conditions that hold now raise their incident at once (the user just asked).
   */
  async reloadThresholds(raiseHeld: boolean): Promise<void> {
    const thresholds = await this.deps.store.thresholds.activeForWatch();
    const hits = this.watch.setThresholds(thresholds, this.deps.now(), { raiseHeld: raiseHeld && this.thresholdsLoaded });
    this.thresholdsLoaded = true;
    for (const hit of hits) this.pushThreshold(hit);
  }

  /** Follows ownership changes that matter here: a group's inventory, a user's groups. */
  ownershipChanged(change: OwnershipChange): void {
    if (change.kind === 'user' || change.kind === 'group-removed') void this.reloadThresholds(false).catch((error: unknown) => this.deps.logError('reloading thresholds failed', error));
  }

  /** One bus event (synchronous: it only updates memory and the buffer). */
  handle(event: LiveEvent): void {
    if (!isDataOf(event.kind, event.data)) return;
    switch (event.kind) {
      case 'unit.added':
        return this.added(event, event.data as UnitData);
      case 'unit.status':
        return this.status(event, event.data as EventData['unit.status'] & Record<string, unknown>);
      case 'unit.alert':
        return this.alerts(event, event.data as EventData['unit.alert']);
      case 'unit.usage':
        return this.usage(event, event.data as EventData['unit.usage'] & Record<string, unknown>);
      case 'unit.removed':
        this.units.delete(event.id);
        this.watch.forget(event.id);
        return;
      default:
        return; // config, speed test, channels, servers, social: no incident
    }
  }

  /** Time-based thresholds; answers how many incidents it raised. */
  sweep(at: number = this.deps.now()): number {
    const hits = this.watch.sweep(at);
    for (const hit of hits) this.pushThreshold(hit);
    return hits.length;
  }

  /** Stores what waits (one transaction); flushes run one after another. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      this.reportDropped();
      if (this.buffer.length === 0) return;
      const batch = this.buffer;
      this.buffer = [];
      try {
        await this.deps.store.incidents.insertMany(batch);
        this.stored += batch.length;
      } catch (error) {
        this.deps.logError(`storing ${batch.length} incidents failed`, error);
      }
    });
    return this.flushing;
  }

  /** Deletes incidents older than the 60 days kept; answers how many went. */
  async purge(now: number = this.deps.now()): Promise<number> {
    return this.deps.store.incidents.purgeBefore(now - INCIDENT_RETENTION_DAYS * DAY_MS);
  }

  /** How many incidents wait for the next flush (tests, metrics). */
  get waiting(): number {
    return this.buffer.length;
  }

  private added(event: LiveEvent, data: UnitData): void {
    const flags = { isDemo: data.isDemo === true, isBlockedVendor: data.isBlockedVendor === true };
    const status = deriveUnitStatus(data.status, flags);
    const known = this.units.get(event.id);
    const alerts = new Set((data.alerts ?? []).filter((a) => a.active).map((a) => a.type));
    this.units.set(event.id, { name: data.name, status, alerts: known?.alerts ?? alerts, ...flags });
    const group = this.groupOf(event.id, data);
    const battery = data.battery;
    const observation: UnitObservation = {
      ...observationOf(event.ts, status, data.status as { applications?: Applications } & Record<string, unknown>),
      ...(battery !== undefined ? { batteryPct: battery?.percentage ?? null } : {}),
      ...(data.links !== undefined ? { links: data.links } : {}),
    };
    for (const hit of this.watch.observe(event.id, group, observation)) this.pushThreshold(hit);
  }

  private status(event: LiveEvent, data: EventData['unit.status'] & Record<string, unknown>): void {
    const facts = this.units.get(event.id);
    // The unit's facts carry its isDemo and isBlockedVendor flags: no flags object per event.
    const next = deriveUnitStatus(data, facts ?? NO_FLAGS);
    if (facts !== undefined) {
      const transition = transitionBetween(facts.status, next);
      facts.status = next;
      if (transition !== null) this.push(event, 'transition', transitionSeverity(transition), transition, TRANSITION_TEXTS[transition]);
    } else {
      this.units.set(event.id, { name: event.id, status: next, alerts: new Set(), isDemo: false, isBlockedVendor: false });
    }
    for (const hit of this.watch.observe(event.id, this.groupOf(event.id), observationOf(event.ts, next, data))) this.pushThreshold(hit);
  }

  private alerts(event: LiveEvent, data: EventData['unit.alert']): void {
    const facts = this.units.get(event.id);
    const active = new Map(data.alerts.filter((a) => a.active).map((a) => [a.type, a] as const));
    if (facts !== undefined) {
      for (const [type, alert] of active) {
        if (facts.alerts.has(type)) continue;
        const message = (alert as { message?: unknown }).message;
        this.push(event, 'alert', alert.severity, type, typeof message === 'string' && message !== '' ? message : alertText(type));
      }
      facts.alerts = new Set(active.keys());
    }
    const camera = active.has('cameraDisconnected') ? { cameraConnected: false } : {};
    if (Object.keys(camera).length > 0) for (const hit of this.watch.observe(event.id, this.groupOf(event.id), { at: event.ts, ...camera })) this.pushThreshold(hit);
  }

  private usage(event: LiveEvent, data: EventData['unit.usage'] & Record<string, unknown>): void {
    const uplink = typeof data['uplinkKbps'] === 'number' ? data['uplinkKbps'] : data.links.reduce((sum, l) => sum + l.uplinkKbps, 0);
    // The event's links as they are: the watch reads a link as connected unless `connected` is false.
    const observation: UnitObservation = { at: event.ts, uplinkKbps: uplink, links: data.links };
    for (const hit of this.watch.observe(event.id, this.groupOf(event.id), observation)) this.pushThreshold(hit);
  }

  private groupOf(uid: string, data?: UnitData): string | null {
    const group = this.deps.groupOfUnit(uid) ?? (typeof data?.['groupId'] === 'string' ? data['groupId'] : undefined);
    return group ?? null;
  }

  private inventoryOf(groupId: string | null): string | null {
    if (groupId === null) return null;
    const known = this.inventoryOfGroup.get(groupId);
    if (known !== undefined) return known;
    // A group created after start: learnt for the next incidents.
    void this.deps.store.groups.get(groupId).then((group) => {
      if (group !== undefined) this.inventoryOfGroup.set(group.id, group.inventoryId);
    });
    return null;
  }

  private enqueue(incident: NewIncident): void {
    if (this.buffer.length >= BUFFER_MAX) {
      this.buffer.splice(0, BUFFER_DROP_BLOCK);
      this.dropped += BUFFER_DROP_BLOCK;
    }
    this.buffer.push(incident);
  }

  /** Logs the incidents dropped since the last report, at most every DROPPED_REPORT_EVERY_MS. */
  private reportDropped(): void {
    const since = this.dropped - this.droppedReported;
    if (since === 0) return;
    const now = this.deps.now();
    if (this.droppedReportedAt !== null && now - this.droppedReportedAt < DROPPED_REPORT_EVERY_MS) return;
    this.deps.logWarning(`incidents: ${since} dropped unstored (more than ${BUFFER_MAX} waited for the store); ${this.dropped} since start`);
    this.droppedReported = this.dropped;
    this.droppedReportedAt = now;
  }

  private push(event: LiveEvent, kind: 'transition' | 'alert', severity: IncidentSeverity, code: string, message: string): void {
    const groupId = this.groupOf(event.id);
    this.enqueue({
      at: event.ts,
      kind,
      severity,
      code,
      message,
      unit_id: event.id,
      unit_name: this.units.get(event.id)?.name ?? event.id,
      group_id: groupId,
      inventory_id: this.inventoryOf(groupId),
      user_id: null,
      toast: 0,
      acknowledged_by: null,
      acknowledged_at: null,
    });
  }

  private pushThreshold(hit: ThresholdHit): void {
    const groupId = this.groupOf(hit.unitId);
    this.enqueue({
      at: hit.at,
      kind: 'threshold',
      severity: thresholdSeverity(hit.threshold.kind),
      code: hit.threshold.kind,
      message: hit.text,
      unit_id: hit.unitId,
      unit_name: this.units.get(hit.unitId)?.name ?? hit.unitId,
      group_id: groupId,
      inventory_id: this.inventoryOf(groupId),
      user_id: hit.threshold.userId,
      toast: hit.threshold.toast ? 1 : 0,
      acknowledged_by: null,
      acknowledged_at: null,
    });
  }
}

/** The spec's alert text of a type when the alert carries none (spec 000 §9: battery below {0}%). */
function alertText(type: AlertType): string {
  return type === 'battery' ? formatMessage(ERRORS.alerts.batteryBelow, { 0: THRESHOLD_BOUNDS.battery.value?.initial ?? 20 }) : ERRORS.alerts.cameraDisconnected;
}
