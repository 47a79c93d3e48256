/**
 * The UI side of the fleet stream (design.md: "UI store: one version signal per unit, read at the
 * leaves"). Unit views are kept in a plain Map; each unit has a version signal that is bumped
 * when its view changes, so only the components that read that unit's version re-render
 * (off-screen units cost no render). Counters, connection state, the unit id set, the lists
 * version and notifications are signals too. A diff is applied in one `batch`.
 *
 * Channels the same way: a version signal per channel, `channelMembership` when channels appear or
 * go. Views that follow many units at once (the map) take the changed-ids feed instead of
 * scanning: `onUnitsChanged` hands each listener the ids a diff touched, after the diff is applied.
 *
 * A first snapshot's views may come in two parts (workers/pipeline/firstViews.ts): the first
 * screen's rows' views with the columns, the rest after the page painted them (docs/performance.md
 * §7l). Until the rest comes, the store knows every unit (ids, names, both orders, size,
 * membership) but `unit(id)` of a unit whose view has not come answers undefined, what it answers
 * for a unit it has no view of: the list's row shows its placeholder cells, the unit page its
 * loader, an order or the map leaves the unit out. Such a read asks the worker for the rest at once
 * (`onViewsWanted`: a round trip, not the worker's timeout), and when it comes every reader that
 * was answered undefined is told: its unit's version is bumped, `membership` is bumped (lists and
 * orders rebuild) and the changed-ids feed gets those ids (the map, the wall). Nothing shown is
 * a wrong value, only a missing one for that round trip; and nothing is lost: a diff that would
 * need a view not come (a patch, a new snapshot over it) is an error naming it, and the worker
 * posts the rest before any such diff (FleetPipeline.post).
 */
import { batch, signal } from '@preact/signals-react';
import type { Signal } from '@preact/signals-react';
import { channelDisplayName } from '../domain/channels.ts';
import type { UnitCounters } from '../domain/units/counters.ts';
import { emptyCounters } from '../domain/units/counters.ts';
import type { UnitTransition } from '../../workers/model/fleetModel.ts';
import type { ChannelView, FleetDiff, ServerView, UnitView } from '../../workers/pipeline/diff.ts';
import { applyUnitPatch, decodeDiffUnits, diffPatchRows, MAX_KEPT_NOTIFICATIONS, statusOfText } from '../../workers/pipeline/diff.ts';
import type { ConnectionState } from '../../workers/sources/connectionState.ts';
import type { SnapshotColumns } from '../../workers/pipeline/snapshotColumns.ts';
import { checkRestViews, columnViewIfCome } from '../../workers/pipeline/firstViews.ts';
import { findIdIndex } from '../../workers/pipeline/idIndex.ts';
import { textAt, textCount, textValues } from '../../workers/pipeline/textColumn.ts';
import type { Later, SlicedWalk } from './slicedWalk.ts';
import { nextTask, walkInSlices } from './slicedWalk.ts';

export type { Later } from './slicedWalk.ts';

/**
 * performance.mark set when a snapshot diff (reset, with units) reaches the store, before it is
 * decoded and applied (the first part of a split snapshot); bench/ui reads it with the unit list's
 * first-rows mark ("first full list": the list shows the whole fleet only after the last part).
 */
export const SNAPSHOT_MARK = 'luc:fleet-snapshot';
/**
 * performance.mark placed (back-dated) at the instant the snapshot's bytes were all in the worker
 * (FleetDiff.snapshotBytesAt): the start of bench/ui's "first full list" (issue 15 item 3).
 */
export const SNAPSHOT_BYTES_MARK = 'luc:fleet-snapshot-bytes';
/** performance.mark set when that snapshot has been applied (its last part; every signal written, listeners told). */
export const SNAPSHOT_APPLIED_MARK = 'luc:fleet-snapshot-applied';
/**
 * performance.mark set when every view of a snapshot received as columns is in the Map and the
 * columns are let go (snapshotPending turns false): the end of the slices after the paint.
 * bench/ui/framesProfile.ts says where it fell against the list's scroll window (its slices are
 * long tasks on a loaded machine, docs/performance.md §5f).
 */
