/**
 * The unit record of each wire ref (docs/protocol.md "Binary frames" version 2), kept as the slot
 * the record had when the ref was last resolved (UnitRecord.slot, the model's `slots.held`).
 *
 * Why (issue 15 item 2, docs/performance.md §3e): with version 1 each event's id was a fresh string
 * that the session interned (one hash lookup) and the pipeline looked up in the model's unit map
 * (another); on a 10,000-unit fleet each is a few cache misses. Version 2 names the entity by a
 * small integer per connection, so the record is found with two array reads and one id compare.
 *
 * Always correct, never invalidated: the cached slot is only a hint. The record it names is used
 * only when it is still held and has the event's id (a removed unit's slot is free or reused by
 * another unit; a snapshot load restarts the slots; after a reconnect or a table restart the same
 * ref may name another id); otherwise the id is looked up in the unit map and the hint replaced.
 */
import type { FleetModel, UnitRecord } from '../model/fleetModel.ts';

/** Initial capacity in refs; doubled as refs grow (a 10,000-unit group: 16,384). */
const INITIAL_REFS = 1_024;
/** No slot known for this ref. */
const NONE = -1;

export class RecordsByRef {
  private slots = new Int32Array(INITIAL_REFS).fill(NONE);

  /** The model's record of `id` (undefined: not held), found through `ref`'s cached slot when it still fits. */
  unitOf(model: FleetModel, id: string, ref: number): UnitRecord | undefined {
    if (ref >= this.slots.length) this.grow(ref);
    const slot = this.slots[ref] as number;
    if (slot !== NONE) {
      const held = model.slots.held[slot];
      if (held !== undefined && held.id === id) return held;
    }
    const unit = model.units.get(id);
    this.slots[ref] = unit === undefined ? NONE : unit.slot;
    return unit;
  }

  private grow(ref: number): void {
    const next = new Int32Array(Math.max(ref + 1, this.slots.length * 2)).fill(NONE);
    next.set(this.slots);
    this.slots = next;
  }
}
