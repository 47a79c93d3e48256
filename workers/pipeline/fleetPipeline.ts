/**
 * The pipeline behind every source (design.md "One path for every event"): apply each event to the
 * model (workers/model), coalesce per animation frame, post one diff per frame to the UI.
 *
 * Contracts:
 * - One `deliver` call per frame at most, carrying every change since the last diff (last value
 *   per unit wins: views are read from the model when the diff is built).
 * - Back-pressure as a promise: `deliver` returns a promise that settles when the UI has applied
 *   the diff; until then no new diff is built and changes keep accumulating in the model's
 *   changed-id sets. We wait so the UI is never sent state faster than it can draw it.
 * - Large unit sets go as a transferred ArrayBuffer (diff.ts).
 * - The timed behaviours of issue 4 item 5 hang off the stream here: button transitions
 *   (transitionTracker.ts), capabilities marked stale when a unit comes back online
 *   (capabilitiesRefetchNeeded) and refetched once it is on screen or selected, per frame and a
 *   few at a time (capabilitiesRefresh.ts), lists reloaded 3 s after an add/remove (listReload.ts);
 *   selection refresh and the virtual-channel retry are calls (selectionCache.ts, virtualChannel.ts).
 * - A revision gap or an event for an unknown unit refetches that unit over REST (unitRefetch.ts),
 *   at most one request per unit at a time; answers from before a snapshot load are dropped.
 * Everything time-related is injected (requestFrame, timers, clock): the same code runs in the
 * worker, in Node for the replay command and benchmarks, and in tests with fake time.
 */
import type { UnitAlertSettings } from '../../src/domain/units/alertSettings.ts';
import { DEFAULT_UNIT_ALERT_SETTINGS, transitionRaisesNotification } from '../../src/domain/units/alertSettings.ts';
import type { ButtonTransitionState, CachedKind, TransitionButton } from '../../src/domain/units/interface.ts';
import { capabilitiesRefetchNeeded } from '../../src/domain/units/interface.ts';
import { isOfflineState } from '../../src/domain/units/status.ts';
import type { Envelope } from '../../src/protocol/envelope.ts';
import type { FleetSnapshot } from '../../src/protocol/snapshot.ts';
import type { FleetModel, ShapedUsage, UnitAspectEvent, UnitRecord } from '../model/fleetModel.ts';
import { applyEvent, applyUnitAspectEvent, createFleetModel, drainChanges, linkLayoutOf, needsRefetch } from '../model/fleetModel.ts';
import type { UsageShape } from '../../src/protocol/usageShapes.ts';
import { writeShapedLinkValues } from './shapedLinks.ts';
import { loadSnapshot } from '../model/snapshot.ts';
import { takeSnapshotStamp } from './snapshotTiming.ts';
import type { UnitFetchResult } from '../model/unitRefetch.ts';
import { applyUnitFetch, unitRevOf } from '../model/unitRefetch.ts';
import type { Clock, TimerId, Timers } from '../sources/clock.ts';
import type { ConnectionState } from '../sources/connectionState.ts';
import type { EventSink } from '../sources/eventSource.ts';
import type { ChannelView, DiffAnswer, FleetDiff, LinkView, ServerView, UnitPatch, UnitView } from './diff.ts';
import { ASPECT, channelsWithStatusText, EMPTY_DIFF, encodeUnits, INLINE_UNITS_MAX, MAX_KEPT_NOTIFICATIONS, MAX_UNITS_PER_DIFF, pushLinkValues, WHOLE_VIEW } from './diff.ts';
import { RecordsByRef } from './recordsByRef.ts';
import { LayoutsBySlot } from './layoutsBySlot.ts';
import { AspectMasks } from './aspectMasks.ts';
import { PatchColumnsWriter } from './patchColumns.ts';
import type { SnapshotColumns } from './snapshotColumns.ts';
import { encodeSnapshotColumns } from './snapshotColumns.ts';
import type { FleetColumns } from './fleetColumns.ts';
import { splitFirstViews } from './firstViews.ts';
import { textValues } from './textColumn.ts';
import { batteryOf, linksOf, onAirOf, sameLinkLayout, signalOf, uplinkOf, unitViewOf, videoStateOf } from './unitView.ts';
import { CapabilitiesRefresh } from './capabilitiesRefresh.ts';
import { ListReloadDebounce } from './listReload.ts';
import type { CachedUnitData } from './selectionCache.ts';
import { SelectionCache } from './selectionCache.ts';
import { TransitionTracker } from './transitionTracker.ts';
import { SplitQueue } from './splitQueue.ts';
import type { VirtualChannelOutcome } from './virtualChannel.ts';
import { setVirtualChannelWithRetry } from './virtualChannel.ts';

/**
 * Parts of a split change posted before the UI took the first: 2, so the UI finds the next part
 * waiting when it has applied one (its work runs back to back) while the worker builds the next.
 */
export const SPLIT_PARTS_IN_FLIGHT = 2;

/** A failed repair refetch is retried after this long (ms; our choice, the poll period of spec 000 §9). */
export const REFETCH_RETRY_MS = 2_000;

/**
 * The longest the worker waits, after the UI took a presented snapshot's columns, for the page's
 * word that its first rows are painted (presentedPainted, sent by the unit list after the paint
 * that shows them) before it loads the fleet anyway (ms). A screen with no list (the map, the
 * multiview, a replay) never says it; 1 s is above the list's first paint at 50,000 units on the
 * loaded 2-core machine in the committed bench run (the whole first list 776 ms, bytes to paint)
 * and short enough that live events held meanwhile are a second late at worst.
 */
