/**
 * The wall's units in order, kept up to date as units change (issue 5 item 4: smooth at 50,000
 * units). Order: by name as the unit list sorts names (the collator's order, ties by id), through
 * the list's own UnitOrder (src/features/units/unitOrder.ts), which re-sorts only when a unit
 * comes or goes or a name changes. Filtering is incremental on top of it:
 *
 * - `noteChanged(ids)` (the store's changed-ids feed, once per diff): with filters on, each
 *   changed unit is matched again and its verdict kept; O(changed ids).
 * - `noteMembership()`: units came or went (the order and every verdict are rebuilt).
 * - `setFilters(filters)`: only the filter groups count (the layout does not); new filters match
 *   every unit again, once.
 * - `ids()`: the shown ids; a pass over the order (a Map read per id) only when a verdict flipped
 *   or the order changed. Nothing stale: the same array again.
 *
 * With no filters (the default) live status and bitrate changes cost a Map read per changed id.
 */
import type { UnitView } from '../../../workers/pipeline/diff.ts';
import type { UnitSort } from '../units/listPrefs.ts';
import { UnitOrder, type UnitSource } from '../units/unitOrder.ts';
import { filterMatcher, type FilteredUnit, type MultiviewFilterGroups } from './filters.ts';

/** The wall is ordered by name, A→Z (the unit list's default sort). */
export const WALL_SORT: UnitSort = { column: 'name', direction: 'asc' };

type FilterGroups = MultiviewFilterGroups;

/** True when the filters let every unit through. */
export function filtersOff(filters: FilterGroups): boolean {
  return filters.statuses.length === 0 && filters.types.length === 0 && !filters.alertsOnly && filters.search.trim() === '';
}

function sameGroups(a: FilterGroups, b: FilterGroups): boolean {
  const same = (x: readonly string[], y: readonly string[]) => x.length === y.length && x.every((value, index) => value === y[index]);
  return same(a.statuses, b.statuses) && same(a.types, b.types) && a.alertsOnly === b.alertsOnly && a.search.trim().toLowerCase() === b.search.trim().toLowerCase();
}

const EMPTY: readonly string[] = [];

export class WallOrder {
  private readonly order: UnitOrder;
  private filters: FilterGroups | null = null;
  /** The filters' test; null while the filters are off. */
  private matcher: ((unit: FilteredUnit) => boolean) | null = null;
  /** Matched or not, per unit, for the current filters (null while filters are off or stale). */
  private verdicts: Map<string, boolean> | null = null;
  private ordered: readonly string[] = EMPTY;
  private shown: readonly string[] = EMPTY;
  private shownStale = true;
  private total = 0;

  constructor(private readonly source: UnitSource) {
    this.order = new UnitOrder(source);
    this.order.configure(WALL_SORT, null, null);
  }

  /** The user's filters; the layout field is not read. */
  setFilters(filters: FilterGroups): void {
    if (this.filters !== null && sameGroups(this.filters, filters)) return;
    this.filters = filters;
    this.matcher = filtersOff(filters) ? null : filterMatcher(filters);
    this.verdicts = null;
    this.shownStale = true;
  }

  /** Units came or went. */
  noteMembership(): void {
    this.order.noteMembership();
    this.verdicts = null;
    this.shownStale = true;
  }

  /** These units changed (the store's changed-ids feed). */
  noteChanged(ids: readonly string[]): void {
    if (ids.length === 0) return;
    this.order.noteChanged(ids);
    const { verdicts, matcher } = this;
    if (verdicts === null || matcher === null) return; // off, or a full match is due anyway
    for (const id of ids) {
      const unit = this.source.unit(id);
      if (unit === undefined) {
        this.noteMembership();
        return;
      }
      const verdict = matcher(unit);
      if (verdicts.get(id) !== verdict) {
        verdicts.set(id, verdict);
        this.shownStale = true;
      }
    }
  }

  /** Units in the fleet when the order was last built (filtered or not). */
  get known(): number {
    return this.total;
  }

  /** Whether `ids()` may give something new. */
  get stale(): boolean {
    return this.shownStale || this.order.stale;
  }

  /** The ids the wall shows, in order; the same array as long as nothing about it changed. */
  ids(): readonly string[] {
    if (this.order.stale) {
      const rows = this.order.rows();
      const ordered = rows.ids;
      this.total = rows.total;
      if (ordered !== this.ordered) {
        this.ordered = ordered;
        this.shownStale = true;
      }
    }
    if (!this.shownStale) return this.shown;
    this.shownStale = false;
    const matcher = this.matcher;
    let next: readonly string[];
    if (matcher === null) {
      this.verdicts = null;
      next = this.ordered;
    } else {
      const verdicts = this.verdicts ?? this.matchAll(matcher);
      this.verdicts = verdicts;
      const kept: string[] = [];
      for (const id of this.ordered) if (verdicts.get(id) === true) kept.push(id);
      next = kept;
    }
    if (!sameIds(next, this.shown)) this.shown = next;
    return this.shown;
  }

  private matchAll(matcher: (unit: FilteredUnit) => boolean): Map<string, boolean> {
    const verdicts = new Map<string, boolean>();
    for (const id of this.ordered) {
      const unit: UnitView | undefined = this.source.unit(id);
      verdicts.set(id, unit !== undefined && matcher(unit));
    }
    return verdicts;
  }
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return false;
  return true;
}
