/**
 * The unit list's rows, kept in order as units change (issue 5: smooth at 50,000 units). The order
 * is the one of rows.ts `orderedUnitIds` (the sort column, no value last in both directions, ties
 * by name, then id), but it is not rebuilt for every live change:
 *
 * - `noteChanged(ids)` (the store's changed-ids feed, once per diff) compares each changed unit's
 *   name and sort value with the ones the order was built from: O(changed ids), a Map read each.
 * - `noteMembership()`: units came or went.
 * - `rows()` rebuilds only what is stale: the order when a name, a sort value or the membership
 *   changed (names through precomputed ranks, collationKey.ts; the sort on typed arrays of
 *   numbers), the filtered ids when the filters changed or, with filters on, when any unit changed.
 *   Nothing stale: the same array again.
 *
 * - `rows({ quick })` while nothing is shown yet (the first snapshot): the first `quick` rows in
 *   their final order by one pass over the fleet (a top-k selection, O(n)), the other matching
 *   ids after them unsorted, and `partial: true`; the caller asks again in the next task for the
 *   full order. At 50,000 units this paints the first rows ~3× sooner than a full sort would.
 *
 * With the default sort (name) and no filter, live status and bitrate changes cost nothing here.
 */
import type { UnitView } from '../../../workers/pipeline/diff.ts';
import { compareVersions } from '../../domain/versions.ts';
import { isPlainText, plainKey, rankTexts, TEXT_COLLATOR } from './collationKey.ts';
import { nameOrder } from './nameOrder.ts';
import type { SortValue, UnitColumn } from './columns.ts';
import { compareSortValues, sortValue } from './columns.ts';
import type { UnitSort } from './listPrefs.ts';

/** What the order reads of the fleet (the FleetStore has these). */
export interface UnitSource {
  unit(id: string): UnitView | undefined;
  unitIds(): string[];
  /** A unit's name without reading its whole view (the FleetStore keeps snapshot views unparsed until read). */
  unitName?(id: string): string | undefined;
  /**
   * Every id in name order (nameOrder.ts), when the source has it ready (the worker's order of the
   * last snapshot, still valid); null when not.
   */
  idsByName?(): readonly string[] | null;
}

export type UnitMatcher = (unit: UnitView) => boolean;

export interface UnitRows {
  /** The ids shown, in order. The same array as long as nothing about it changed. */
  readonly ids: readonly string[];
  /** Units in the fleet (filtered or not). */
  readonly total: number;
  /** Only the first rows are in order yet (rows({ quick })): ask again for the rest. */
  readonly partial?: boolean;
}

/** Below this many units a full order is as quick as the first rows alone. */
export const QUICK_MIN_UNITS = 2_000;

const EMPTY: readonly string[] = [];

