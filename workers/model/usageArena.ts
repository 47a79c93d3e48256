/**
 * The shaped usage values of every unit the model holds, in one Float64Array (docs/performance.md
 * §3o). A record keeps the arena's array and its offset in it (UsageHolder); the values of a unit
 * are `usageValues[usageAt … usageAt + shape.valueCount)`.
 *
 * Why: a unit's values (usageShapes.ts order, ~22 numbers for a 4-link unit) were a Float64Array of
 * their own. In Chromium that is a JS object, its ArrayBuffer and an off-heap store: on a 10,000-unit
 * fleet read in random order each usage event paid misses on all three before the values' own
 * (writeShapedUsage and putShapedLinkValues were 9.6 % of the worker's self time at 60,000 events/s,
 * nearly all on their first loads), and the collector tracked 10,000 buffers. Here every record
 * points at the same array, hot in cache: the one miss left is the values themselves.
 *
 * A unit keeps its range while its value count fits in it (a shape changes when a link comes or
 * goes: rarely); a larger count takes a new range at the end. Ranges of units deleted or moved are
 * left behind until the array is full: then the held units' values are copied, in slot order, into
 * a new array of twice what they need (at least INITIAL_VALUES) and their records moved to it.
 * A range is never written again once left, and `clear` (a snapshot load) starts a new array, so a
 * record dropped from the model (kept by a diff in flight) still reads the values it last had.
 */

/** The fields of a unit record the arena manages (fleetModel.ts UnitRecord). */
export interface UsageHolder {
  /** The arena's array when the unit has shaped values, else null. */
  usageValues: Float64Array | null;
  /** Where the unit's values start in `usageValues`. */
  usageAt: number;
  /** How many values the unit's range holds (at least its shape's count). */
  usageRoom: number;
}

/** The first array's length in values (32 KiB: ~370 units of 4 links). */
export const INITIAL_VALUES = 4_096;

export class UsageArena {
  private values = new Float64Array(INITIAL_VALUES);
  /** The first value not yet given to a range. */
  private end = 0;

  /** `held`: the model's records by slot (FleetModel.slots.held), walked when the array is full. */
  constructor(private readonly held: readonly (UsageHolder | undefined)[]) {}

  /**
   * Gives `unit` (a record the model holds) room for `count` values and sets its fields: its own
   * range when it fits, else a new one. The caller then writes the values at `usageAt`.
   */
  place(unit: UsageHolder, count: number): void {
    if (unit.usageValues !== null && unit.usageRoom >= count) return;
    this.release(unit);
    if (this.end + count > this.values.length) this.relocate(count);
    unit.usageValues = this.values;
    unit.usageAt = this.end;
    unit.usageRoom = count;
    this.end += count;
  }

  /** The unit no longer has shaped values (its usage came as link objects): its range is left behind. */
  release(unit: UsageHolder): void {
    unit.usageValues = null;
    unit.usageAt = 0;
    unit.usageRoom = 0;
  }

  /** Every record is dropped (a snapshot load): a new array, so records still kept elsewhere keep their values. */
  clear(): void {
    this.values = new Float64Array(INITIAL_VALUES);
    this.end = 0;
  }

  /** Values given to ranges so far, left-behind ones included (tests: the array is compacted when full). */
  get used(): number {
    return this.end;
  }

  /** The held units' ranges copied into a new array with room for `extra` more values; their records moved to it. */
  private relocate(extra: number): void {
    let live = 0;
    for (const unit of this.held) if (unit !== undefined && unit.usageValues !== null) live += unit.usageRoom;
    const next = new Float64Array(Math.max(INITIAL_VALUES, 2 * (live + extra)));
    let end = 0;
    for (const unit of this.held) {
      if (unit === undefined || unit.usageValues === null) continue;
      next.set(unit.usageValues.subarray(unit.usageAt, unit.usageAt + unit.usageRoom), end);
      unit.usageValues = next;
      unit.usageAt = end;
      end += unit.usageRoom;
    }
    this.values = next;
    this.end = end;
  }
}
