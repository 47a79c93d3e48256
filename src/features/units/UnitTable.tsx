/**
 * The virtual unit table over the page's own scroll: a sticky header whose cells sort, and only the
 * rows on screen (plus a few) mounted. Rows are one fixed height, so the range on screen follows
 * from the scroll position (useRowWindow: @tanstack/react-virtual, fixed size) with no per-row measurement. The ids on
 * screen go to the fleet worker (useVisibleSet), settled for VISIBLE_SETTLE_MS so a fast scroll
 * does not churn subscriptions.
 */
import { memo, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useVisibleSet } from '../../fleet/index.ts';
import type { UnitColumn } from './columns.ts';
import type { UnitSort } from './listPrefs.ts';
import { rowLabels } from './rowLabels.ts';
import { UnitRow } from './UnitRow.tsx';
import { useRowWindow } from './useRowWindow.ts';
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

/** The header row: re-renders when the columns or the sort change, not while the list scrolls. */
const TableHeader = memo(function TableHeader({ columns, template, sort, onSort }: Pick<UnitTableProps, 'columns' | 'template' | 'sort' | 'onSort'>) {
  const { t } = useTranslation();
  return (
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
  );
});

export function UnitTable({ ids, columns, template, sort, expanded, onSort, onOpen, onEnd }: UnitTableProps) {
  const { t } = useTranslation();
  const labels = useMemo(() => rowLabels(t), [t]);
  const bodyRef = useRef<HTMLDivElement>(null);
  const rowHeight = expanded ? EXPANDED_ROW_HEIGHT_PX : ROW_HEIGHT_PX;
  const { first, last } = useRowWindow(bodyRef, ids.length, rowHeight, OVERSCAN_ROWS);
  const shown = useMemo(() => ids.slice(first, last + 1), [ids, first, last]);

  useLayoutEffect(() => {
    if (firstRowsMarked || shown.length === 0) return;
    firstRowsMarked = true;
    performance.mark(FIRST_ROWS_MARK);
  });
  const visibleKey = shown.join('\n');
  const [settledKey] = useDebouncedValue(visibleKey, VISIBLE_SETTLE_MS);
  useVisibleSet(UNIT_LIST_VIEW_ID, { units: settledKey === '' ? [] : settledKey.split('\n') });

  const lastIndex = shown.length === 0 ? -1 : last;
  useEffect(() => {
    if (onEnd !== undefined && ids.length > 0 && lastIndex >= ids.length - 1) onEnd();
  }, [onEnd, lastIndex, ids.length]);

  return (
    <div role="table" aria-label={t('unitList.tableLabel')} aria-rowcount={ids.length + 1} className={classes.table}>
      <TableHeader columns={columns} template={template} sort={sort} onSort={onSort} />
      <div ref={bodyRef} role="rowgroup" className={classes.body} style={{ height: ids.length * rowHeight }}>
        {shown.map((id, offset) => (
          <UnitRow
            key={id}
            id={id}
            index={first + offset}
            columns={columns}
            template={template}
            expanded={expanded}
            top={(first + offset) * rowHeight}
            height={rowHeight}
            labels={labels}
            onOpen={onOpen}
          />
        ))}
      </div>
    </div>
  );
}
