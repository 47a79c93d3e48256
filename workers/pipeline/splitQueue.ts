/**
 * The units of a split change waiting for the next diffs (fleetPipeline.ts buildDiff: a change of
 * more than MAX_UNITS_PER_DIFF units goes out in parts), in the order they were queued, each with
 * the aspect mask it goes out with.
 *
 * Why by slot (issue 15 item 2, docs/performance.md §3p): this was a Map keyed by unit id. At
 * saturation every diff is a split, and each unit went through a Map set, a `has` per hot change
 * while the split lasts, an iteration step, a delete and a model lookup by id: ~45 % of buildDiff's
 * self time in a profile of the Chromium worker behind its stream. Here a held unit is queued by
 * its slot (UnitRecord.slot): its mask and record sit in arrays indexed by it, and the queue's
 * order is an array of slots; a unit no longer held when queued (it goes out as removed) is queued
 * by id beside them.
 *
 * A slot's record is kept with its mask because a queued unit may be deleted from the model and
 * its slot reused while it waits: such an entry is dropped when its turn comes (the pipeline sends
 * the removal, and any unit added since, after the split, from the model's pending set: `has` is
 * false for it, so a change of that id waits there).
 */
import type { UnitRecord } from '../model/fleetModel.ts';

export class SplitQueue {
  /** By slot: the mask the queued unit goes out with (meaningful while `records` holds it). WHOLE_VIEW (2^30) fits an Int32. */
  private masks = new Int32Array(1_024);
  /**
   * By slot: the record queued there, undefined once taken (the slot's holder in the model may have
   * changed since). As long as `masks` and filled to it: a store far past an array's end would turn
   * it into a dictionary.
   */
  private readonly records: (UnitRecord | undefined)[] = new Array<UnitRecord | undefined>(1_024).fill(undefined);
  /** The queue's order: a slot (≥ 0), or −1 − k for `removedIds[k]`. Entries before `head` are gone. */
  private order: number[] = [];
  private removedIds: string[] = [];
  private head = 0;

  /** Entries waiting (an entry whose unit left the model meanwhile counts until its turn drops it). */
  get size(): number {
    return this.order.length - this.head;
  }

  /** True when `unit` (this record, in its slot) is waiting. */
  has(unit: UnitRecord): boolean {
    const slot = unit.slot;
    return slot < this.records.length && this.records[slot] === unit;
  }

  /**
   * Queues a unit last (`unit` undefined: no longer held, it goes out as removed). A held unit must
   * not be queued already (the pipeline queues only while no split is under way, each unit once).
   */
  push(id: string, unit: UnitRecord | undefined, mask: number): void {
    if (unit === undefined) {
      this.order.push(-1 - this.removedIds.length);
      this.removedIds.push(id);
      return;
    }
    const slot = unit.slot;
    if (slot >= this.masks.length) this.grow(slot);
    this.masks[slot] = mask;
    this.records[slot] = unit;
    this.order.push(slot);
  }

  /** Adds `mask` to a waiting unit's (has(unit) must be true): it goes out in its place in the queue. */
  merge(unit: UnitRecord, mask: number): void {
    this.masks[unit.slot] = (this.masks[unit.slot] as number) | mask;
  }

  /**
   * Takes the entries in order, each handed to `place` (`unit` undefined: it goes out as removed),
   * until `count` units are taken or the queue is empty; returns how many were taken. `held` is the
   * model's slots (FleetModel.slots.held): an entry whose slot holds another record now is dropped.
   */
  take(count: number, held: readonly (UnitRecord | undefined)[], place: (id: string, unit: UnitRecord | undefined, mask: number) => void): number {
    let taken = 0;
    while (taken < count && this.head < this.order.length) {
      const entry = this.order[this.head] as number;
      this.head += 1;
      let id: string;
      let unit: UnitRecord | undefined;
      let mask: number;
      if (entry < 0) {
        id = this.removedIds[-1 - entry] as string;
        unit = undefined;
        mask = 0;
      } else {
        const record = this.records[entry];
        mask = this.masks[entry] as number;
        this.records[entry] = undefined;
        if (record === undefined || held[entry] !== record) continue; // left the model while waiting
        id = record.id;
        unit = record;
      }
      place(id, unit, mask);
      taken += 1;
    }
    if (this.head === this.order.length) this.clear();
    return taken;
  }

  /** Drops every entry (a snapshot was loaded: every unit goes whole anyway). */
  clear(): void {
    for (let index = this.head; index < this.order.length; index += 1) {
      const entry = this.order[index] as number;
      if (entry >= 0) this.records[entry] = undefined;
    }
    this.order.length = 0;
    this.removedIds.length = 0;
    this.head = 0;
  }

  private grow(slot: number): void {
    const length = Math.max(slot + 1, this.masks.length * 2);
    const next = new Int32Array(length);
    next.set(this.masks);
    this.masks = next;
    for (let index = this.records.length; index < length; index += 1) this.records.push(undefined);
  }
}