export const SNAPSHOT_FILLED_MARK = 'luc:fleet-snapshot-filled';

/** Notifications kept for the UI to show (the oldest are dropped): workers/pipeline/diff.ts, where diffs are cut to it. */
export { MAX_KEPT_NOTIFICATIONS };

/**
 * Told the ids of the units one applied diff changed or removed (a removed id is no longer in
 * `unit(id)`), once per diff, after every signal of that diff was written. A snapshot load lists
 * every unit before and after it. The array is the listener's to keep and never written to again
 * (a first snapshot's is the store's own list of its ids); listeners only read it.
 */
export type UnitsChangedListener = (ids: readonly string[]) => void;

/**
 * The name shown for a unit's channel: the channel's name, or "External" (spec 001 placeholder)
 * for a channel the user cannot see, i.e. one the store does not hold with a name (only the
 * current group's channels come with names, from the REST snapshot); null when there is no channel.
 */
export function channelLabel(channelId: string | null | undefined, channelName: string | undefined): string | null {
  if (channelId === null || channelId === undefined || channelId === '') return null;
  return channelDisplayName(channelName === undefined ? null : { channelName });
}

/**
 * Views of a columns snapshot still unparsed are parsed in slices of about this long (ms) after the
 * snapshot was applied, one task each, so views that follow the whole fleet (the map, the wall)
 * find them parsed and no task comes near the 50 ms of a long task. The first slice waits for the
 * paint; the others follow back to back, a task each (slicedWalk.ts nextTask), not one per frame.
 */
export const PARSE_SLICE_MS = 8;

/**
 * A first snapshot (columns into an empty store) whose units are not all in the Map yet
 * (docs/performance.md §7d): writing 50,000 Map entries was ~60 ms (Node) to ~300 ms (a loaded
 * tab) of the task that holds the snapshot. Until `cursor` reaches the end, a unit of the snapshot
 * is found by binary search over `columns.idOrder`: indices below `cursor` are in `built` (the Map
 * being filled in the snapshot's order, a slice of PARSE_SLICE_MS per task after the first paint),
 * the others in `parsed` (a view read or written since) or still as bytes in `columns`. `gone`:
 * snapshot units removed since (one added again lives in the store's own Map, after them).
 */
type FillingSnapshot = {
  readonly columns: SnapshotColumns;
  readonly built: Map<string, UnitView | number>;
  readonly parsed: (UnitView | undefined)[];
  readonly gone: Set<string>;
  cursor: number;
};

/**
 * A snapshot whose views have not all come (firstViews.ts): the walk that fills the Map waits for
 * them (`start`); `missed` the units whose view a reader asked for and was answered undefined.
 */
type ViewsRest = {
  readonly columns: SnapshotColumns;
  readonly start: () => void;
  readonly missed: Set<string>;
  asked: boolean;
};

function afterPaint(work: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(work, 0));
  else setTimeout(work, 0);
}

