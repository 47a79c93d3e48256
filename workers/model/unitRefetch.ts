/**
 * A unit refetched over REST after a revision gap or an event for a unit the model does not hold
 * (fleetModel.ts reports them as `gap` / `unknownEntity`). The answer replaces the unit whole when
 * it is newer than what the model holds; it is a fact about the unit, not an event, so it counts
 * no transition and no event (like a snapshot load).
 *
 * Races with the stream, resolved by rev (`repair`: the unit missed revs and must be rebuilt whole):
 * - found at rev r: applied when r is above the rev the unit was removed at, or when the unit is
 *   held and r is above its rev (or equal, when repairing: same rev, but the missed aspects are
 *   only in the answer). An answer older than the model's unit is 'older': events overtook it, and
 *   a repair asks again (the missed aspects are still missing);
 * - not found (removed, or no longer in the user's groups; the answer has no rev): the unit is
 *   removed only when its rev did not move since the request was made (`revAtRequest`), else the
 *   answer is 'older' than the events that moved it.
 */
import { applyCounterChange } from '../../src/domain/units/counters.ts';
import type { UnitSnapshot } from '../../src/protocol/snapshot.ts';
import type { FleetModel } from './fleetModel.ts';
import { deleteUnit, insertUnit } from './fleetModel.ts';

export type UnitFetchResult = { readonly found: true; readonly entry: UnitSnapshot } | { readonly found: false };

/** The rev the model holds for a unit: present, removed, or unknown (undefined). */
export function unitRevOf(model: FleetModel, unitId: string): number | undefined {
  return model.units.get(unitId)?.rev ?? model.removedRevs.get(unitId);
}

/** Removes a unit the model holds (counters, changed set), remembering the rev it was removed at. */
export function dropUnit(model: FleetModel, unitId: string): boolean {
  const unit = model.units.get(unitId);
  if (unit === undefined) return false;
  applyCounterChange(model.counters, unit.counted, undefined);
  deleteUnit(model, unit);
  model.removedRevs.set(unitId, unit.rev);
  model.pending.units.add(unitId);
  return true;
}

export type UnitFetchOutcome = 'applied' | 'older' | 'ignored';

/** Applies a refetch answer (see the header for the rules). */
export function applyUnitFetch(
  model: FleetModel,
  unitId: string,
  result: UnitFetchResult,
  revAtRequest: number | undefined,
  repair: boolean,
): UnitFetchOutcome {
  const current = model.units.get(unitId);
  if (!result.found) {
    if (current === undefined) return 'ignored';
    if (current.rev !== revAtRequest) return 'older';
    dropUnit(model, unitId);
    return 'applied';
  }
  const { entry } = result;
  if (current === undefined) {
    const removedRev = model.removedRevs.get(unitId);
    if (removedRev !== undefined && entry.rev <= removedRev) return 'ignored';
  } else {
    if (entry.rev < current.rev) return 'older';
    if (entry.rev === current.rev && !repair) return 'ignored';
    applyCounterChange(model.counters, current.counted, undefined);
    deleteUnit(model, current);
  }
  insertUnit(model, unitId, entry.rev, entry.unit, { speedTest: entry.speedTest, social: entry.social, camera: entry.camera });
  return 'applied';
}
