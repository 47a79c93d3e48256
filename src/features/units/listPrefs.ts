/**
 * The unit list's grid preferences (spec 002 §3 "gridPrefs" per grid id; id "unitList"): the
 * visible columns in display order and the sort. Stored values are untrusted: unknown columns are
 * dropped, the fixed columns are always there, a sort on an unknown column is no sort.
 */
import type { GridPrefs, SortDirection } from '../../domain/preferences.ts';
import type { UnitColumn } from './columns.ts';
import { DEFAULT_COLUMNS, FIXED_COLUMNS, isUnitColumn, UNIT_COLUMNS } from './columns.ts';

export const UNIT_LIST_GRID_ID = 'unitList';

export interface UnitSort {
  readonly column: UnitColumn;
  readonly direction: SortDirection;
}

export interface UnitListLayout {
  readonly columns: readonly UnitColumn[];
  readonly sort: UnitSort | null;
}

export const DEFAULT_LAYOUT: UnitListLayout = { columns: DEFAULT_COLUMNS, sort: { column: 'name', direction: 'asc' } };

/** The layout from the saved grid preferences (defaults when none). */
export function layoutFromPrefs(prefs: GridPrefs | undefined): UnitListLayout {
  if (prefs === undefined) return DEFAULT_LAYOUT;
  const saved = [...new Set(prefs.columns.filter(isUnitColumn))];
  const columns = saved.length === 0 ? [...DEFAULT_COLUMNS] : [...FIXED_COLUMNS.filter((column) => !saved.includes(column)), ...saved];
  const sortState = prefs.sortState;
  const sort = sortState !== null && isUnitColumn(sortState.column) ? { column: sortState.column, direction: sortState.direction } : null;
  return { columns, sort };
}

export function layoutToPrefs(layout: UnitListLayout): GridPrefs {
  return { columns: [...layout.columns], sortState: layout.sort === null ? null : { ...layout.sort } };
}

/** Shows or hides a column; fixed columns stay; shown columns keep the canonical order. */
export function toggleColumn(columns: readonly UnitColumn[], column: UnitColumn): UnitColumn[] {
  if (FIXED_COLUMNS.includes(column)) return [...columns];
  const next = columns.includes(column) ? columns.filter((c) => c !== column) : [...columns, column];
  return UNIT_COLUMNS.filter((c) => next.includes(c));
}

/** A click on a header: ascending, then descending, then no sort. */
export function nextSort(current: UnitSort | null, column: UnitColumn): UnitSort | null {
  if (current === null || current.column !== column) return { column, direction: 'asc' };
  return current.direction === 'asc' ? { column, direction: 'desc' } : null;
}
