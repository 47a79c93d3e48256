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
 */
import type { UnitRecord } from '../model/fleetModel.ts';

/** Initial capacity in slots; doubled as the model's slots grow (10,000 units: 16,384). */
const INITIAL_SLOTS = 1_024;

export class AspectMasks {
  private masks = new Int32Array(INITIAL_SLOTS);

  /** ORs `bits` into the unit's mask. */
  add(unit: UnitRecord, bits: number): void {
    const slot = unit.slot;
    if (slot >= this.masks.length) this.grow(slot);
    this.masks[slot] = (this.masks[slot] as number) | bits;
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

  /** Every mask to 0 (a snapshot load: the reset diff sends every unit whole). */
  clear(): void {
    this.masks.fill(0);
  }

  private grow(slot: number): void {
    let length = this.masks.length * 2;
    while (length <= slot) length *= 2;
    const grown = new Int32Array(length);
    grown.set(this.masks);
    this.masks = grown;
  }
}