export class FleetStore {
  /**
   * Each unit's view, or the index of its still unparsed view in `columns` (a snapshot received as
   * columns, diff.snapshot): `unit(id)` parses it on first read and keeps the object.
   */
  private units = new Map<string, UnitView | number>();
  /** A first snapshot's units while they are not all in `units` (null otherwise): see FillingSnapshot. */
  private filling: FillingSnapshot | null = null;
  /** The last snapshot received as columns, while any of its views may be unparsed. */
  private columns: SnapshotColumns | null = null;
  /** The last snapshot's ids as strings, once something needed them all (snapshotIds). */
  private idList: { readonly columns: SnapshotColumns; readonly ids: readonly string[] } | null = null;
  /** That snapshot's ids in the list's name order, while no unit came, went or was renamed since (null: none). */
  private orderedByName: readonly string[] | null = null;
  private nameOrderValid = false;
  /** Each channel's view; while its status is in `channelStatusTexts`, the view's `status` is not read (channel() parses it). */
  private readonly channels = new Map<string, ChannelView>();
  /** Channel statuses still as the worker's JSON text (FleetDiff.channelStatuses), parsed on the channel's first read. */
  private readonly channelStatusTexts = new Map<string, string>();
  private readonly versions = new Map<string, Signal<number>>();
  private readonly channelVersions = new Map<string, Signal<number>>();
  /** Bumped when a channel's name changes (it appears, goes or is renamed): the rows and tiles that show only the name follow this, not every status change. */
  private readonly channelNameVersions = new Map<string, Signal<number>>();
  /** Media servers' live status (issue 12: server.status), a version signal each. */
  private readonly servers = new Map<string, ServerView>();
  private readonly serverVersions = new Map<string, Signal<number>>();
  private readonly unitsChangedListeners = new Set<UnitsChangedListener>();
  /** Bumped when a unit appears or disappears (lists re-read `unitIds()`). */
  readonly membership = signal(0);
  /** Bumped when a channel appears or disappears (selects re-read `channelIds()`). */
  readonly channelMembership = signal(0);
  readonly counters: Signal<UnitCounters> = signal(emptyCounters());
  readonly connection: Signal<ConnectionState> = signal<ConnectionState>({ phase: 'connecting' });
  /** Bumped 3 s after units were added or removed (spec 001 §7): lists reload. */
  readonly listsVersion = signal(0);
  readonly notifications: Signal<readonly UnitTransition[]> = signal<readonly UnitTransition[]>([]);
  readonly badFrames = signal<{ count: number; last: string }>({ count: 0, last: '' });
  /**
   * True from a snapshot received as columns until all its views are in the Map and its columns
   * are let go (after the paint, slices of PARSE_SLICE_MS back to back): at 50,000 units the views' bytes alone
   * are ~46 MB of the tab's heap meanwhile (docs/performance.md §4b). Work that can wait (the list's
   * screen warm-up) waits for it, so it does not stretch that time.
   */
  readonly snapshotPending = signal(false);
  /** The last snapshot's views while they have not all come (null otherwise): see ViewsRest. */
  private viewsRest: ViewsRest | null = null;
  /** Asks the worker for the rest of the last snapshot's views (FleetClient: presentedViewsWanted). */
  private viewsWanted: (() => void) | null = null;
  /** Diffs applied (for tests and the bench). */
  diffsApplied = 0;
  /** The parts of a split snapshot applied so far (null: none in progress). */
  private heldSnapshot: { ids: string[]; membershipChanged: boolean } | null = null;

  /**
   * `later`: where the first slice of a snapshot's walk runs (default: after the next paint);
   * `continueLater`: where each next slice runs (default: the next task when `later` is the
   * default, else `later` itself, so a test that holds its tasks holds them all).
   */
  constructor(
    private readonly later: Later = afterPaint,
    private readonly continueLater: Later = later === afterPaint ? nextTask : later,
  ) {}

  /** Who to ask for the rest of a snapshot's views when a read finds one not come (once per snapshot). */
  onViewsWanted(ask: () => void): void {
    this.viewsWanted = ask;
  }

  /** The view of unit `index` of `columns`, or undefined while it has not come (noted: see ViewsRest). */
  private viewAt(columns: SnapshotColumns, index: number, unitId: string): UnitView | undefined {
    const view = columnViewIfCome(columns, index);
    if (view === undefined) {
      const rest = this.viewsRest;
      if (rest === null) throw new Error(`snapshot columns: the view of unit ${unitId} is missing and none is coming`);
      rest.missed.add(unitId);
      if (!rest.asked) {
        rest.asked = true;
        this.viewsWanted?.();
      }
    }
    return view;
  }

  /** The version signal of a unit (created on first use; read `.value` at the leaf). */
  unitVersion(unitId: string): Signal<number> {
    let version = this.versions.get(unitId);
    if (version === undefined) this.versions.set(unitId, (version = signal(0)));
    return version;
  }

  /** A channel's name version: bumped when the channel appears, goes or gets another name (not on status changes). */
  channelNameVersion(channelId: string): Signal<number> {
    let version = this.channelNameVersions.get(channelId);
    if (version === undefined) this.channelNameVersions.set(channelId, (version = signal(0)));
    return version;
  }

