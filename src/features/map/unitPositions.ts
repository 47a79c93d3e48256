/**
 * Where every located unit is and its status colour, as plain numbers, kept in step with the
 * fleet store (design.md: the map updates its source in batches). The store's changed-ids feed
 * (FleetStore.onUnitsChanged) names the units each applied diff touched; they are gathered in a
 * set, the first one asks for one animation frame, and that frame reads only those units and
 * hands the ids whose position or status really changed to `onSynced`. Many diffs before a frame
 * → one sync; a frame costs O(changed units), not O(fleet). Only the first frame after `start`
 * reads every unit (the store may hold units from before the map opened). No map features here:
 * UnitDisplay draws only what is near the view.
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

const browserFrames: FrameScheduler = {
  request: (callback) => requestAnimationFrame(() => callback()),
  cancel: (handle) => cancelAnimationFrame(handle),
};

export class UnitPositions {
  private readonly positions = new Map<string, UnitPosition>();
  private readonly revs = new Map<string, number>();
  /** Units named by the feed since the last sync. */
  private readonly pending = new Set<string>();
  /** The next sync reads every unit of the store (after start). */
  private everything = false;
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
  ) {}

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

  /** Applies every change since the last sync; answers the ids that changed. */
  sync(): ReadonlySet<string> {
    const changed = new Set<string>();
    const drop = (id: string) => {
      this.revs.delete(id);
      if (this.positions.delete(id)) changed.add(id);
    };
    let ids: Iterable<string> = this.pending;
    if (this.everything) {
      this.everything = false;
      const all = this.store.unitIds();
      const present = new Set(all);
      for (const id of [...this.positions.keys()]) if (!present.has(id)) drop(id);
      ids = all;
    }
    for (const id of ids) {
      this.visited += 1;
      const unit = this.store.unit(id);
      if (unit === undefined) {
        drop(id); // removed from the fleet
        continue;
      }
      if (this.revs.get(id) === unit.rev) continue;
      if (unit.lat === undefined || unit.lng === undefined) {
        drop(id);
        this.revs.set(id, unit.rev);
        continue;
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
      } else continue;
      changed.add(id);
    }
    this.pending.clear();
    if (changed.size > 0) {
      this.batches += 1;
      this.onSynced(changed);
    }
    return changed;
  }
}
