/**
 * Keeps a vector source of unit points in step with the fleet store (design.md: the map updates
 * its source in batches). The store's changed-ids feed (FleetStore.onUnitsChanged) names the units
 * each applied diff touched; they are gathered in a set, the first one asks for one animation
 * frame, and that frame applies only those units: new points are added in one `addFeatures`, gone
 * ones removed in one `removeFeatures`, the rest updated in place. Many diffs before a frame → one
 * update; a frame costs O(changed units), not O(fleet). Only the first frame after `start` reads
 * every unit (the store may hold units from before the map opened).
 */
import Feature from 'ol/Feature.js';
import Point from 'ol/geom/Point.js';
import VectorSource from 'ol/source/Vector.js';
import { fromLonLat } from 'ol/proj.js';
import type { FleetStore } from '../../fleet/index.ts';
import { iconStatusOf } from '../fleet/statusColours.ts';
import type { MapPoint } from './clusters.ts';
import { HIDDEN_PROP, STATUS_PROP, statusIndex } from './mapStyles.ts';

export type UnitFeature = Feature<Point>;

export interface FrameScheduler {
  request(callback: () => void): number;
  cancel(handle: number): void;
}

const browserFrames: FrameScheduler = {
  request: (callback) => requestAnimationFrame(() => callback()),
  cancel: (handle) => cancelAnimationFrame(handle),
};

export class UnitSource {
  readonly source = new VectorSource<UnitFeature>({ wrapX: true });
  private readonly features = new Map<string, UnitFeature>();
  private readonly revs = new Map<string, number>();
  /** Units named by the feed since the last sync. */
  private readonly pending = new Set<string>();
  /** The next sync reads every unit of the store (after start). */
  private everything = false;
  private frame: number | null = null;
  private unsubscribe: (() => void) | null = null;
  /** Source updates applied (one per frame with changes; for tests). */
  batches = 0;
  /** Units looked at by the syncs so far (for counting work in tests). */
  visited = 0;

  constructor(
    private readonly store: FleetStore,
    private readonly onSynced: (changed: number) => void,
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

  feature(unitId: string): UnitFeature | undefined {
    return this.features.get(unitId);
  }

  /** Every located unit as a map point. */
  *points(): Iterable<MapPoint> {
    for (const [id, feature] of this.features) {
      const [x = 0, y = 0] = feature.getGeometry()?.getCoordinates() ?? [];
      yield { id, x, y };
    }
  }

  get size(): number {
    return this.features.size;
  }

  /** Applies every change since the last sync in one batch; answers how many units changed. */
  sync(): number {
    const added: UnitFeature[] = [];
    const removed: UnitFeature[] = [];
    let changed = 0;
    const drop = (id: string) => {
      const existing = this.features.get(id);
      this.revs.delete(id);
      if (existing === undefined) return;
      removed.push(existing);
      this.features.delete(id);
      changed += 1;
    };
    let ids: Iterable<string> = this.pending;
    if (this.everything) {
      this.everything = false;
      const all = this.store.unitIds();
      const present = new Set(all);
      for (const id of [...this.features.keys()]) if (!present.has(id)) drop(id);
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
      this.revs.set(id, unit.rev);
      const existing = this.features.get(id);
      if (unit.lat === undefined || unit.lng === undefined) {
        drop(id);
        this.revs.set(id, unit.rev);
        continue;
      }
      const coordinates = fromLonLat([unit.lng, unit.lat]);
      const status = statusIndex(iconStatusOf(unit));
      changed += 1;
      if (existing === undefined) {
        const feature = new Feature({ geometry: new Point(coordinates), [STATUS_PROP]: status, [HIDDEN_PROP]: 0 });
        feature.setId(id);
        this.features.set(id, feature);
        added.push(feature);
      } else {
        const point = existing.getGeometry();
        const [x, y] = point?.getCoordinates() ?? [];
        if (x !== coordinates[0] || y !== coordinates[1]) point?.setCoordinates(coordinates);
        if (existing.get(STATUS_PROP) !== status) existing.set(STATUS_PROP, status);
      }
    }
    this.pending.clear();
    if (added.length > 0) this.source.addFeatures(added);
    if (removed.length > 0) this.source.removeFeatures(removed);
    if (changed > 0) {
      this.batches += 1;
      this.onSynced(changed);
    }
    return changed;
  }

  /** Hides the points drawn elsewhere (inside a cluster, or the selected unit); touches only points whose flag changes. */
  setHidden(hidden: (id: string) => boolean): void {
    for (const [id, feature] of this.features) {
      const flag = hidden(id) ? 1 : 0;
      if (feature.get(HIDDEN_PROP) !== flag) feature.set(HIDDEN_PROP, flag);
    }
  }
}