export const PRESENTED_LOAD_TIMEOUT_MS = 1_000;

export interface PipelineDeps {
  /** Posts one diff (with its transferables); resolves when the UI has taken it. */
  deliver(diff: FleetDiff, transfer: ArrayBuffer[]): DiffAnswer | Promise<DiffAnswer>;
  /** Runs `callback` at the next animation frame (requestAnimationFrame, or a 16 ms timer). */
  requestFrame(callback: () => void): void;
  clock: Clock;
  timers: Timers;
  /** REST: one unit (gap refetch, transition polls). Without it gaps are only counted. */
  fetchUnit?(unitId: string): Promise<UnitFetchResult>;
  fetchCapabilities?(unitId: string): Promise<unknown>;
  fetchCached?(kind: CachedKind, unitId: string): Promise<unknown>;
  setVirtualChannel?(unitId: string, name: string, retry: number): Promise<boolean>;
  alertSettings?: UnitAlertSettings;
  inlineUnitsMax?: number;
  /**
   * A snapshot goes to the UI as columns in one diff (snapshotColumns.ts: lazy views, the name
   * order computed here) instead of split into MAX_UNITS_PER_DIFF parts of whole views. Default
   * false (Node tools and tests read the parts); the console's worker turns it on. 'text' (BENCH
   * ONLY): columns with the views as one string instead of UTF-8 bytes, the form before.
   */
  snapshotColumns?: boolean | 'text';
  /**
   * A first snapshot presented as columns (snapshotPresented, the pipeline's model empty) goes with
   * the views of this many rows in the list's default order only (firstViews.ts), the whole views
   * once the page said it painted them, asked for a view it lacks, or the fleet's load starts. Default 0: the
   * views go with the columns. The console's worker sets FIRST_VIEWS_ROWS.
   */
  firstViewsRows?: number;
  /** Units per diff before a change is split (default MAX_UNITS_PER_DIFF). */
  maxUnitsPerDiff?: number;
  /** Runs the next part of a split change (default: at once, when the UI has taken the last part). */
  continueSoon?(callback: () => void): void;
  /** Told about failures that are not the stream's (REST errors); default: ignored. */
  onError?(message: string): void;
}

export interface PipelineStats {
  eventsIn: number;
  diffsPosted: number;
  framesSkippedBusy: number;
  refetches: number;
  snapshots: number;
}

/** The hot aspect an event kind changes (diff.ts ASPECT), or WHOLE_VIEW for every other kind. */
/** The event changes one aspect of a unit the model holds (fleetModel.ts applyUnitAspectEvent). */
function isUnitAspectEvent(event: Envelope): event is UnitAspectEvent {
  switch (event.kind) {
    case 'unit.status':
    case 'unit.usage':
    case 'unit.alert':
    case 'unit.config':
    case 'unit.speedtest':
    case 'social.status':
    case 'camera.config':
      return true;
    default:
      return false;
  }
}

function aspectOfKind(kind: Envelope['kind']): number {
  switch (kind) {
    case 'unit.status':
      return ASPECT.status;
    case 'unit.usage':
      return ASPECT.usage;
    case 'unit.alert':
      return ASPECT.alerts;
    case 'unit.speedtest':
      return ASPECT.speedTest;
    default:
      return WHOLE_VIEW;
  }
}

export class FleetPipeline implements EventSink {
  readonly model: FleetModel = createFleetModel();
  readonly stats: PipelineStats = { eventsIn: 0, diffsPosted: 0, framesSkippedBusy: 0, refetches: 0, snapshots: 0 };
  readonly transitions: TransitionTracker;
  readonly selection: SelectionCache;
  private readonly lists: ListReloadDebounce;
  private readonly capabilities = new Map<string, unknown>();
  readonly capabilitiesRefresh: CapabilitiesRefresh;
  private readonly refetching = new Set<string>();
  /** Units that missed revs: refetched until an answer at least as new as the model's is applied. */
  private readonly repairing = new Set<string>();
  /** Per changed unit since the last diff, by slot: the hot aspects changed (diff.ts ASPECT bits) or WHOLE_VIEW. */
  private readonly aspects = new AspectMasks();
  /** The unit record of each wire ref seen, by slot (binary frames version 2; recordsByRef.ts). */
  private readonly records = new RecordsByRef();
  /** The link-layout number each unit's links came with, by slot (layoutsBySlot.ts): one compare instead of the links'. */
  private readonly layouts = new LayoutsBySlot();
  private alertSettings: UnitAlertSettings;
  private frameRequested = false;
  /**
   * Diffs posted and not yet taken by the UI: at most one, or SPLIT_PARTS_IN_FLIGHT while a split
   * change goes out (the worker builds the next part while the UI applies this one).
   */
  private inFlight = 0;
  private frameNo = 0;
  private epoch = 0;
  /** The token of a presented snapshot whose fleet is not loaded yet (0: none): no diff is built meanwhile. */
  private presentedPending = 0;
  private presentedToken = 0;
  /**
   * While a presented snapshot waits for its load: wakes the wait (the page painted its rows, or
   * a newer snapshot superseded it, which then rejects). Null when nothing waits.
   */
  private presentedWake: (() => void) | null = null;
  /**
   * The views of a first snapshot sent with its first screen's views only (firstViews.ts): posted
   * before any other diff (post), on the page's word, on its asking, or when the load starts. Null
   * when nothing is held back.
   */
  private viewsRest: Uint8Array | null = null;
  private eventsSinceDiff = 0;
  /** The last diff was a part of a split change: the rest goes out as soon as the UI took it. */
  private continuing = false;
  /** Units of a split change not sent yet, in order, each with its aspect mask (diff.ts ASPECT, WHOLE_VIEW). */
  private readonly splitQueue = new SplitQueue();
  /**
   * A diff's due units and its patched units with their masks, reused from diff to diff: the first
   * `dueCount` / `patchCount` entries are this diff's. Arrays made per diff (five of ~1,000 entries
   * at 60,000 events/s, each regrown as it filled) were ~90 B of garbage per event (§3n).
   */
  private readonly dueIds: string[] = [];
  private readonly dueUnits: (UnitRecord | undefined)[] = [];
  private readonly dueMasks: number[] = [];
  private dueCount = 0;
  private readonly patchUnits: UnitRecord[] = [];
  private readonly patchMasks: number[] = [];
  private patchCount = 0;
  /** Writes a diff's patches as columns when they do not go inline (reused: its buffers grow once). */
  private readonly patchWriter = new PatchColumnsWriter();
  private connectionState: ConnectionState | null = null;
  private listsVersion: number | null = null;
  private badFrameCount = 0;
  private badFramesDirty = false;
  private lastBadFrame = '';

