/**
 * The virtual unit table (@tanstack/react-virtual over the page's own scroll): a sticky header
 * whose cells sort, and only the rows on screen (plus a few) mounted. The ids on screen go to the
 * fleet worker (useVisibleSet), settled for VISIBLE_SETTLE_MS so a fast scroll does not churn
 * subscriptions.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useVisibleSet } from '../../fleet/index.ts';
import type { UnitColumn } from './columns.ts';
import type { UnitSort } from './listPrefs.ts';
import { UnitRow } from './UnitRow.tsx';
import classes from './UnitList.module.css';

/** Row heights (px): one line; one line plus the links strip. */
export const ROW_HEIGHT_PX = 41;
export const EXPANDED_ROW_HEIGHT_PX = 105;
/** Rows mounted beyond each edge of the screen. */
const OVERSCAN_ROWS = 8;
/** The on-screen set is sent to the worker once scrolling pauses this long (ms). */
const VISIBLE_SETTLE_MS = 200;
export const UNIT_LIST_VIEW_ID = 'unit-list';
/**
 * performance.mark set once per page load when the table first commits rows to the DOM (they are
 * painted in that frame); bench/ui measures "first full list" from the fleet store's snapshot mark.
 */
export const FIRST_ROWS_MARK = 'luc:unit-list-first-rows';
let firstRowsMarked = false;

export interface UnitTableProps {
  readonly ids: readonly string[];
  readonly columns: readonly UnitColumn[];
  readonly template: string;
  readonly sort: UnitSort | null;
  readonly expanded: boolean;
  readonly onSort: (column: UnitColumn) => void;
  readonly onOpen: (id: string) => void;
  /** Called when the last row comes on screen (server search: fetch the next page). */
  readonly onEnd?: () => void;
}

function SortMark({ direction }: { readonly direction: 'asc' | 'desc' | null }) {
  if (direction === null) return null;
  return <span aria-hidden>{direction === 'asc' ? '▲' : '▼'}</span>;
}

export function UnitTable({ ids, columns, template, sort, expanded, onSort, onOpen, onEnd }: UnitTableProps) {
  const { t } = useTranslation();
  const bodyRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const rowHeight = expanded ? EXPANDED_ROW_HEIGHT_PX : ROW_HEIGHT_PX;

  // The body's distance from the top of the page (the banner or the filters may move it).
  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (body === null) return;
    const top = Math.round(body.getBoundingClientRect().top + window.scrollY);
    if (top !== scrollMargin) setScrollMargin(top);
  });

  const virtualizer = useWindowVirtualizer({
    count: ids.length,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN_ROWS,
    scrollMargin,
  });
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);

  const items = virtualizer.getVirtualItems();
  useLayoutEffect(() => {
    if (firstRowsMarked || items.length === 0) return;
    firstRowsMarked = true;
    performance.mark(FIRST_ROWS_MARK);
  });
  const visibleKey = items.map((item) => ids[item.index] ?? '').join('\n');
  const [settledKey] = useDebouncedValue(visibleKey, VISIBLE_SETTLE_MS);
  useVisibleSet(UNIT_LIST_VIEW_ID, { units: settledKey === '' ? [] : settledKey.split('\n') });

  const lastIndex = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (onEnd !== undefined && ids.length > 0 && lastIndex >= ids.length - 1) onEnd();
  }, [onEnd, lastIndex, ids.length]);

  return (
    <div role="table" aria-label={t('unitList.tableLabel')} aria-rowcount={ids.length + 1} className={classes.table}>
      <div role="row" className={classes.header} style={{ gridTemplateColumns: template }}>
        {columns.map((column) => {
          const direction = sort?.column === column ? sort.direction : null;
          return (
            <div key={column} role="columnheader" aria-sort={direction === null ? 'none' : direction === 'asc' ? 'ascending' : 'descending'}>
              <button
                type="button"
                className={classes.headerCell}
                data-sorted={direction === null ? undefined : ''}
                onClick={() => onSort(column)}
                title={t('unitList.sortBy', { column: t(`unitList.columns.${column}`) })}
              >
                {t(`unitList.columns.${column}`)}
                <SortMark direction={direction} />
              </button>
            </div>
          );
        })}
      </div>
      <div ref={bodyRef} role="rowgroup" className={classes.body} style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const id = ids[item.index];
          if (id === undefined) return null;
          return (
            <UnitRow
              key={id}
              id={id}
              index={item.index}
              columns={columns}
              template={template}
              expanded={expanded}
              top={item.start - scrollMargin}
              height={rowHeight}
              onOpen={onOpen}
            />
          );
        })}
      </div>
    </div>
  );
}
