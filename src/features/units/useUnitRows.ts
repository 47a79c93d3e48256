/**
 * The ordered ids of the rows (unitOrder.ts), recomputed when the user changes a filter, the sort
 * or the search (at once) and, for live changes, at most once per LIVE_REORDER_MS and only when a
 * change could move a row: a name, the sort column's value, a unit in or out (with filters on, any
 * change). The list does not reshuffle under the pointer on every frame, and the cells of the rows
 * on screen still update every frame through their unit's version signal (UnitRow). The first
 * rows (the list was empty) are computed at once, not after the live-change delay.
 */
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import type { FleetStore } from '../../fleet/index.ts';
import { followUnits } from '../../fleet/index.ts';
import type { UnitFilters } from './filters.ts';
import { hasFilters, unitMatcher } from './filters.ts';
import type { UnitSort } from './listPrefs.ts';
import type { UnitRows } from './unitOrder.ts';
import { UnitOrder } from './unitOrder.ts';

/** Live changes reorder or refilter the list at most once a second (ms). */
export const LIVE_REORDER_MS = 1_000;
/** Rows put in order first when the list is empty (a screen of 41 px rows at 1440×900 is ~22, plus overscan). */
export const QUICK_ROWS = 100;

/**
 * performance.mark set once per page load when the list first commits rows in their full order
 * (every row of the fleet scrollable, not only the quick first rows): the end of bench/ui's
 * "first full list" (issue 15 item 3), with the next frame's paint.
 */
export const FULL_ROWS_MARK = 'luc:unit-list-full-rows';
let fullRowsMarked = false;

/** Runs `work` in a task of its own, next in line (MessageChannel: no 4 ms clamp as a nested setTimeout has). */
function firstRowsTask(work: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    work();
  };
  channel.port2.postMessage(null);
}

/** Follows the store's changes into `order`; a number that grows when the rows may have changed. */
function useOrderTick(store: FleetStore, order: UnitOrder, current: () => UnitRows | null): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let last = 0;
    let firstQueued = false;
    const changed = (): void => {
      if (timer !== null || !order.stale) return;
      const shown = current();
      if (shown === null || shown.ids.length === 0) {
        // The first rows: no reason to wait for the live-change delay. Rendered in the next task
        // (firstRowsTask), not in the one that applied the snapshot: the two together were the
        // longest main-thread task of the first list (80–124 ms of CPU at 50k units,
        // docs/performance.md §7f, §7g), each alone is about half. The next diff does not come
        // first: the worker posts it only once this diff's answer reached it (pacedApply.ts), and
        // this task is queued before that answer leaves.
        last = Date.now();
        if (!firstQueued) {
          firstQueued = true;
          firstRowsTask(() => {
            firstQueued = false;
            flushSync(() => setTick((value) => value + 1));
          });
        }
        return;
      }
      const wait = Math.max(0, last + LIVE_REORDER_MS - Date.now());
      timer = setTimeout(() => {
        timer = null;
        last = Date.now();
        setTick((value) => value + 1);
      }, wait);
    };
    const stop = followUnits(store, current()?.total, {
      membership: () => {
        order.noteMembership();
        changed();
      },
      changed: (ids) => {
        order.noteChanged(ids);
        changed();
      },
    });
    return () => {
      stop();
      if (timer !== null) clearTimeout(timer);
    };
  }, [store, order, current]);
  return tick;
}

export function useUnitRows(store: FleetStore, filters: UnitFilters, sort: UnitSort | null, only: ReadonlySet<string> | null): UnitRows {
  const order = useMemo(() => new UnitOrder(store), [store]);
  const [shown] = useState<{ current: UnitRows | null }>(() => ({ current: null }));
  const current = useMemo(() => () => shown.current, [shown]);
  const [completed, setCompleted] = useState(0);
  const tick = useOrderTick(store, order, current);
  const matcher = useMemo(() => (hasFilters(filters) ? unitMatcher(filters) : null), [filters]);
  const rows = useMemo(
    () => {
      order.configure(sort, matcher, only);
      return order.rows({ quick: QUICK_ROWS });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `tick` stands for the fleet's live changes
    [order, matcher, sort, only, tick, completed],
  );
  // The first rows are painted first (the next frame), then the full order follows in a task of its own.
  useEffect(() => {
    if (rows.partial !== true) return undefined;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setCompleted((value) => value + 1), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== null) clearTimeout(timer);
    };
  }, [rows]);
  useLayoutEffect(() => {
    if (fullRowsMarked || rows.partial === true || rows.ids.length === 0) return;
    fullRowsMarked = true;
    performance.mark(FULL_ROWS_MARK);
  }, [rows]);
  shown.current = rows;
  return rows;
}