  constructor(private readonly deps: PipelineDeps) {
    this.alertSettings = deps.alertSettings ?? DEFAULT_UNIT_ALERT_SETTINGS;
    this.transitions = new TransitionTracker({
      timers: deps.timers,
      poll: (unitId) => this.refetch(unitId, true),
      changed: (unitId) => this.touch(unitId),
    });
    this.selection = new SelectionCache({
      clock: deps.clock,
      fetch: (kind, unitId) => (deps.fetchCached ? deps.fetchCached(kind, unitId) : Promise.reject(new Error('no REST client'))),
    });
    this.capabilitiesRefresh = new CapabilitiesRefresh({
      ...(deps.fetchCapabilities ? { fetch: (unitId: string) => deps.fetchCapabilities?.(unitId) ?? Promise.resolve(undefined) } : {}),
      requestFrame: deps.requestFrame,
      exists: (unitId) => this.model.units.has(unitId),
      arrived: (unitId, capabilities) => {
        this.capabilities.set(unitId, capabilities);
        this.touch(unitId);
      },
      ...(deps.onError ? { onError: (message: string) => deps.onError?.(message) } : {}),
    });
    this.lists = new ListReloadDebounce(deps.timers, (version) => {
      this.listsVersion = version;
      this.schedule();
    });
  }

  // ---- EventSink ------------------------------------------------------------------------------

  event(event: Envelope, ref = -1, layout = 0, shaped?: ShapedUsage): void {
    this.stats.eventsIn += 1;
    this.eventsSinceDiff += 1;
    const model = this.model;
    // One lookup of the unit for the kinds that change one aspect of it: such an event changes the
    // record in place (or is not applied when the unit is unknown), so the record read now is the
    // record after it, and the model is handed it rather than looking the id up again. A removed
    // unit's record is read before it goes, to forget its mask. With a wire ref the lookup is
    // the record cache's (two array reads and an id compare) rather than the unit map's.
    const aspectEvent = isUnitAspectEvent(event) ? event : null;
    const unit = aspectEvent !== null || event.kind === 'unit.removed' ? (ref >= 0 ? this.records.unitOf(model, event.id, ref) : model.units.get(event.id)) : undefined;
    const before = event.kind === 'unit.status' ? unit?.status : undefined;
    const linksBefore = event.kind === 'unit.usage' && unit !== undefined ? linkLayoutOf(unit) : undefined;
    // An aspect event's change is recorded below by the unit's slot (aspectMasks.ts), not by id in the model's pending set.
    const result = aspectEvent !== null ? applyUnitAspectEvent(model, aspectEvent, unit, false, shaped) : applyEvent(model, event);
    // Behind (docs/protocol.md "Falling behind"): the server skipped revs on purpose and sends every
    // aspect's latest state, so a gap needs no refetch (50,000 of them would flood the server).
    const skippedOnPurpose = result.outcome === 'gap' && this.connectionState?.phase === 'behind';
    if (needsRefetch(result) && !skippedOnPurpose && event.kind !== 'channel.status' && event.kind !== 'channel.config' && event.kind !== 'server.status') {
      this.refetch(result.refetch, false);
    }
    if (result.outcome === 'applied' || result.outcome === 'gap') {
      let aspect = aspectOfKind(event.kind);
      if (event.kind === 'unit.usage') {
        const linksAfter = unit === undefined ? undefined : linkLayoutOf(unit);
        if (linksBefore === undefined || linksAfter === undefined || unit === undefined) aspect = WHOLE_VIEW;
        else {
          // Same number as the links it replaces came with: same layout, no need to read the old links.
          if (!this.layouts.same(unit.slot, layout, linksBefore) && !sameLinkLayout(linksBefore, linksAfter)) aspect = WHOLE_VIEW;
          this.layouts.note(unit.slot, layout, linksAfter);
        }
      }
      if (aspectEvent !== null) {
        if (unit !== undefined) this.aspects.add(unit, aspect);
      } else if (event.kind === 'unit.added') {
        const added = model.units.get(event.id);
        if (added !== undefined) this.aspects.add(added, aspect);
      } else if (unit !== undefined) this.aspects.forget(unit); // unit.removed
      switch (event.kind) {
        case 'unit.status': {
          this.transitions.statusArrived(event.id);
          const after = unit?.status;
          if (after !== undefined && capabilitiesRefetchNeeded(before, after)) this.capabilitiesRefresh.markStale(event.id);
          break;
        }
        case 'unit.added':
        case 'unit.removed':
          this.lists.bump();
          break;
        default:
          break;
      }
    }
    this.schedule();
  }