  channelVersion(channelId: string): Signal<number> {
    let version = this.channelVersions.get(channelId);
    if (version === undefined) this.channelVersions.set(channelId, (version = signal(0)));
    return version;
  }

  serverVersion(serverId: string): Signal<number> {
    let version = this.serverVersions.get(serverId);
    if (version === undefined) this.serverVersions.set(serverId, (version = signal(0)));
    return version;
  }

  /** A server's live status as the stream last told it (undefined: no server.status seen yet). */
  server(serverId: string): ServerView | undefined {
    return this.servers.get(serverId);
  }

  unit(unitId: string): UnitView | undefined {
    const entry = this.units.get(unitId);
    if (entry === undefined && this.filling !== null) return this.fillingView(this.filling, unitId);
    return typeof entry === 'number' ? this.parse(unitId, entry) : entry;
  }

  /** A unit's name without parsing its view (undefined: no such unit). */
  unitName(unitId: string): string | undefined {
    const entry = this.units.get(unitId);
    const filling = this.filling;
    if (entry === undefined && filling !== null) {
      const index = this.fillingIndex(filling, unitId);
      if (index < 0) return undefined;
      if (index < filling.cursor) return (filling.built.get(unitId) as UnitView).name;
      return filling.parsed[index]?.name ?? textAt(filling.columns.names, index);
    }
    if (typeof entry !== 'number') return entry?.name;
    return this.columns === null ? undefined : textAt(this.columns.names, entry);
  }

  /** The index of a unit of the filling snapshot (not removed since), or -1. */
  private fillingIndex(filling: FillingSnapshot, unitId: string): number {
    return filling.gone.has(unitId) ? -1 : findIdIndex(filling.columns.ids, filling.columns.idOrder, unitId);
  }

  private fillingView(filling: FillingSnapshot, unitId: string): UnitView | undefined {
    const index = this.fillingIndex(filling, unitId);
    if (index < 0) return undefined;
    if (index < filling.cursor) return filling.built.get(unitId) as UnitView;
    let view = filling.parsed[index];
    if (view === undefined) {
      view = this.viewAt(filling.columns, index, unitId);
      filling.parsed[index] = view;
    }
    return view;
  }

  /** Writes a unit's view where it lives (the filling snapshot's slot, or the Map). */
  private setUnit(unitId: string, view: UnitView): void {
    const filling = this.filling;
    if (filling !== null && !this.units.has(unitId)) {
      const index = this.fillingIndex(filling, unitId);
      if (index >= 0) {
        if (index < filling.cursor) filling.built.set(unitId, view);
        else filling.parsed[index] = view;
        return;
      }
    }
    this.units.set(unitId, view);
  }

  /** Removes a unit wherever it lives; true when there was one. */
  private deleteUnit(unitId: string): boolean {
    if (this.units.delete(unitId)) return true;
    const filling = this.filling;
    if (filling === null) return false;
    const index = this.fillingIndex(filling, unitId);
    if (index < 0) return false;
    filling.gone.add(unitId);
    if (index < filling.cursor) filling.built.delete(unitId);
    else filling.parsed[index] = undefined;
    return true;
  }

  /**
   * Puts the filling snapshot's units in the Map in its order, parsed, from its cursor: `budgetMs`
   * now (Infinity: all at once), the rest a slice of PARSE_SLICE_MS per task; the walk's finish
   * appends the units added since and makes that Map the store's.
   */
  private fill(filling: FillingSnapshot, budgetMs: number): void {
    const { columns, built, parsed, gone } = filling;
    const walk: SlicedWalk = {
      count: textCount(columns.ids),
      current: () => this.filling === filling,
      step: (index) => {
        const id = textAt(columns.ids, index);
        if (!gone.has(id)) {
          const view = parsed[index] ?? columnViewIfCome(columns, index);
          if (view === undefined) throw new Error(`snapshot columns: unit ${id}'s view had not come when the store was filled`);
          built.set(id, view);
          parsed[index] = undefined;
        }
        filling.cursor = index + 1;
      },
      finish: () => {
        for (const [id, entry] of this.units) built.set(id, entry);
        this.units = built;
        this.filling = null;
        this.dropColumns();
      },
    };
    walkInSlices(walk, filling.cursor, budgetMs, PARSE_SLICE_MS, this.continueLater);
  }

