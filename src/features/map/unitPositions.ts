/**
 * Where every located unit is and its status colour, as plain numbers, kept in step with the
 * fleet store (design.md: the map updates its source in batches). The store's changed-ids feed
 * (FleetStore.onUnitsChanged) names the units each applied diff touched; they are gathered in a
 * set, the first one asks for one animation frame, and that frame reads only those units and
 * hands the ids whose position or status really changed to `onSynced`. Many diffs before a frame
 * → one sync; a frame costs O(changed units), not O(fleet). After `start` every unit of the store
 * is read once (it may hold units from before the map opened), FIRST_READ_SLICE_MS per frame: at
 * 50,000 units the whole read took 340 ms in one frame, on the map's open, before its first frame
 * (docs/performance.md §5d); in slices the basemap and the first units draw at once and the rest
 * follow within a few frames. No map features here: UnitDisplay draws only what is near the view.
 */
import { fromLonLat } from 'ol/proj.js';
import type { FleetStore } from '../../fleet/index.ts';
import { iconStatusOf } from '../fleet/statusColours.ts';
import { statusIndex } from './mapStyles.ts';

/** A unit's map position (EPSG:3857 metres) and status index (mapStyles.statusIndex). */
export interface UnitPosition {
  x: number;
  y: number;
  status: number;
}

export interface FrameScheduler {
  request(callback: () => void): number;
  cancel(handle: number): void;
}

/**
 * Time given per frame to the first read of the whole fleet (ms): half a 60 Hz frame, the rest
 * stays for the stream's diffs and the drawing. The budget is checked every READ_CHECK_EVERY units.
 */
export const FIRST_READ_SLICE_MS = 8;
const READ_CHECK_EVERY = 64;

const browserFrames: FrameScheduler = {
  request: (callback) => requestAnimationFrame(() => callback()),
  cancel: (handle) => cancelAnimationFrame(handle),
};

export class UnitPositions {
  private readonly positions = new Map<string, UnitPosition>();
  private readonly revs = new Map<string, number>();
  /** Units named by the feed since the last sync. */
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

  get(unitId: string): UnitPosition | undefined {
    return this.positions.get(unitId);
  }

  entries(): IterableIterator<[string, UnitPosition]> {
    return this.positions.entries();
  }

  get size(): number {
    return this.positions.size;
  }

  /**
   * Applies every change since the last sync, and the next slice of the first read (a frame is
   * asked for the rest); answers the ids that changed.
   */
  sync(): ReadonlySet<string> {
    const started = this.now();
    const changed = new Set<string>();
    if (this.everything) {
      this.everything = false;
      this.backlog = this.store.unitIds();
      this.backlogAt = 0;
      const present = new Set(this.backlog);
      for (const id of [...this.positions.keys()]) if (!present.has(id)) this.drop(id, changed);
      this.pending.clear(); // every unit the feed named is in the backlog, or gone (dropped just above)
    }
    for (const id of this.pending) this.read(id, changed);
    const backlog = this.backlog;
    while (this.backlogAt < backlog.length) {
      this.read(backlog[this.backlogAt] as string, changed);
      this.backlogAt += 1;
      if (this.backlogAt % READ_CHECK_EVERY === 0 && this.now() - started >= FIRST_READ_SLICE_MS) break;
    }
    if (this.backlogAt < backlog.length) this.schedule();
    else this.backlog = [];
    this.pending.clear();
    if (changed.size > 0) {
      this.batches += 1;
      this.onSynced(changed);
    }
    return changed;
  }

  private drop(id: string, changed: Set<string>): void {
    this.revs.delete(id);
    if (this.positions.delete(id)) changed.add(id);
  }

  /** Reads one unit from the store; adds its id to `changed` when its position or status changed, or it appeared or went. */
  private read(id: string, changed: Set<string>): void {
    this.visited += 1;
    const unit = this.store.unit(id);
    if (unit === undefined) return this.drop(id, changed); // removed from the fleet
    if (this.revs.get(id) === unit.rev) return;
    if (unit.lat === undefined || unit.lng === undefined) {
      this.drop(id, changed);
      this.revs.set(id, unit.rev);
      return;
    }
    this.revs.set(id, unit.rev);
    const [x = 0, y = 0] = fromLonLat([unit.lng, unit.lat]);
    const status = statusIndex(iconStatusOf(unit));
    const existing = this.positions.get(id);
    if (existing === undefined) this.positions.set(id, { x, y, status });
    else if (existing.x !== x || existing.y !== y || existing.status !== status) {
      existing.x = x;
      existing.y = y;
      existing.status = status;
    } else return;
    changed.add(id);
  }
}
