/**
 * What a replay knows about its log once it is opened (issue 6 item 3): periodic model snapshots
 * kept in memory so a seek to any moment loads the nearest one and applies only the events after
 * it, the event density over the log's time span and the alert markers of the timeline.
 *
 * Built in one pass through the same model code the pipeline runs (workers/model): the state at
 * event index k (the first k events applied) is the model after k applyEvent calls.
 *
 * Bounds (ours): a snapshot every SNAPSHOT_EVERY_EVENTS events or SNAPSHOT_EVERY_LOG_MS of log
 * time, whichever comes first; when more than MAX_SNAPSHOTS are held, or more than
 * SNAPSHOT_UNIT_BUDGET unit entries in all, every other snapshot is dropped and both intervals
 * double, so memory stays bounded on any log while a seek still applies at most about
 * events / MAX_SNAPSHOTS × 2 events.
 */
import type { Envelope } from '../../src/protocol/envelope.ts';
import type { FleetSnapshot } from '../../src/protocol/snapshot.ts';
import type { FleetModel } from '../model/fleetModel.ts';
import { applyEvent, createFleetModel, drainChanges } from '../model/fleetModel.ts';
import { loadSnapshot, snapshot } from '../model/snapshot.ts';

/** A snapshot at least every 1,000 events (ours: a seek then applies ≤ ~1,000 events, < 1 ms). */
export const SNAPSHOT_EVERY_EVENTS = 1_000;
/** ... or every 5 s of log time (issue 6 brief: "every N events or every 5 s of log time"). */
export const SNAPSHOT_EVERY_LOG_MS = 5_000;
/** At most this many snapshots are held (ours). */
export const MAX_SNAPSHOTS = 128;
/** At most this many unit entries over all snapshots (~300 B each: ~90 MB worst case; ours). */
export const SNAPSHOT_UNIT_BUDGET = 300_000;
/** Bins of the density histogram (ours: about one per 5 px of a 1,200 px timeline). */
export const DENSITY_BINS = 240;
/** Alert markers kept on the timeline (ours); beyond this an even sample is kept. */
export const MAX_ALERT_MARKERS = 500;

/** The model after the first `index` events; `watermark` is the seq of event index − 1 (−1 at 0). */
export type IndexedSnapshot = { readonly index: number; readonly watermark: number; readonly fleet: FleetSnapshot };

/** An event that raised the fleet's count of active alerts. */
export type AlertMarker = { readonly index: number; readonly seq: number; readonly ts: number; readonly unitId: string };

export type ReplayIndex = {
  readonly snapshots: readonly IndexedSnapshot[];
  /** Events per bin over [startTs, endTs] (DENSITY_BINS bins; all in bin 0 when the span is 0). */
  readonly density: readonly number[];
  readonly markers: readonly AlertMarker[];
  readonly startTs: number;
  readonly endTs: number;
};

export type IndexOptions = {
  readonly everyEvents?: number;
  readonly everyLogMs?: number;
  readonly maxSnapshots?: number;
  readonly unitBudget?: number;
  readonly bins?: number;
  readonly maxMarkers?: number;
};

/** Keeps index 0 and every other one after it. */
function thin<T>(items: T[]): T[] {
  return items.filter((_, i) => i % 2 === 0);
}

/** An even sample of at most `max` items, keeping the first. */
function sample<T>(items: readonly T[], max: number): T[] {
  if (items.length <= max) return [...items];
  const step = items.length / max;
  const kept: T[] = [];
  for (let i = 0; i < max; i++) {
    const item = items[Math.floor(i * step)];
    if (item !== undefined) kept.push(item);
  }
  return kept;
}

export function buildReplayIndex(events: readonly Envelope[], options: IndexOptions = {}): ReplayIndex {
  let everyEvents = options.everyEvents ?? SNAPSHOT_EVERY_EVENTS;
  let everyLogMs = options.everyLogMs ?? SNAPSHOT_EVERY_LOG_MS;
  const maxSnapshots = options.maxSnapshots ?? MAX_SNAPSHOTS;
  const unitBudget = options.unitBudget ?? SNAPSHOT_UNIT_BUDGET;
  const bins = options.bins ?? DENSITY_BINS;
  const startTs = events[0]?.ts ?? 0;
  const endTs = events[events.length - 1]?.ts ?? startTs;
  const span = endTs - startTs;
  const density = new Array<number>(bins).fill(0);
  const markers: AlertMarker[] = [];
  const model = createFleetModel();
  let snapshots: IndexedSnapshot[] = [{ index: 0, watermark: -1, fleet: snapshot(model) }];
  let unitEntries = 0;
  let lastIndex = 0;
  let lastTs = startTs;

  for (let i = 0; i < events.length; i++) {
    const event = events[i] as Envelope;
    const alertsBefore = model.counters.activeAlerts;
    applyEvent(model, event);
    // The pending sets are the pipeline's business; here they would only grow.
    drainChanges(model);
    if (model.counters.activeAlerts > alertsBefore) markers.push({ index: i + 1, seq: event.seq, ts: event.ts, unitId: event.id });
    const bin = span === 0 ? 0 : Math.min(bins - 1, Math.floor(((event.ts - startTs) / span) * bins));
    density[bin] = (density[bin] ?? 0) + 1;
    const index = i + 1;
    if (index - lastIndex >= everyEvents || event.ts - lastTs >= everyLogMs) {
      const fleet = snapshot(model);
      snapshots.push({ index, watermark: event.seq, fleet });
      unitEntries += fleet.units.length;
      lastIndex = index;
      lastTs = event.ts;
      while (snapshots.length > maxSnapshots || (unitEntries > unitBudget && snapshots.length > 2)) {
        snapshots = thin(snapshots);
        unitEntries = snapshots.reduce((sum, s) => sum + s.fleet.units.length, 0);
        everyEvents *= 2;
        everyLogMs *= 2;
      }
    }
  }
  return { snapshots, density, markers: sample(markers, options.maxMarkers ?? MAX_ALERT_MARKERS), startTs, endTs };
}

/** The snapshot with the largest index ≤ `index` (binary search; index 0 is always held). */
export function nearestSnapshot(index: ReplayIndex, target: number): IndexedSnapshot {
  const list = index.snapshots;
  let low = 0;
  let high = list.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((list[mid] as IndexedSnapshot).index <= target) low = mid;
    else high = mid - 1;
  }
  return list[low] as IndexedSnapshot;
}

/**
 * The fleet after the first `target` events: the nearest snapshot loaded into a scratch model,
 * then the events after it applied (the same applyEvent the pipeline runs).
 */
export function fleetAt(index: ReplayIndex, events: readonly Envelope[], target: number): { fleet: FleetSnapshot; watermark: number } {
  const from = nearestSnapshot(index, target);
  const model: FleetModel = createFleetModel();
  loadSnapshot(model, from.fleet, from.watermark);
  for (let i = from.index; i < target; i++) applyEvent(model, events[i] as Envelope);
  return { fleet: snapshot(model), watermark: target === 0 ? -1 : (events[target - 1] as Envelope).seq };
}