  /** Once every view of the last columns is in the Map: keeps the name order (it outlives the buffers), lets the columns go. */
  private dropColumns(): void {
    this.idsByName();
    this.columns = null;
    this.idList = null;
    this.snapshotPending.value = false;
    performance.mark(SNAPSHOT_FILLED_MARK);
  }

  /**
   * Every unit's id in the unit list's default order (name ascending, ties by id; nameOrder.ts) as
   * the worker computed it for the last snapshot, while no unit came, went or was renamed since;
   * null otherwise (the list sorts itself then).
   */
  idsByName(): readonly string[] | null {
    if (!this.nameOrderValid) return null;
    if (this.orderedByName === null) {
      const columns = this.columns;
      if (columns === null) return null;
      const all = this.snapshotIds(columns);
      const ids = new Array<string>(columns.nameOrder.length);
      for (let index = 0; index < ids.length; index += 1) ids[index] = all[columns.nameOrder[index] as number] as string;
      this.orderedByName = ids;
    }
    return this.orderedByName;
  }

  /**
   * The snapshot's ids as strings, sliced from its id column once and kept while it is the last
   * snapshot: the changed-ids feed and the name order share them (50,000 slices, not 100,000).
   */
  private snapshotIds(columns: SnapshotColumns): readonly string[] {
    if (this.idList?.columns !== columns) this.idList = { columns, ids: textValues(columns.ids) };
    return this.idList.ids;
  }

  private parse(unitId: string, index: number): UnitView | undefined {
    const columns = this.columns;
    if (columns === null) return undefined;
    const view = this.viewAt(columns, index, unitId);
    if (view !== undefined) this.units.set(unitId, view);
    return view;
  }

  /** Parses every view still unparsed of earlier columns, before new columns reuse the indices. */
  private parseAllOf(columns: SnapshotColumns | null): void {
    if (columns === null) return;
    for (const [id, entry] of this.units) if (typeof entry === 'number') this.parse(id, entry);
    this.columns = null;
    this.idList = null;
  }

  /** Parses the views of `columns` still unparsed, a slice of PARSE_SLICE_MS per task (the first one too). */
  private parseRest(columns: SnapshotColumns): void {
    const walk: SlicedWalk = {
      count: textCount(columns.ids),
      current: () => this.columns === columns,
      step: (index) => {
        const id = textAt(columns.ids, index);
        if (this.units.get(id) === index) this.parse(id, index);
      },
      finish: () => this.dropColumns(),
    };
    walkInSlices(walk, 0, PARSE_SLICE_MS, PARSE_SLICE_MS, this.continueLater);
  }

  /** A channel's view; a status that came as text is parsed here, once, and kept. */
  channel(channelId: string): ChannelView | undefined {
    const view = this.channels.get(channelId);
    const text = this.channelStatusTexts.get(channelId);
    if (view === undefined || text === undefined) return view;
    const parsed: ChannelView = { ...view, status: statusOfText(channelId, text) };
    this.channels.set(channelId, parsed);
    this.channelStatusTexts.delete(channelId);
    return parsed;
  }

  /** A channel's name without parsing its status (undefined: unknown channel, or one known only from events). */
  channelName(channelId: string): string | undefined {
    return this.channels.get(channelId)?.name;
  }

  unitIds(): string[] {
    const filling = this.filling;
    if (filling === null) return [...this.units.keys()];
    // The snapshot's units in its order, then the ones added since: the order the Map will have.
    const ids = this.snapshotIds(filling.columns).filter((id) => !filling.gone.has(id));
    for (const id of this.units.keys()) ids.push(id);
    return ids;
  }

  /** The channels the store knows: the current group's (REST snapshot) and any seen in events. */
  channelIds(): string[] {
    return [...this.channels.keys()];
  }

