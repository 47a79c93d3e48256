/**
 * The replay's way from an event to its unit's record without a Map lookup of the id per event
 * (issue 15 item 5, docs/performance.md §1 round p13): the parallel summary reader names each
 * event's id by a small number (LogReader.idKeysOf: the same number for the same id throughout the
 * log), and this keeps the record last found for each number in an array.
 *
 * A kept record is still the model's record for its id exactly when it still holds its slot
 * (`model.slots.held[record.slot] === record`: insertUnit and deleteUnit set and clear the slot
 * together with the Map entry, clearUnits clears both), so the answer is always
 * `model.units.get(id)`; the model's rules then run as applyEvent runs them
 * (applyUnitAspectEvent: the same result and the same model afterwards).
 *
 * Why: in the replay's one pass over a log the model's lookup of the id was its costliest line
 * (the Map's entry and the string's bytes out of cache after each chunk's scanning): ~20 % of the
 * main thread's samples at 10k units in round p12's profile.
 */
import type { Envelope } from '../src/protocol/envelope.ts';
import type { ApplyResult, FleetModel, UnitRecord } from '../workers/model/fleetModel.ts';
import { applyEvent, applyUnitAspectEvent, isUnitAspectEvent } from '../workers/model/fleetModel.ts';

export class UnitLookup {
  private readonly model: FleetModel;
  /** The record last found for each id key (undefined: none yet, or the id had no unit then). */
  private readonly byKey: (UnitRecord | undefined)[] = [];

  constructor(model: FleetModel) {
    this.model = model;
  }

  /** model.units.get(id), where `key` is id's key (LogReader.idKeysOf). */
  unit(key: number, id: string): UnitRecord | undefined {
    const byKey = this.byKey;
    const kept = byKey[key];
    if (kept !== undefined && this.model.slots.held[kept.slot] === kept) return kept;
    const unit = this.model.units.get(id);
    // Grown one element at a time: a write far past the end would turn the array into a dictionary.
    while (byKey.length <= key) byKey.push(undefined);
    byKey[key] = unit;
    return unit;
  }

  /** applyEvent(model, event), the unit's record found by `key` (event.id's key). */
  apply(event: Envelope, key: number): ApplyResult {
    if (isUnitAspectEvent(event)) return applyUnitAspectEvent(this.model, event, this.unit(key, event.id));
    return applyEvent(this.model, event);
  }
}