  snapshot(snapshot: FleetSnapshot, watermark: number): void {
    this.presentedPending = 0; // a presented snapshot not loaded yet is superseded
    this.presentedWake?.(); // its wait ends now, rejected
    this.stats.snapshots += 1;
    this.epoch += 1; // answers to requests made before this load are dropped
    this.refetching.clear();
    this.repairing.clear();
    this.aspects.clear(); // a reset diff sends every unit whole (and the slots start again at 0)
    loadSnapshot(this.model, snapshot, watermark);
    this.schedule();
  }

  /**
   * A snapshot whose UI columns came ready made (the columns answer, issue 15 item 3): when this
   * pipeline sends snapshots as columns and nothing is in flight, the reset diff goes out now with
   * `columns` as they came (no view, no JSON here before the UI has them). The fleet is loaded
   * from `load()` once the UI has taken the diff and the page said its first rows are painted
   * (presentedPainted), or PRESENTED_LOAD_TIMEOUT_MS after the UI took it when the page does not say
   * it (a screen with no list): so the unpack and load, 0.3–3 s of CPU at 10k–50k units, do not take
   * a core from the main thread while it draws them; until then no diff is built (the model still
   * holds the fleet before), REST answers from before are dropped, and the source holds its live
   * events, as during any resync. Then the units are taken as sent; a unit whose view carries this
   * pipeline's own state (a pressed button's transition, fetched capabilities), which the
   * server's columns do not, is sent whole in the next diff, with channels, servers and the rest
   * as after any load. Otherwise (split snapshots, a diff in flight) it is `snapshot(load(), watermark)`
   * at once. A snapshot that comes before the load supersedes it (the promise rejects).
   */
  snapshotPresented(presented: FleetColumns, watermark: number, load: () => FleetSnapshot): FleetSnapshot | Promise<FleetSnapshot> {
    if (this.deps.snapshotColumns !== true || this.inFlight > 0 || this.continuing || this.presentedPending !== 0) {
      const fleet = load();
      this.snapshot(fleet, watermark);
      return fleet;
    }
    const model = this.model;
    // Units the UI holds that the snapshot has not: removed in the same diff (the store keeps what a reset diff does not remove).
    const removed: string[] = [];
    if (model.units.size > 0) {
      const incoming = new Set(textValues(presented.columns.ids));
      for (const id of model.units.keys()) if (!incoming.has(id)) removed.push(id);
    }
    this.frameNo += 1;
    const snapshotBytesAt = takeSnapshotStamp();
    let diff: FleetDiff = {
      frame: this.frameNo,
      reset: true,
      units: [],
      unitsBuffer: null,
      removed,
      channels: [],
      removedChannels: [],
      patches: [],
      patchesBuffer: null,
      counters: { ...presented.counters },
      connection: null,
      notifications: [],
      listsVersion: null,
      badFrames: null,
      events: 0,
      ...(snapshotBytesAt !== null ? { snapshotBytesAt } : {}),
      snapshot: presented.columns,
    };
    this.epoch += 1; // answers to requests made before are for the fleet the UI no longer holds
    const token = ++this.presentedToken;
    this.presentedPending = token;
    let transfer = presented.transfer;
    let rest: Uint8Array | null = null;
    const rows = this.deps.firstViewsRows ?? 0;
    const views = presented.columns.views;
    if (rows > 0 && model.units.size === 0 && views instanceof Uint8Array) {
      // The page keeps under V8's first global allocation limit until it painted (firstViews.ts).
      const split = splitFirstViews(presented.columns, rows);
      transfer = [...presented.transfer.filter((buffer) => buffer !== views.buffer), ...split.firstTransfer];
      diff = { ...diff, snapshot: split.first };
      rest = split.rest;
    }
    const taken = this.post(diff, transfer);
    this.viewsRest = rest;
    return new Promise<FleetSnapshot>((resolve, reject) => {
      let uiTook = false;
      let painted = false;
      let done = false;
      let timer: TimerId | null = null;
      const loadNow = () => {
        if (done) return;
        done = true;
        if (timer !== null) this.deps.timers.clearTimeout(timer);
        if (this.presentedWake === wake) this.presentedWake = null;
        if (this.presentedPending !== token) {
          reject(new Error('snapshot: a newer snapshot came before this one was loaded'));
          return;
        }
        this.presentedPending = 0;
        this.sendViewsRest(); // before the load's diffs, and before the load's CPU
        try {
          resolve(this.loadPresented(load(), watermark));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        } finally {
          this.schedule();
        }
      };
      // The page's word may cross the UI's answer to the diff (two message ports): the load waits for both.
      const wake = () => {
        if (this.presentedPending !== token) {
          loadNow(); // superseded: rejected now
          return;
        }
        painted = true;
        this.sendViewsRest();
        if (uiTook) loadNow();
      };
      this.presentedWake = wake;
      void taken.then(() => {
        uiTook = true;
        if (painted || this.presentedPending !== token) loadNow();
        else if (!done) timer = this.deps.timers.setTimeout(loadNow, PRESENTED_LOAD_TIMEOUT_MS);
      });
    });
  }

