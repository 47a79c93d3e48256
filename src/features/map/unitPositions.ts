/**
 * Where every located unit is and its status colour, as plain numbers, kept in step with the
 * fleet store (design.md: the map updates its source in batches). The store's changed-ids feed
 * (FleetStore.onUnitsChanged) names the units each applied diff touched; they are gathered in a
 * set, the first one asks for one animation frame, and that frame reads only those units and
 * hands the ids whose position or status really changed to `onSynced`. Many diffs before a frame
 * → one sync; a frame costs O(changed units), not O(fleet). After `start` every unit of the store
 * is read once (it may hold units from before the map opened), READ_SLICE_MS per frame: at
 * 50,000 units the whole read took 340 ms in one frame, on the map's open, before its first frame
 * (docs/performance.md §5d); in slices the basemap and the first units draw at once and the rest
 * follow within a few frames. The changed units are read in the same slices: after a tab falls
 * behind, one conflated diff names most of the fleet, and reading all of it in one frame was an
 * 88 ms frame callback (§5k, §5m). No map features here: UnitDisplay draws only what is near the view.
 * Positions, statuses and the revisions read live in typed arrays by a slot per unit, not in an
 * object per unit (docs/performance.md §5h: the first read made 50,000 of them, ~5 µs a unit).
 */
import { getTransform } from 'ol/proj.js';
import type { FleetStore } from '../../fleet/index.ts';
import { iconStatusOf } from '../fleet/statusColours.ts';
import { statusIndex } from './mapStyles.ts';

/** A unit's map position (EPSG:3857 metres) and status index (mapStyles.statusIndex). */
export interface UnitPosition {
  x: number;
  y: number;
  status: number;
}

/**
 * Longitude/latitude (EPSG:4326, degrees) to the map's metres (EPSG:3857): OpenLayers' own
 * transform function (the numbers `fromLonLat` gives), looked up once and called with an input and
 * an output array kept for every read: `fromLonLat` looks the transform up and makes two arrays per
 * call (~5 µs and two objects a unit at the first read of 50,000, docs/performance.md §5g, §5h).
 */
const lonLatToMap = getTransform('EPSG:4326', 'EPSG:3857') ?? (() => {
  throw new Error('unitPositions: OpenLayers has no transform from EPSG:4326 to EPSG:3857');
})();

/** Slots of the position arrays made at first (doubled when full). */
const INITIAL_SLOTS = 1_024;
/** `statuses` of a slot whose unit has no location (no point on the map): below any status index. */
const NOT_LOCATED = -32_768;

export interface FrameScheduler {
  request(callback: () => void): number;
  cancel(handle: number): void;
}

/**
 * Time given per frame to reading units (ms), the changed ones first, then the first read of the
 * whole fleet: half a 60 Hz frame, the rest stays for the stream's diffs and the drawing. The
 * budget is checked every READ_CHECK_EVERY units (~64 × 1-5 µs: well under a millisecond between
 * checks), so a frame with fewer changes than that never reads the clock.
 */
export const READ_SLICE_MS = 8;
const READ_CHECK_EVERY = 64;

const browserFrames: FrameScheduler = {
  request: (callback) => requestAnimationFrame(() => callback()),
  cancel: (handle) => cancelAnimationFrame(handle),
};

