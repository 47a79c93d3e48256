/**
 * The units the wall shows: every unit of the fleet store that passes the filters, by name
 * (wallOrder.ts). The store's membership signal and changed-ids feed are noted as they come (a Map
 * read per changed id); the shown ids are recomputed when the user changes a filter (at once) and,
 * for live changes, at most once per FILTER_REFRESH_MS and only when a change could move a tile:
 * a unit in or out, a name, or (with filters on) a unit passing or failing them. Tiles do not
 * reshuffle under the pointer on every frame; each tile still redraws every frame through its own
 * unit's version signal (Tile.tsx). The first tiles (the wall was empty) come at once.
 */
import { useEffect, useMemo, useState } from 'react';
import { followUnits, useFleet } from '../../fleet/index.ts';
import type { MultiviewFilters } from './filters.ts';
import { WallOrder } from './wallOrder.ts';

/** Live changes reorder or refilter the wall at most once a second (ms). */
export const FILTER_REFRESH_MS = 1_000;

export function useWallUnits(filters: MultiviewFilters): readonly string[] {
  const { store } = useFleet();
  const wall = useMemo(() => new WallOrder(store), [store]);
  const [shown] = useState<{ current: readonly string[] }>(() => ({ current: [] }));
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let last = Date.now();
    const changed = (): void => {
      if (timer !== null || !wall.stale) return;
      // An empty wall fills at once; a shown one waits for the next refresh.
      const wait = shown.current.length === 0 ? 0 : Math.max(0, last + FILTER_REFRESH_MS - Date.now());
      timer = setTimeout(() => {
        timer = null;
        last = Date.now();
        setTick((value) => value + 1);
      }, wait);
    };
    const stop = followUnits(store, wall.known, {
      membership: () => {
        wall.noteMembership();
        changed();
      },
      changed: (ids) => {
        wall.noteChanged(ids);
        changed();
      },
    });
    return () => {
      stop();
      if (timer !== null) clearTimeout(timer);
    };
  }, [store, wall, shown]);

  const ids = useMemo(
    () => {
      wall.setFilters(filters);
      return wall.ids();
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `tick` stands for the fleet's live changes
    [wall, filters.statuses, filters.types, filters.alertsOnly, filters.search, tick],
  );
  shown.current = ids;
  return ids;
}