  /**
   * The page painted the first rows of the snapshot it was last sent (the unit list says so once
   * after its first paint): a presented snapshot waiting for that loads its fleet now. Otherwise
   * nothing (a word after the timeout, or with no snapshot waiting, changes nothing).
   */
  presentedPainted(): void {
    this.presentedWake?.();
  }

  /**
   * The page read a view of the last snapshot that it does not have (its views came in two parts,
   * firstViews.ts): the rest goes now. Nothing when nothing is held back.
   */
  presentedViewsWanted(): void {
    this.sendViewsRest();
  }

  /** Posts the views held back from the last snapshot (firstViews.ts), in a diff of their own, once. */
  private sendViewsRest(): void {
    const views = this.viewsRest;
    if (views === null) return;
    this.viewsRest = null;
    this.frameNo += 1;
    void this.post({ ...EMPTY_DIFF, frame: this.frameNo, snapshotViews: views }, [views.buffer as ArrayBuffer]);
  }

  /** Loads a presented snapshot's fleet; its units count as sent (snapshotPresented). */
  private loadPresented(fleet: FleetSnapshot, watermark: number): FleetSnapshot {
    const model = this.model;
    this.stats.snapshots += 1;
    this.epoch += 1;
    this.refetching.clear();
    this.repairing.clear();
    this.aspects.clear();
    loadSnapshot(model, fleet, watermark);
    // The units went in the reset diff; what else the load changed (channels, servers) goes next.
    model.pending.units.clear();
    model.pending.reset = false;
    for (const unit of model.units.values()) {
      if (this.transitions.get(unit.id) !== null || this.capabilities.has(unit.id)) this.aspects.add(unit, WHOLE_VIEW);
    }
    return fleet;
  }

  connection(state: ConnectionState): void {
    this.connectionState = state;
    this.schedule();
  }

  badFrame(reason: string): void {
    this.badFrameCount += 1;
    this.lastBadFrame = reason;
    this.badFramesDirty = true;
    this.schedule();
  }

  // ---- calls from the UI ----------------------------------------------------------------------

  setAlertSettings(settings: UnitAlertSettings): void {
    this.alertSettings = settings;
  }

  /** A start or stop button was pressed (the REST call itself is the UI's). */
  beginTransition(unitId: string, button: TransitionButton, state: ButtonTransitionState): void {
    this.transitions.begin(unitId, button, state);
  }

  /** The call behind a pressed button was refused: its transition ends now. */
  endTransition(unitId: string, button: TransitionButton): void {
    this.transitions.cancel(unitId, button);
  }

  /** Refreshes the stale cached data of the selected unit (spec 000 §4). */
  selectUnit(unitId: string): Promise<{ data: CachedUnitData; refreshed: CachedKind[]; failed: CachedKind[] }> {
    this.capabilitiesRefresh.select(unitId);
    const unit = this.model.units.get(unitId);
    const offline = unit === undefined || isOfflineState(unit.status);
    return this.selection.select(unitId, offline);
  }

  setVirtualChannel(unitId: string, name: string, intervalMs: number): Promise<VirtualChannelOutcome> {
    const put = this.deps.setVirtualChannel;
    if (put === undefined) return Promise.resolve({ ok: false, attempts: 0 });
    return setVirtualChannelWithRetry((retry) => put(unitId, name, retry), intervalMs, this.deps.timers);
  }

  /** Builds and posts a diff now if one is due and the UI took the last (Node tools, tests). */
  flush(): boolean {
    return this.frame();
  }

  /** The whole current view of a unit, as a diff would carry it (undefined: no such unit). */
  unitView(unitId: string): UnitView | undefined {
    const unit = this.model.units.get(unitId);
    return unit === undefined ? undefined : this.viewOf(unit);
  }

  /** True while a posted diff has not been taken by the UI. */
  get waitingForUi(): boolean {
    return this.inFlight > 0;
  }

  /** The units view `viewId` has on screen ([] releases it): stale capabilities of these are refetched. */
  setVisibleUnits(viewId: string, unitIds: readonly string[]): void {
    this.capabilitiesRefresh.setView(viewId, unitIds);
  }

  dispose(): void {
    this.capabilitiesRefresh.dispose();
    this.transitions.dispose();
    this.lists.dispose();
  }

  // ---- internals ------------------------------------------------------------------------------

  private touch(unitId: string): void {
    const unit = this.model.units.get(unitId);
    if (unit !== undefined) this.aspects.add(unit, WHOLE_VIEW); // a unit no longer held goes as removed
    this.model.pending.units.add(unitId);
    this.schedule();
  }

  private hasPending(): boolean {
    const pending = this.model.pending;
    return (
      pending.units.size > 0 ||
      this.aspects.hasChanged ||
      this.splitQueue.size > 0 ||
      pending.channels.size > 0 ||
      pending.servers.size > 0 ||
      pending.transitions.length > 0 ||
      pending.reset ||
      this.connectionState !== null ||
      this.listsVersion !== null ||
      this.badFramesDirty
    );
  }

  private schedule(): void {
    if (this.frameRequested || this.inFlight > 0) return;
    this.frameRequested = true;
    this.deps.requestFrame(this.onFrame);
  }