const byId = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export class UnitOrder {
  private sort: UnitSort | null = null;
  private matcher: UnitMatcher | null = null;
  private only: ReadonlySet<string> | null = null;

  /** The names and sort values the current order was built from (id → value). */
  private names = new Map<string, string>();
  private values = new Map<string, SortValue>();
  /** Text sort values → rank, per column (kept while no new text appears). */
  private textRanks: { column: UnitColumn; ranks: Map<string, number> } | null = null;
  private nameRanks: Map<string, number> | null = null;
  private total = 0;

  private ordered: readonly string[] = EMPTY;
  private shown: readonly string[] = EMPTY;
  private orderStale = true;
  private namesStale = true;
  /**
   * The order is the source's own name order (idsByName): no names kept here (a Map of every
   * unit's name is ~50,000 entries built on the main thread before the first paint); a change
   * moved a row exactly when the source drops that order (it does on a unit added, removed or
   * renamed).
   */
  private followsSourceOrder = false;
  private shownStale = true;
  private changedSinceFilter = false;

  constructor(private readonly source: UnitSource) {}

  /** The user's sort, filters (null: none) and the server search's ids (null: none). */
  configure(sort: UnitSort | null, matcher: UnitMatcher | null, only: ReadonlySet<string> | null): void {
    if (sort?.column !== this.sort?.column || sort?.direction !== this.sort?.direction) {
      if (sort?.column !== this.sort?.column) this.values = new Map();
      this.sort = sort;
      this.orderStale = true;
    }
    if (matcher !== this.matcher || only !== this.only) {
      this.matcher = matcher;
      this.only = only;
      this.shownStale = true;
    }
  }

  /** Units came or went. */
  noteMembership(): void {
    this.orderStale = true;
    this.namesStale = true;
  }

  /** These units changed (the store's changed-ids feed). */
  noteChanged(ids: readonly string[]): void {
    if (ids.length === 0) return;
    this.changedSinceFilter = true;
    if (this.followsSourceOrder) {
      if (this.readyNameOrder() !== this.ordered) this.orderStale = true;
      return;
    }
    if (this.namesStale) return; // a full rebuild is due anyway
    const column = this.sort?.column;
    const values = column !== undefined && column !== 'name' ? this.values : null;
    for (const id of ids) {
      const name = this.nameOf(id);
      if (name === undefined || this.names.get(id) !== name) {
        this.noteMembership();
        return;
      }
      if (values !== null && !this.orderStale) {
        const unit = this.source.unit(id);
        if (unit !== undefined && values.get(id) !== sortValue(column as UnitColumn, unit)) this.orderStale = true;
      }
    }
  }

  /** Whether `rows()` would give something new. */
  get stale(): boolean {
    return this.orderStale || this.shownStale || (this.changedSinceFilter && (this.matcher !== null || this.only !== null));
  }

  private nameOf(id: string): string | undefined {
    return this.source.unitName !== undefined ? this.source.unitName(id) : this.source.unit(id)?.name;
  }

  /** The source's ready name order, when the current sort is by name ascending. */
  private readyNameOrder(): readonly string[] | null {
    const sort = this.sort;
    if (sort === null || sort.column !== 'name' || sort.direction !== 'asc') return null;
    return this.source.idsByName?.() ?? null;
  }

  rows(options: { quick?: number } = {}): UnitRows {
    if (this.orderStale && options.quick !== undefined && this.shown.length === 0 && this.readyNameOrder() === null) {
      const ids = this.source.unitIds();
      if (ids.length >= QUICK_MIN_UNITS) {
        this.shown = this.firstRows(ids, options.quick);
        this.total = ids.length;
        this.shownStale = true; // the full order replaces them
        return { ids: this.shown, total: this.total, partial: true };
      }
    }
    if (this.orderStale) {
      this.ordered = this.buildOrder();
      this.orderStale = false;
      this.shownStale = true;
    }
    if (this.shownStale || (this.changedSinceFilter && (this.matcher !== null || this.only !== null))) {
      const next = this.filter(this.ordered);
      if (!sameIds(next, this.shown)) this.shown = next;
      this.shownStale = false;
    }
    this.changedSinceFilter = false;
    return { ids: this.shown, total: this.total };
  }

  /** The `count` first rows in order (top-k by one pass), then the other matching ids as they come. */
  private firstRows(ids: readonly string[], count: number): readonly string[] {
    const sort = this.sort;
    type Entry = { readonly unit: UnitView; readonly value: SortValue };
    const before = (a: Entry, b: Entry): boolean => {
      if (sort !== null && sort.column !== 'name') {
        if (a.value === undefined || b.value === undefined) {
          if (a.value !== b.value) return b.value === undefined;
        } else {
          const byValue = compareSortValues(sort.column, a.value, b.value);
          if (byValue !== 0) return sort.direction === 'asc' ? byValue < 0 : byValue > 0;
        }
      } else if (sort !== null) {
        const byName = TEXT_COLLATOR.compare(a.unit.name, b.unit.name);
        if (byName !== 0) return sort.direction === 'asc' ? byName < 0 : byName > 0;
        return a.unit.id < b.unit.id;
      }
      const byName = TEXT_COLLATOR.compare(a.unit.name, b.unit.name);
      return byName !== 0 ? byName < 0 : a.unit.id < b.unit.id;
    };
    const best: Entry[] = [];
    const rest: string[] = [];
    const { matcher, only } = this;
    for (const id of ids) {
      const unit = this.source.unit(id);
      if (unit === undefined || (only !== null && !only.has(id)) || (matcher !== null && !matcher(unit))) continue;
      if (sort === null) {
        // No sort: the fleet's own order, already final.
        if (best.length < count) best.push({ unit, value: undefined });
        else rest.push(id);
        continue;
      }
      const entry: Entry = { unit, value: sort.column === 'name' ? undefined : sortValue(sort.column, unit) };
      const worst = best.at(-1);
      if (best.length >= count && worst !== undefined && !before(entry, worst)) {
        rest.push(id);
        continue;
      }
      let low = 0;
      let high = best.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (before(entry, best[middle] as Entry)) high = middle;
        else low = middle + 1;
      }
      best.splice(low, 0, entry);
      if (best.length > count) rest.push((best.pop() as Entry).unit.id);
    }
    return [...best.map((entry) => entry.unit.id), ...rest];
  }

  private filter(ordered: readonly string[]): readonly string[] {
    const { matcher, only } = this;
    if (matcher === null && only === null) return ordered;
    const kept: string[] = [];
    for (const id of ordered) {
      if (only !== null && !only.has(id)) continue;
      if (matcher !== null) {
        const unit = this.source.unit(id);
        if (unit === undefined || !matcher(unit)) continue;
      }
      kept.push(id);
    }
    return kept;
  }

  /** Every unit in order; refreshes the names and values the order is built from. */
  private buildOrder(): readonly string[] {
    const ready = this.readyNameOrder();
    this.followsSourceOrder = ready !== null;
    if (ready !== null) {
      // The worker's order: no sort, no view read, no name kept (the next rebuild of another order reads them).
      this.names = new Map();
      this.nameRanks = null;
      this.namesStale = true;
      this.total = ready.length;
      return ready;
    }
    const ids = this.source.unitIds();
    const units: UnitView[] = [];
    const present: string[] = [];
    for (const id of ids) {
      const unit = this.source.unit(id);
      if (unit === undefined) continue;
      units.push(unit);
      present.push(id);
    }
    if (this.namesStale) {
      const names = new Map<string, string>();
      for (const unit of units) names.set(unit.id, unit.name);
      this.names = names;
      this.nameRanks = null;
      this.namesStale = false;
    }
    this.total = units.length;
    const sort = this.sort;
    if (sort === null) return present;
    const count = units.length;
    const sign = sort.direction === 'asc' ? 1 : -1;
    if (sort.column === 'name' && sign === 1) {
      const order = nameOrder(present, units.map((unit) => unit.name));
      const result = new Array<string>(count);
      for (let index = 0; index < count; index += 1) result[index] = present[order[index] as number] as string;
      return result;
    }
    if (sort.column === 'name' && units.every((unit) => isPlainText(unit.name))) {
      // Names only (the default): one sort on precomputed keys, ties by id.
      const keys = units.map((unit) => plainKey(unit.name));
      const order = new Uint32Array(count);
      for (let index = 0; index < count; index += 1) order[index] = index;
      order.sort((a, b) => {
        const x = keys[a] as string;
        const y = keys[b] as string;
        return x < y ? -sign : x > y ? sign : byId(present[a] as string, present[b] as string);
      });
      const result = new Array<string>(count);
      for (let index = 0; index < count; index += 1) result[index] = present[order[index] as number] as string;
      return result;
    }
    // Primary key: the column's value as a number (text: its rank), NaN for no value; then the name's rank.
    const primary = new Float64Array(count);
    const byName = new Float64Array(count);
    const nameRanks = (this.nameRanks ??= rankTexts(this.names.values()));
    for (let index = 0; index < count; index += 1) byName[index] = nameRanks.get((units[index] as UnitView).name) ?? 0;
    if (sort.column === 'name') {
      primary.set(byName);
    } else {
      const raw: SortValue[] = new Array<SortValue>(count);
      const values = new Map<string, SortValue>();
      for (let index = 0; index < count; index += 1) {
        const unit = units[index] as UnitView;
        const value = sortValue(sort.column, unit);
        raw[index] = value;
        values.set(unit.id, value);
      }
      this.values = values;
      const ranks = this.ranksFor(sort.column, raw);
      for (let index = 0; index < count; index += 1) {
        const value = raw[index];
        primary[index] = value === undefined ? Number.NaN : typeof value === 'number' ? value : (ranks?.get(value) ?? Number.NaN);
      }
    }
    const order = new Uint32Array(count);
    for (let index = 0; index < count; index += 1) order[index] = index;
    order.sort((a, b) => {
      const x = primary[a] as number;
      const y = primary[b] as number;
      // No value (NaN) stays last in both directions.
      if (x !== y && !(Number.isNaN(x) && Number.isNaN(y))) {
        if (Number.isNaN(x)) return 1;
        if (Number.isNaN(y)) return -1;
        return sign * (x - y);
      }
      return tie(a, b);
    });
    function tie(a: number, b: number): number {
      return (byName[a] as number) - (byName[b] as number) || byId(present[a] as string, present[b] as string);
    }
    const result = new Array<string>(count);
    for (let index = 0; index < count; index += 1) result[index] = present[order[index] as number] as string;
    return result;
  }

  /** Ranks of a text column's values (kept until a value without a rank appears). */
  private ranksFor(column: UnitColumn, raw: readonly SortValue[]): Map<string, number> | null {
    const texts: string[] = [];
    let unknown = this.textRanks?.column !== column;
    for (const value of raw) {
      if (typeof value !== 'string') continue;
      texts.push(value);
      if (!unknown && !(this.textRanks?.ranks.has(value) ?? false)) unknown = true;
    }
    if (texts.length === 0) return null;
    if (unknown) this.textRanks = { column, ranks: rankTexts(texts, column === 'version' ? compareVersions : undefined) };
    return this.textRanks?.ranks ?? null;
  }
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) return false;
  return true;
}