  /** Subscribes to the changed-ids feed (see UnitsChangedListener); returns the unsubscribe. */
  onUnitsChanged(listener: UnitsChangedListener): () => void {
    this.unitsChangedListeners.add(listener);
    return () => this.unitsChangedListeners.delete(listener);
  }

  get size(): number {
    const filling = this.filling;
    return this.units.size + (filling === null ? 0 : textCount(filling.columns.ids) - filling.gone.size);
  }

  /** Applies one diff from the worker (all signal writes in one batch). */
  apply(diff: FleetDiff): void {
    if (diff.snapshotViews !== undefined) {
      this.takeViewsRest(diff.frame, diff.snapshotViews);
      return;
    }
    const columns = diff.snapshot;
    if (this.viewsRest !== null) this.checkViewsNotNeeded(diff);
    const snapshot = diff.reset && (diff.unitsBuffer !== null || diff.units.length > 0 || columns !== undefined);
    if (snapshot) performance.mark(SNAPSHOT_MARK);
    if (diff.snapshotBytesAt !== undefined) {
      performance.mark(SNAPSHOT_BYTES_MARK, { startTime: Math.max(0, diff.snapshotBytesAt - performance.timeOrigin) });
    }
    if (columns !== undefined) {
      if (this.filling !== null) this.fill(this.filling, Number.POSITIVE_INFINITY);
      this.parseAllOf(this.columns);
    }
    // A first snapshot into an empty store: its units stay in the columns, found by id order, the Map filled after the paint.
    const filling: FillingSnapshot | null =
      columns !== undefined && this.units.size === 0 ? { columns, built: new Map(), parsed: [], gone: new Set(), cursor: 0 } : null;
    if (filling !== null) this.filling = filling;
    const changed = columns === undefined ? decodeDiffUnits(diff) : [];
    // Columns rows are applied straight from the buffer (no patch object each); inline patches as objects.
    const patchRows = diffPatchRows(diff);
    const patches = patchRows === null ? (diff.patches ?? []) : [];
    let membershipChanged = false;
    let renamed = false;
    batch(() => {
      if (filling !== null) {
        membershipChanged = textCount(filling.columns.ids) > 0;
        // Views that follow a unit from before the snapshot (none on a page's first load) see it changed.
        for (const [id, version] of this.versions) if (this.fillingIndex(filling, id) >= 0) this.bump(version);
      } else if (columns !== undefined) {
        // Kept as they came: each view is parsed when first read (unit()), the rest after the paint.
        // One Map write per unit (a unit new to the store grows it), no version look-up while no
        // view follows a unit yet (the first snapshot): 10k–50k units in the first list's task.
        const units = this.units;
        const versions = this.versions.size > 0 ? this.versions : null;
        const ids = this.snapshotIds(columns);
        for (let index = 0; index < ids.length; index += 1) {
          const id = ids[index] as string;
          const before = units.size;
          units.set(id, index);
          if (units.size !== before) membershipChanged = true;
          if (versions !== null) this.bump(versions.get(id));
        }
      }
      for (const view of changed) {
        const before = this.unitName(view.id);
        if (before === undefined) membershipChanged = true;
        else if (before !== view.name) renamed = true;
        this.setUnit(view.id, view);
        this.bump(this.versions.get(view.id));
      }
      // A patch is for a unit the worker already sent whole; one for an unknown unit is dropped.
      for (const patch of patches) {
        const view = this.unit(patch.id);
        if (view === undefined) continue;
        this.setUnit(patch.id, applyUnitPatch(view, patch));
        this.bump(this.versions.get(patch.id));
      }
      if (patchRows !== null) {
        const { columns } = patchRows;
        for (let row = patchRows.from; row < patchRows.to; row += 1) {
          const id = columns.id(row);
          const view = this.unit(id);
          if (view === undefined) continue;
          this.setUnit(id, columns.applyRow(view, row));
          this.bump(this.versions.get(id));
        }
      }
      for (const id of diff.removed) {
        if (this.deleteUnit(id)) membershipChanged = true;
        this.bump(this.versions.get(id));
      }
      let channelsChanged = false;
      const statuses = diff.channelStatuses;
      if (statuses !== undefined && statuses.length !== diff.channels.length) {
        throw new Error(`diff ${diff.frame}: ${statuses.length} channel status texts for ${diff.channels.length} channels`);
      }
      for (let index = 0; index < diff.channels.length; index += 1) {
        const view = diff.channels[index] as ChannelView;
        const before = this.channels.get(view.id);
        if (before === undefined) channelsChanged = true;
        this.channels.set(view.id, view);
        const text = statuses?.[index];
        if (text === undefined) this.channelStatusTexts.delete(view.id);
        else this.channelStatusTexts.set(view.id, text);
        this.bump(this.channelVersions.get(view.id));
        if (before === undefined || before.name !== view.name) this.bump(this.channelNameVersions.get(view.id));
      }
      for (const id of diff.removedChannels) {
        if (this.channels.delete(id)) channelsChanged = true;
        this.channelStatusTexts.delete(id);
        this.bump(this.channelVersions.get(id));
        this.bump(this.channelNameVersions.get(id));
      }
      if (channelsChanged) this.channelMembership.value += 1;
      for (const view of diff.servers ?? []) {
        this.servers.set(view.id, view);
        this.bump(this.serverVersions.get(view.id));
      }
      if (diff.counters !== null) this.counters.value = diff.counters;
      if (diff.connection !== null) this.connection.value = diff.connection;
      if (diff.listsVersion !== null) this.listsVersion.value = diff.listsVersion;
      if (diff.badFrames !== null) this.badFrames.value = diff.badFrames;
      if (diff.notifications.length > 0) {
        this.notifications.value = [...this.notifications.value, ...diff.notifications].slice(-MAX_KEPT_NOTIFICATIONS);
      }
    });
    this.diffsApplied += 1;
    if (columns !== undefined) {
      this.columns = columns;
      this.snapshotPending.value = true;
      this.orderedByName = null;
      // The worker's order holds for exactly the snapshot's units (every other one was removed).
      this.nameOrderValid = this.size === textCount(columns.ids);
      const start = filling !== null ? () => this.fill(filling, PARSE_SLICE_MS) : () => this.parseRest(columns);
      // Views that come in two parts: the walk waits for the rest (takeViewsRest).
      if (columns.views === null) this.viewsRest = { columns, start, missed: new Set(), asked: false };
      else this.later(start);
    } else if (membershipChanged || renamed) {
      this.nameOrderValid = false;
      this.orderedByName = null;
    }
    // A snapshot split over several diffs (diff.continued) is told to the views once, when its last
    // part is in: lists and the wall order the whole fleet once, not every part of it.
    if (diff.reset && diff.continued === true) this.heldSnapshot = { ids: [], membershipChanged: false };
    const held = this.heldSnapshot;
    let ids = held?.ids ?? [];
    // A snapshot's ids as strings only when some view follows the changed ids (none: no slicing at all).
    if (columns !== undefined && (held !== null || this.unitsChangedListeners.size > 0)) {
      const all = this.snapshotIds(columns);
      // The first snapshot's diff changes nothing else: its listeners get the store's own array of
      // the snapshot's ids (never written to). Copied and appended to with `for…of`, it was 1.6 MB
      // of the young generation at 50,000 units in the snapshot's task (interpreted code's iterator
      // results, 1.0 MB, and the array's growth, 0.6 MB; docs/performance.md §7m).
      const alone = changed.length === 0 && patches.length === 0 && patchRows === null && diff.removed.length === 0;
      if (held === null && alone) ids = all as string[];
      else if (ids.length === 0) ids = all.slice();
      else for (let index = 0; index < all.length; index += 1) ids.push(all[index] as string);
      if (held !== null) held.ids = ids;
    }
    for (const view of changed) ids.push(view.id);
    for (const patch of patches) ids.push(patch.id);
    if (patchRows !== null) for (let row = patchRows.from; row < patchRows.to; row += 1) ids.push(patchRows.columns.id(row));
    for (const id of diff.removed) ids.push(id);
    if (held !== null) {
      held.membershipChanged ||= membershipChanged;
      if (diff.continued === true) return;
      this.heldSnapshot = null;
      this.tellViews(held.membershipChanged, ids);
      performance.mark(SNAPSHOT_APPLIED_MARK);
      return;
    }
    this.tellViews(membershipChanged, ids);
    if (snapshot) performance.mark(SNAPSHOT_APPLIED_MARK);
  }