  /**
   * The frame callback, made once. Why not an arrow inside schedule(): a function that creates a
   * closure capturing `this` allocates its context on every call, the early return included, and
   * schedule() runs for every event: ~87 B of garbage per event at 60,000 events/s (§3n).
   */
  private readonly onFrame = (): void => {
    this.frameRequested = false;
    this.frame();
  };

  /** The next part of a split change, without waiting for an animation frame (it is work already due). */
  private continueSplit(): void {
    if (this.frameRequested) return;
    this.frameRequested = true;
    // At once by default: the UI's answer is a message, so websocket frames were handled before it,
    // and a 0 ms timer would add ~4 ms per part (timer clamping) to a 34-part snapshot.
    if (this.deps.continueSoon !== undefined) this.deps.continueSoon(this.onFrame);
    else this.onFrame();
  }

  private frame(): boolean {
    if (this.presentedPending !== 0) return false; // the model does not hold what the UI holds yet (snapshotPresented)
    if (this.inFlight >= (this.continuing ? SPLIT_PARTS_IN_FLIGHT : 1)) {
      this.stats.framesSkippedBusy += 1;
      return false;
    }
    if (!this.hasPending()) return false;
    const { diff, transfer } = this.buildDiff();
    this.post(diff, transfer);
    if (this.continuing && this.inFlight < SPLIT_PARTS_IN_FLIGHT) this.continueSplit();
    return true;
  }

  /** Hands one diff to the UI; the next is built when it was taken. */
  private post(diff: FleetDiff, transfer: ArrayBuffer[]): Promise<void> {
    // The UI never gets a diff after a snapshot before that snapshot's views are all there.
    if (this.viewsRest !== null && diff.snapshotViews === undefined) this.sendViewsRest();
    this.inFlight += 1;
    this.stats.diffsPosted += 1;
    const taken = () => {
      this.inFlight -= 1;
      if (this.continuing) this.continueSplit();
      else if (this.inFlight === 0 && this.hasPending()) this.schedule();
    };
    let answer: DiffAnswer | Promise<DiffAnswer>;
    try {
      answer = this.deps.deliver(diff, transfer);
    } catch (error) {
      this.deps.onError?.(`diff delivery failed: ${String(error)}`);
      answer = undefined;
    }
    return Promise.resolve(answer).then((handedBack) => {
      // The UI's answer may hand the diff's patches buffer back for the next diffs (patchColumns.ts recycle).
      this.patchWriter.recycle(handedBack);
      taken();
    }, (error: unknown) => {
      this.deps.onError?.(`diff delivery failed: ${String(error)}`);
      taken();
    });
  }

  private viewOf(unit: UnitRecord): UnitView {
    return unitViewOf(unit, this.transitions.get(unit.id), this.capabilities.get(unit.id));
  }

  /** The fields of the hot aspects in `mask` (diff.ts ASPECT_FIELDS), for a unit the UI already holds. */
  private patchOf(unit: UnitRecord, mask: number): UnitPatch {
    const patch: { -readonly [K in keyof UnitPatch]: UnitPatch[K] } = { id: unit.id, rev: unit.rev, a: mask };
    if ((mask & ASPECT.status) !== 0) {
      patch.status = unit.status;
      patch.state = unit.raw.state;
      patch.videoState = videoStateOf(unit);
      patch.applications = Object.keys(unit.raw.applications ?? {});
      patch.onAir = onAirOf(unit);
      patch.battery = batteryOf(unit);
    }
    if ((mask & ASPECT.usage) !== 0) {
      const links = linksOf(unit);
      const values: number[] = [];
      for (const link of links) pushLinkValues(values, link);
      patch.linkValues = values;
      patch.uplinkKbps = uplinkOf(links);
    }
    if ((mask & ASPECT.alerts) !== 0) patch.activeAlerts = unit.counted.activeAlerts;
    if ((mask & ASPECT.speedTest) !== 0) patch.speedTest = unit.speedTest;
    return patch;
  }

  /**
   * One patch row written straight from the model (the same fields as patchOf, without the patch
   * and link objects): what a diff of thousands of patches costs per unit is these writes.
   */
  private writePatchRow(writer: PatchColumnsWriter, unit: UnitRecord, mask: number): void {
    writer.row(unit.id, unit.rev, mask);
    if ((mask & ASPECT.status) !== 0) {
      writer.statusOfUnit(unit.status, unit.raw.state, videoStateOf(unit), unit.raw.applications, onAirOf(unit), batteryOf(unit));
    }
    if ((mask & ASPECT.usage) !== 0) {
      if (unit.links === null) writeShapedLinkValues(writer, unit.usageShape as UsageShape, unit.usageValues as Float64Array, unit.usageAt);
      else {
        let uplink = 0;
        for (const link of unit.links) {
          const up = link.uplinkKbps ?? 0;
          uplink += up;
          // diff.ts LINK_VALUES_STRIDE: uplink, downlink, signal (−1: none), connected, enabled.
          writer.linkValue(up);
          writer.linkValue(link.downlinkKbps ?? 0);
          writer.linkValue(signalOf(link) ?? -1);
          writer.linkValue((link.connected ?? false) ? 1 : 0);
          writer.linkValue((link.enabled ?? true) ? 1 : 0);
        }
        writer.uplink(uplink);
      }
    }
    if ((mask & ASPECT.alerts) !== 0) writer.alerts(unit.counted.activeAlerts);
    if ((mask & ASPECT.speedTest) !== 0) writer.speedTest(unit.speedTest);
  }