export class UnitPositions {
  /**
   * Each unit read so far (located or not) has a slot: its position and status live in typed arrays
   * at that index, no object per unit (at 50,000 units the first read made 50,000 position objects
   * and a second Map of revisions, docs/performance.md §5h). A removed unit's slot is reused.
   */
  private readonly slots = new Map<string, number>();
  /** The unit of each slot ('' when free). */
  private slotIds: string[] = [];
  private readonly freeSlots: number[] = [];
  /** The revision read last per slot (NaN: none yet). */
  private revs = new Float64Array(INITIAL_SLOTS).fill(Number.NaN);
  /** EPSG:3857 metres per slot. */
  private xs = new Float64Array(INITIAL_SLOTS);
  private ys = new Float64Array(INITIAL_SLOTS);
  /** mapStyles.statusIndex per slot, NOT_LOCATED for a unit without a location. */
  private statuses = new Int16Array(INITIAL_SLOTS).fill(NOT_LOCATED);
  /** Slots with a location (the units on the map). */
  private located = 0;
  /** The transform's input and output, kept (see lonLatToMap). */
  private readonly lonLat = [0, 0];
  private readonly metres = [0, 0];
  /** Units named by the feed and not read yet (a sync reads and removes them, READ_SLICE_MS a frame). */
  private readonly pending = new Set<string>();
  /** The next sync starts the first read of every unit of the store (after start). */
  private everything = false;
  /** The ids of the first read not read yet (from `backlogAt` on); empty once it is done. */
  private backlog: string[] = [];
  private backlogAt = 0;
  private frame: number | null = null;
  private unsubscribe: (() => void) | null = null;
  /** Syncs that changed something (one per frame with changes; for tests). */
  batches = 0;
  /** Units looked at by the syncs so far (for counting work in tests). */
  visited = 0;

