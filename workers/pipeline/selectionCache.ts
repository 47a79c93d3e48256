/**
 * Unit data refreshed on selection (spec 000 §4, §9; issue 4 item 5): selecting a unit refetches
 * what is stale by `refreshOnSelection` — enhanced data only while the unit is offline (60 s),
 * settings (60 s) and services (30 min) — and keeps the rest. fetchedAt is the time the answer
 * arrived (injected clock).
 */
import type { CachedKind } from '../../src/domain/units/interface.ts';
import { refreshOnSelection } from '../../src/domain/units/interface.ts';
import type { Clock } from '../sources/clock.ts';

export type CachedUnitData = Partial<Record<CachedKind, unknown>>;

export interface SelectionCacheDeps {
  clock: Clock;
  fetch(kind: CachedKind, unitId: string): Promise<unknown>;
}

type Entry = { data: CachedUnitData; fetchedAt: Partial<Record<CachedKind, number>> };

export class SelectionCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly deps: SelectionCacheDeps) {}

  /** Refreshes the stale kinds of one unit; answers everything cached for it. A failed kind keeps its old data. */
  async select(unitId: string, unitOffline: boolean): Promise<{ data: CachedUnitData; refreshed: CachedKind[]; failed: CachedKind[] }> {
    let entry = this.entries.get(unitId);
    if (entry === undefined) this.entries.set(unitId, (entry = { data: {}, fetchedAt: {} }));
    const target = entry;
    const kinds = refreshOnSelection(unitOffline, target.fetchedAt, this.deps.clock.now());
    const failed: CachedKind[] = [];
    await Promise.all(
      kinds.map(async (kind) => {
        try {
          target.data[kind] = await this.deps.fetch(kind, unitId);
          target.fetchedAt[kind] = this.deps.clock.now();
        } catch {
          failed.push(kind);
        }
      }),
    );
    return { data: { ...target.data }, refreshed: kinds.filter((kind) => !failed.includes(kind)), failed };
  }
}
