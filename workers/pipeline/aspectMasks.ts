/**
 * What changed of each unit since its last diff, by unit slot (UnitRecord.slot): diff.ts ASPECT bits,
 * or WHOLE_VIEW; 0 when nothing is recorded (the diff then sends the unit whole, as for any change
 * made outside the pipeline's event path).
 *
 * Why an array (issue 15 item 2, docs/performance.md §3d): this was a Map<string, number> keyed by
 * unit id, read and written for every event and read and deleted for every changed unit of every
 * diff. On a 10,000-unit fleet each of those is a hash probe missing the cache; indexed by slot it
 * is one Int32Array element (WHOLE_VIEW = 2^30 fits). The slot of a unit deleted from the model is
 * reused by the next unit inserted: the pipeline forgets a deleted unit's mask so that a reused
 * slot starts at 0.
 *
 * The changed slots (issue 15 item 2, round p12, docs/performance.md §3g): every slot whose mask
 * went from 0 to non-zero is listed once in `changed`, in that order, so the diff finds the units
 * a hot event changed by slot, without the model's Set of changed ids (one `add` of the id string
 * per event, a fresh Set per diff, a `units.get` per changed unit when the diff is built). A slot
 * may be listed twice when its mask was cleared in between (forget, take) and set again; the
 * second `take` then reads 0, so a unit is never sent twice. Invariant the pipeline relies on: a
 * slot with a non-zero mask is in `changed` or its unit's id is in the model's pending set.
 */
import type { UnitRecord } from '../model/fleetModel.ts';

/** Initial capacity in slots; doubled as the model's slots grow (10,000 units: 16,384). */
const INITIAL_SLOTS = 1_024;
/** Initial capacity of the changed-slot lists; doubled when a diff lists more. */
const INITIAL_LIST = 1_024;

export class AspectMasks {
  private masks = new Int32Array(INITIAL_SLOTS);
  /**
   * Slots whose mask went from 0 to non-zero since the last `takeChanged`, in that order: the first
   * `changedCount` of `changed`. Typed arrays with a count, so a list keeps its capacity from diff
   * to diff: a plain array emptied with `length = 0` gives its store back, and refilling it with
   * ~1,000 slots a diff regrew it every time (~28 B per event at 60,000 events/s, §3n).
   */
  private changed = new Int32Array(INITIAL_LIST);
  private changedCount = 0;
  /** The list handed out by the last `takeChanged`, reused as the next `changed` (no garbage per diff). */
  private spare = new Int32Array(INITIAL_LIST);

  /** ORs `bits` into the unit's mask; lists its slot when the mask was 0. */
  add(unit: UnitRecord, bits: number): void {
    const slot = unit.slot;
    if (slot >= this.masks.length) this.grow(slot);
    const before = this.masks[slot] as number;
    if (before === 0 && bits !== 0) this.list(slot);
    this.masks[slot] = before | bits;
  }

  private list(slot: number): void {
    if (this.changedCount === this.changed.length) {
      const grown = new Int32Array(this.changed.length * 2);
      grown.set(this.changed);
      this.changed = grown;
    }
    this.changed[this.changedCount] = slot;
    this.changedCount += 1;
  }

  /** True when some slot was listed since the last `takeChanged`. */
  get hasChanged(): boolean {
    return this.changedCount > 0;
  }

  /**
   * The slots listed since the last call, in order; the list starts empty again. The array is
   * the caller's until its next call (then reused): read it before asking again.
   */
  takeChanged(): Int32Array {
    const taken = this.changed;
    const count = this.changedCount;
    this.changed = this.spare;
    this.changedCount = 0;
    this.spare = taken;
    return taken.subarray(0, count);
  }

  /** Lists a slot again (a change kept for a later diff by the caller), keeping its mask. */
  relist(slot: number): void {
    this.list(slot);
  }

  /** The mask of a slot (0: none recorded), cleared; for a slot the caller read from `takeChanged`. */
  takeSlot(slot: number): number {
    const mask = this.masks[slot] as number;
    this.masks[slot] = 0;
    return mask;
  }

  /** The mask of a slot, left as it is. */
  peekSlot(slot: number): number {
    return slot < this.masks.length ? (this.masks[slot] as number) : 0;
  }

  /** The unit's mask (0: none recorded), cleared. */
  take(unit: UnitRecord): number {
    const slot = unit.slot;
    if (slot >= this.masks.length) return 0;
    const mask = this.masks[slot] as number;
    this.masks[slot] = 0;
    return mask;
  }

  /** Sets the unit's mask (a change put back to wait for a later diff). */
  put(unit: UnitRecord, mask: number): void {
    const slot = unit.slot;
    if (slot >= this.masks.length) this.grow(slot);
    this.masks[slot] = mask;
  }

  /** The unit leaves the model: its slot starts at 0 for the unit that reuses it. */
  forget(unit: UnitRecord): void {
    if (unit.slot < this.masks.length) this.masks[unit.slot] = 0;
  }

  /** Every mask to 0 and no slot listed (a snapshot load: the reset diff sends every unit whole). */
  clear(): void {
    this.masks.fill(0);
    this.changedCount = 0;
  }

  private grow(slot: number): void {
    let length = this.masks.length * 2;
    while (length <= slot) length *= 2;
    const grown = new Int32Array(length);
    grown.set(this.masks);
    this.masks = grown;
  }
}