  /**
   * The rest of the last snapshot's views came (FleetDiff.snapshotViews): the columns are whole;
   * every reader answered undefined meanwhile is told (see the header); the Map's walk starts.
   */
  private takeViewsRest(frame: number, views: Uint8Array): void {
    const rest = this.viewsRest;
    if (rest === null || rest.columns !== this.columns) throw new Error(`diff ${frame}: the rest of a snapshot's views came with no snapshot waiting for them`);
    checkRestViews(rest.columns, views);
    rest.columns.views = views;
    this.viewsRest = null;
    this.diffsApplied += 1;
    if (rest.missed.size > 0) {
      const ids = [...rest.missed];
      batch(() => {
        for (const id of ids) this.bump(this.versions.get(id));
      });
      this.tellViews(true, ids);
    }
    this.later(rest.start);
  }

  /**
   * A diff other than the rest came while a snapshot's views have not all come: fine unless it
   * needs one (a patch, or new columns over units of that snapshot still held); then an error
   * naming it, before anything is applied. A snapshot whose units are all gone needs none.
   */
  private checkViewsNotNeeded(diff: FleetDiff): void {
    const rest = this.viewsRest as ViewsRest;
    const filling = this.filling;
    const held = filling !== null && filling.columns === rest.columns ? textCount(filling.columns.ids) > filling.gone.size : this.holdsUnreadRow();
    if (!held) {
      this.viewsRest = null; // nothing of that snapshot is left to read
      return;
    }
    const patches = (diff.patches?.length ?? 0) > 0 || diff.patchesBuffer != null || diff.patchRows !== undefined;
    if (diff.snapshot !== undefined || patches) {
      throw new Error(`diff ${diff.frame}: ${diff.snapshot !== undefined ? 'a snapshot' : 'patches'} came before the rest of the last snapshot's views`);
    }
  }