  constructor(
    private readonly store: FleetStore,
    /** The ids whose position or status changed, or that appeared or went (`get` answers undefined). */
    private readonly onSynced: (changed: ReadonlySet<string>) => void,
    private readonly frames: FrameScheduler = browserFrames,
    /** Milliseconds, for the first read's budget per frame. */
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** True until the first read of the whole store is done (the map shows part of the fleet meanwhile). */
  get reading(): boolean {
    return this.everything || this.backlogAt < this.backlog.length;
  }

  /** Units named by the feed that no sync has read yet (a catch-up's many wait for later frames). */
  get unread(): number {
    return this.pending.size;
  }

  start(): void {
    if (this.unsubscribe !== null) return;
    this.unsubscribe = this.store.onUnitsChanged((ids) => {
      for (const id of ids) this.pending.add(id);
      this.schedule();
    });
    this.everything = true;
    this.schedule();
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.pending.clear();
    this.backlog = [];
    this.backlogAt = 0;
    if (this.frame !== null) this.frames.cancel(this.frame);
    this.frame = null;
  }

  /** Asks for one frame; further calls before it runs change nothing. */
  schedule(): void {
    if (this.frame !== null) return;
    this.frame = this.frames.request(() => {
      this.frame = null;
      this.sync();
    });
  }

  /** A unit's position as a new object (undefined: not on the map); `readInto` fills one the caller keeps. */
  get(unitId: string): UnitPosition | undefined {
    const out = { x: 0, y: 0, status: 0 };
    return this.readInto(unitId, out) ? out : undefined;
  }

  /** Writes a unit's position into `out`; false (and `out` untouched) when it is not on the map. */
  readInto(unitId: string, out: UnitPosition): boolean {
    const slot = this.slots.get(unitId);
    if (slot === undefined) return false;
    const status = this.statuses[slot] as number;
    if (status === NOT_LOCATED) return false;
    out.x = this.xs[slot] as number;
    out.y = this.ys[slot] as number;
    out.status = status;
    return true;
  }

  /** Every unit on the map, in slot order (one object per unit: for whole-fleet passes on a view change, not per frame). */
  *entries(): IterableIterator<[string, UnitPosition]> {
    for (let slot = 0; slot < this.slotIds.length; slot += 1) {
      const status = this.statuses[slot] as number;
      if (status !== NOT_LOCATED) yield [this.slotIds[slot] as string, { x: this.xs[slot] as number, y: this.ys[slot] as number, status }];
    }
  }

  get size(): number {
    return this.located;
  }

  /**
   * Reads the units changed since the last sync, then the next part of the first read, until
   * READ_SLICE_MS is spent (a frame is asked for the rest); answers the ids that changed.
   */
  sync(): ReadonlySet<string> {
    const started = this.now();
    const changed = new Set<string>();
    if (this.everything) {
      this.everything = false;
      this.backlog = this.store.unitIds();
      this.backlogAt = 0;
      const present = new Set(this.backlog);
      for (const id of [...this.slots.keys()]) if (!present.has(id)) this.drop(id, changed);
      this.pending.clear(); // every unit the feed named is in the backlog, or gone (dropped just above)
    }
    let looked = 0;
    let spent = false;
    // Deleting the entry being visited is safe in a Set's iteration; ids named while the slice
    // runs cannot come (the feed calls back from the store's apply, never from inside a sync).
    for (const id of this.pending) {
      this.pending.delete(id);
      this.read(id, changed);
      looked += 1;
      if (looked % READ_CHECK_EVERY === 0 && this.now() - started >= READ_SLICE_MS) {
        spent = true;
        break;
      }
    }
    const backlog = this.backlog;
    while (!spent && this.backlogAt < backlog.length) {
      this.read(backlog[this.backlogAt] as string, changed);
      this.backlogAt += 1;
      if (this.backlogAt % READ_CHECK_EVERY === 0 && this.now() - started >= READ_SLICE_MS) break;
    }
    if (this.backlogAt >= backlog.length) this.backlog = [];
    if (this.pending.size > 0 || this.backlog.length > 0) this.schedule();
    if (changed.size > 0) {
      this.batches += 1;
      this.onSynced(changed);
    }
    return changed;
  }

  /** Forgets a unit gone from the fleet: its slot is freed (reported changed when it was on the map). */
  private drop(id: string, changed: Set<string>): void {
    const slot = this.slots.get(id);
    if (slot === undefined) return;
    if (this.statuses[slot] !== NOT_LOCATED) {
      this.located -= 1;
      changed.add(id);
    }
    this.statuses[slot] = NOT_LOCATED;
    this.revs[slot] = Number.NaN;
    this.slotIds[slot] = '';
    this.slots.delete(id);
    this.freeSlots.push(slot);
  }

  /** The slot of a unit, taken (a freed one first, else a new one, the arrays doubled when full). */
  private slotFor(id: string): number {
    const known = this.slots.get(id);
    if (known !== undefined) return known;
    let slot = this.freeSlots.pop();
    if (slot === undefined) {
      slot = this.slotIds.length;
      if (slot === this.revs.length) this.grow(2 * slot);
      this.slotIds.push(id);
    } else this.slotIds[slot] = id;
    this.slots.set(id, slot);
    return slot;
  }

  private grow(size: number): void {
    const revs = new Float64Array(size).fill(Number.NaN);
    revs.set(this.revs);
    this.revs = revs;
    const xs = new Float64Array(size);
    xs.set(this.xs);
    this.xs = xs;
    const ys = new Float64Array(size);
    ys.set(this.ys);
    this.ys = ys;
    const statuses = new Int16Array(size).fill(NOT_LOCATED);
    statuses.set(this.statuses);
    this.statuses = statuses;
  }

  /** Reads one unit from the store; adds its id to `changed` when its position or status changed, or it appeared or went. */
  private read(id: string, changed: Set<string>): void {
    this.visited += 1;
    const unit = this.store.unit(id);
    if (unit === undefined) return this.drop(id, changed); // removed from the fleet
    const slot = this.slotFor(id);
    if (this.revs[slot] === unit.rev) return;
    this.revs[slot] = unit.rev;
    const was = this.statuses[slot] as number;
    if (unit.lat === undefined || unit.lng === undefined) {
      if (was === NOT_LOCATED) return;
      this.statuses[slot] = NOT_LOCATED;
      this.located -= 1;
      changed.add(id);
      return;
    }
    const lonLat = this.lonLat;
    lonLat[0] = unit.lng;
    lonLat[1] = unit.lat;
    const metres = lonLatToMap(lonLat, this.metres, 2);
    const x = metres[0] ?? 0;
    const y = metres[1] ?? 0;
    const status = statusIndex(iconStatusOf(unit));
    if (was !== NOT_LOCATED && this.xs[slot] === x && this.ys[slot] === y && was === status) return;
    if (was === NOT_LOCATED) this.located += 1;
    this.xs[slot] = x;
    this.ys[slot] = y;
    this.statuses[slot] = status;
    changed.add(id);
  }
}