  /** Appends one unit to this diff's due list (dueIds, dueUnits, dueMasks). */
  private due(id: string, unit: UnitRecord | undefined, mask: number): void {
    const at = this.dueCount;
    this.dueIds[at] = id;
    this.dueUnits[at] = unit;
    this.dueMasks[at] = mask;
    this.dueCount = at + 1;
  }

  private buildDiff(): { diff: FleetDiff; transfer: ArrayBuffer[] } {
    const changes = drainChanges(this.model);
    const units: UnitView[] = [];
    // Units that go as patches, with their masks: as objects when few, else as columns.
    const patchUnits = this.patchUnits;
    const patchMasks = this.patchMasks;
    this.patchCount = 0;
    const removed: string[] = [];
    const aspects = this.aspects;
    const queue = this.splitQueue;
    // A change of more than `cap` units is split (MAX_UNITS_PER_DIFF): its units wait in `queue`
    // and go out first in the next diffs. While a split is under way, units that change anew wait
    // in the model's pending set or, for hot events, in the listed slots (unless already queued),
    // so a split always ends: under a stream faster than the UI it would otherwise never finish
    // (and a snapshot would never be told).
    if (changes.reset) queue.clear();
    const splitting = queue.size > 0;
    // A snapshot as columns: every unit of it in this one diff (no split, no queue).
    const asColumns = changes.reset && (this.deps.snapshotColumns === true || this.deps.snapshotColumns === 'text');
    const columnViews: UnitView[] = [];
    const held = this.model.slots.held;
    for (const id of asColumns ? changes.units : []) {
      const unit = this.model.units.get(id);
      if (unit === undefined) removed.push(id);
      else {
        aspects.take(unit);
        columnViews.push(this.viewOf(unit));
      }
    }
    // The slots hot events changed (aspectMasks.ts), after the ids: a unit also in the id set had
    // its mask taken there, so its slot reads 0 here and it is not sent twice.
    const changedSlots = aspects.takeChanged();
    if (asColumns) {
      // After a reset every held unit is in the id set: nothing is left here but the list to empty.
      for (const slot of changedSlots) {
        const unit = held[slot];
        if (unit !== undefined && aspects.takeSlot(slot) !== 0) columnViews.push(this.viewOf(unit));
      }
    }
    // This diff's units in order, when no split is under way (during one they go to `queue`).
    const dueIds = this.dueIds;
    const dueUnits = this.dueUnits;
    const dueMasks = this.dueMasks;
    this.dueCount = 0;
    for (const id of asColumns ? [] : changes.units) {
      // Units changed by anything but hot events (or all of them after a reset) go whole; a unit no
      // longer held has no slot and goes as removed, whatever its mask.
      const unit = this.model.units.get(id);
      const recorded = unit === undefined ? 0 : aspects.take(unit);
      const mask = changes.reset || recorded === 0 ? WHOLE_VIEW : recorded;
      if (!splitting) this.due(id, unit, mask);
      else if (unit !== undefined && queue.has(unit)) queue.merge(unit, mask);
      else {
        this.model.pending.units.add(id);
        if (unit !== undefined) aspects.put(unit, mask);
      }
    }
    for (const slot of asColumns ? [] : changedSlots) {
      // A slot no longer held was a unit removed since: its id is in the id set (unit.removed).
      const unit = held[slot];
      if (unit === undefined) continue;
      if (splitting && !queue.has(unit)) {
        // Waits for the split to end, its mask kept, as an id waits in the pending set.
        if (aspects.peekSlot(slot) !== 0) aspects.relist(slot);
        continue;
      }
      const recorded = aspects.takeSlot(slot);
      if (recorded === 0) continue;
      const mask = changes.reset ? WHOLE_VIEW : recorded;
      if (!splitting) this.due(unit.id, unit, mask);
      else queue.merge(unit, mask);
    }
    const cap = Math.max(1, this.deps.maxUnitsPerDiff ?? MAX_UNITS_PER_DIFF);
    /** One due unit into this diff: removed (no longer held), whole (WHOLE_VIEW) or as a patch row. */
    const place = (id: string, unit: UnitRecord | undefined, mask: number): void => {
      if (unit === undefined) removed.push(id);
      else if ((mask & WHOLE_VIEW) !== 0) units.push(this.viewOf(unit));
      else {
        patchUnits[this.patchCount] = unit;
        patchMasks[this.patchCount] = mask;
        this.patchCount += 1;
      }
    };
    // This diff's units go straight out up to the cap: the common case (hot changes under the cap)
    // never touches the queue. A change larger than the cap starts a split: the rest wait in
    // `queue`, in order. (They all went through the queue before, a Map set, delete and model
    // lookup per unit: ~2 % of the worker in Chromium when it is behind, docs/performance.md §3l.)
    // While a split is under way nothing is due (the loops above queued it all) and the queue's next part goes.
    const dueCount = this.dueCount;
    const now = Math.min(cap, dueCount);
    for (let i = 0; i < now; i += 1) place(dueIds[i] as string, dueUnits[i], dueMasks[i] as number);
    if (splitting || dueCount > cap) {
      for (let i = now; i < dueCount; i += 1) queue.push(dueIds[i] as string, dueUnits[i], dueMasks[i] as number);
      queue.take(cap - now, held, place);
    }
    this.continuing = queue.size > 0;
    const channels: ChannelView[] = [];
    const removedChannels: string[] = [];
    for (const id of changes.channels) {
      const channel = this.model.channels.get(id);
      if (channel === undefined) removedChannels.push(id);
      else channels.push({ id, rev: channel.rev, name: channel.name, version: channel.version, status: channel.status, config: channel.config });
    }
    const servers: ServerView[] = [];
    for (const id of changes.servers) {
      const server = this.model.servers.get(id);
      if (server !== undefined) servers.push({ id, rev: server.rev, status: server.status });
    }
    const settings = this.alertSettings;
    const raised = changes.transitions.filter((t) => transitionRaisesNotification(t.transition, settings));
    // The UI keeps the last MAX_KEPT_NOTIFICATIONS: older ones of this diff would be cloned only to be dropped there.
    const notifications = raised.length > MAX_KEPT_NOTIFICATIONS ? raised.slice(-MAX_KEPT_NOTIFICATIONS) : raised;
    const inlineMax = this.deps.inlineUnitsMax ?? INLINE_UNITS_MAX;
    const inline = units.length <= inlineMax;
    const unitsBuffer = inline ? null : encodeUnits(units);
    const encoded = asColumns ? encodeSnapshotColumns(columnViews, this.deps.snapshotColumns === 'text') : null;
    const snapshot: SnapshotColumns | null = encoded?.columns ?? null;
    const patchCount = this.patchCount;
    const patchesInline = patchCount <= inlineMax;
    const patches: UnitPatch[] = [];
    let patchesBuffer: ArrayBuffer | null = null;
    if (patchesInline) for (let i = 0; i < patchCount; i += 1) patches.push(this.patchOf(patchUnits[i] as UnitRecord, patchMasks[i] as number));
    else {
      const writer = this.patchWriter;
      for (let i = 0; i < patchCount; i += 1) this.writePatchRow(writer, patchUnits[i] as UnitRecord, patchMasks[i] as number);
      patchesBuffer = writer.finish();
    }
    this.frameNo += 1;
    const snapshotBytesAt = changes.reset ? takeSnapshotStamp() : null;
    const diff: FleetDiff = {
      frame: this.frameNo,
      reset: changes.reset,
      units: inline ? units : [],
      unitsBuffer,
      removed,
      // Statuses as text, parsed on the main thread only when a screen reads the channel (diff.ts channelStatuses).
      ...(channels.length > 0 ? channelsWithStatusText(channels) : { channels }),
      removedChannels,
      ...(servers.length > 0 ? { servers } : {}),
      patches: patchesInline ? patches : [],
      patchesBuffer,
      counters: units.length > 0 || patchCount > 0 || removed.length > 0 || changes.reset ? { ...this.model.counters } : null,
      connection: this.connectionState,
      notifications,
      listsVersion: this.listsVersion,
      badFrames: this.badFramesDirty ? { count: this.badFrameCount, last: this.lastBadFrame } : null,
      events: this.eventsSinceDiff,
      ...(this.continuing ? { continued: true } : {}),
      ...(snapshotBytesAt !== null ? { snapshotBytesAt } : {}),
      ...(snapshot !== null ? { snapshot } : {}),
    };
    this.connectionState = null;
    this.listsVersion = null;
    this.badFramesDirty = false;
    this.eventsSinceDiff = 0;
    const transfer: ArrayBuffer[] = [];
    if (unitsBuffer !== null) transfer.push(unitsBuffer);
    if (patchesBuffer !== null) transfer.push(patchesBuffer);
    if (encoded !== null) transfer.push(...encoded.transfer);
    return { diff, transfer };
  }

