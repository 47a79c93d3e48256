/**
 * The units the wall shows: every unit of the fleet store that passes the filters, by name.
 * Sorting runs when units appear or disappear; filtering re-runs at most every
 * FILTER_REFRESH_MS while statuses change (the counters signal changes with any unit), so a busy
 * fleet of 50,000 units does not re-filter on every frame.
 */
import { useEffect, useMemo, useState } from 'react';
import { useCounters, useFleet, useUnitIds } from '../../fleet/index.ts';
import { matchesFilters, type MultiviewFilters } from './filters.ts';

/** Re-filter at most this often while units change (ms). */
export const FILTER_REFRESH_MS = 1_000;

/** `value`, updated at most every `ms` (the latest value is always delivered). */
function useThrottled<T>(value: T, ms: number): T {
  const [shown, setShown] = useState(value);
  const [lastAt, setLastAt] = useState(0);
  useEffect(() => {
    if (Object.is(value, shown)) return undefined;
    const wait = Math.max(0, lastAt + ms - Date.now());
    const timer = window.setTimeout(() => {
      setShown(value);
      setLastAt(Date.now());
    }, wait);
    return () => window.clearTimeout(timer);
  }, [value, shown, lastAt, ms]);
  return shown;
}

export function useWallUnits(filters: MultiviewFilters): string[] {
  const { store } = useFleet();
  const ids = useUnitIds();
  const tick = useThrottled(useCounters(), FILTER_REFRESH_MS);
  const sorted = useMemo(() => {
    const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
    return [...ids].sort((a, b) => collator.compare(store.unit(a)?.name ?? a, store.unit(b)?.name ?? b));
  }, [ids, store]);
  return useMemo(() => {
    void tick; // re-filter when units changed
    return sorted.filter((id) => {
      const unit = store.unit(id);
      return unit !== undefined && matchesFilters(unit, filters);
    });
  }, [sorted, store, filters, tick]);
}
