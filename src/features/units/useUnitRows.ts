/**
 * The ordered ids of the rows, recomputed when the user changes a filter, the sort or the search
 * (at once) and when units change live (at most once per LIVE_REORDER_MS: a row may move or leave
 * the filter, but the list does not reshuffle under the pointer on every frame). The cells of the
 * rows on screen update every frame through their unit's version signal (UnitRow).
 */
import { useEffect, useMemo, useState } from 'react';
import type { FleetStore } from '../../fleet/index.ts';
import type { UnitView } from '../../../workers/pipeline/diff.ts';
import type { UnitFilters } from './filters.ts';
import { unitMatcher } from './filters.ts';
import type { UnitSort } from './listPrefs.ts';
import { orderedUnitIds } from './rows.ts';

/** Live changes reorder or refilter the list at most once a second (ms). */
export const LIVE_REORDER_MS = 1_000;

/** A number that grows when the fleet changed, at most once per LIVE_REORDER_MS. */
function useFleetTick(store: FleetStore): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let last = 0;
    const changed = (): void => {
      if (timer !== null) return;
      const wait = Math.max(0, last + LIVE_REORDER_MS - Date.now());
      timer = setTimeout(() => {
        timer = null;
        last = Date.now();
        setTick((value) => value + 1);
      }, wait);
    };
    // Counters change whenever any unit changed; membership when units come or go.
    const stopCounters = store.counters.subscribe(changed);
    const stopMembership = store.membership.subscribe(changed);
    return () => {
      stopCounters();
      stopMembership();
      if (timer !== null) clearTimeout(timer);
    };
  }, [store]);
  return tick;
}

function* viewsOf(store: FleetStore, only: ReadonlySet<string> | null): Iterable<UnitView> {
  const ids = only ?? store.unitIds();
  for (const id of ids) {
    const unit = store.unit(id);
    if (unit !== undefined) yield unit;
  }
}

export function useUnitRows(store: FleetStore, filters: UnitFilters, sort: UnitSort | null, only: ReadonlySet<string> | null): { ids: string[]; total: number } {
  const tick = useFleetTick(store);
  const matcher = useMemo(() => unitMatcher(filters), [filters]);
  return useMemo(
    () => ({ ids: orderedUnitIds(viewsOf(store, only), matcher, sort), total: store.size }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `tick` stands for the fleet's live changes
    [store, matcher, sort, only, tick],
  );
}