  /**
   * Whether a unit still stands as a row number of the snapshot's columns (its view not read yet).
   * A loop, not a spread of the Map into an array: this runs for every diff while a snapshot's views
   * are still coming, and the spread allocated an array of every unit (10,000-50,000) each time.
   */
  private holdsUnreadRow(): boolean {
    for (const entry of this.units.values()) if (typeof entry === 'number') return true;
    return false;
  }

  /** Membership first (a signal), then the changed ids, as followUnits expects. */
  private tellViews(membershipChanged: boolean, ids: string[]): void {
    if (membershipChanged) this.membership.value += 1;
    if (this.unitsChangedListeners.size > 0 && ids.length > 0) {
      for (const listener of [...this.unitsChangedListeners]) listener(ids);
    }
  }

  private bump(version: Signal<number> | undefined): void {
    if (version !== undefined) version.value += 1;
  }
}

/**
 * Follows the fleet for a view that keeps its own derived order (the unit list, the wall): `membership`
 * when units came or went, `changed(ids)` after each applied diff. The store tells membership first
 * (a signal), then the diff's ids. `knownSize` is the unit count the view was last computed from:
 * if units came or went between that render and this call, `membership` runs at once. Returns the
 * unsubscribe.
 */
export function followUnits(
  store: FleetStore,
  knownSize: number | undefined,
  on: { membership(): void; changed(ids: readonly string[]): void },
): () => void {
  // A signal's subscriber also runs once at once: the view was just computed from the same store.
  let subscribed = false;
  const stopMembership = store.membership.subscribe(() => {
    if (subscribed) on.membership();
  });
  subscribed = true;
  if (store.size !== knownSize) on.membership();
  const stopUnits = store.onUnitsChanged((ids) => on.changed(ids));
  return () => {
    stopMembership();
    stopUnits();
  };
}

export function createFleetStore(): FleetStore {
  return new FleetStore();
}