  /**
   * One REST refetch of a unit at a time. `poll`: a transition poll (a newer answer = status
   * arrived). A gap or unknown unit marks the unit for repair: it is asked again until an answer
   * at least as new as the model's unit is applied (events may overtake an answer).
   */
  private refetch(unitId: string, poll: boolean): void {
    if (!poll) this.repairing.add(unitId);
    const fetchUnit = this.deps.fetchUnit;
    if (fetchUnit === undefined || this.refetching.has(unitId)) return;
    this.refetching.add(unitId);
    this.stats.refetches += 1;
    const epoch = this.epoch;
    const revAtRequest = unitRevOf(this.model, unitId);
    fetchUnit(unitId).then(
      (result) => {
        if (epoch !== this.epoch) return; // a snapshot loaded meanwhile holds newer facts
        this.refetching.delete(unitId);
        const repair = this.repairing.has(unitId);
        const held = this.model.units.get(unitId);
        const outcome = applyUnitFetch(this.model, unitId, result, revAtRequest, repair);
        if (outcome === 'older' && repair) {
          this.refetch(unitId, false);
          return;
        }
        this.repairing.delete(unitId);
        if (outcome === 'applied') {
          // The answer replaced (or removed) the record: the old slot's mask goes, the new record is sent whole.
          if (held !== undefined) this.aspects.forget(held);
          const fetched = this.model.units.get(unitId);
          if (fetched !== undefined) this.aspects.add(fetched, WHOLE_VIEW);
          if (poll) this.transitions.statusArrived(unitId);
          this.schedule();
        }
      },
      (error: unknown) => {
        if (epoch !== this.epoch) return;
        this.refetching.delete(unitId);
        this.deps.onError?.(`refetch of unit ${unitId} failed: ${String(error)}`);
        // A unit under repair is asked again later: no later event would reveal what it missed.
        if (this.repairing.has(unitId)) {
          this.deps.timers.setTimeout(() => {
            if (epoch === this.epoch && this.repairing.has(unitId)) this.refetch(unitId, false);
          }, REFETCH_RETRY_MS);
        }
      },
    );
  }
}
