/**
 * Unit ownership (a unit moving between groups or inventories, created or deleted): after the
 * write, the service tells whoever follows ownership (the websocket's topic authority subscribes
 * to deps.ownership), so its events follow the unit. No route refreshes the authority by hand.
 */
import type { StoredUnit, UnitPatch } from './repo.ts';
import type { UnitDeps } from './live.ts';
import { notFound } from '../../http/errors.ts';

/** Announces where a unit is now: its stored group and inventory, or removed. */
export async function announceUnitOwnership(deps: UnitDeps, uid: string): Promise<void> {
  const unit = await deps.store.units.get(uid);
  deps.ownership.emit(
    unit === undefined
      ? { kind: 'unit', uid, groupId: null, inventoryId: null, removed: true }
      : { kind: 'unit', uid, groupId: unit.groupId, inventoryId: unit.inventoryId },
  );
}

/** Writes a change of a unit's group or inventory, then announces it. */
export async function relink(deps: UnitDeps, unit: StoredUnit, patch: UnitPatch): Promise<StoredUnit> {
  const result = await deps.store.units.update(unit.uid, patch, deps.now());
  if (!result.ok) throw notFound(`Unit '${unit.uid}' not found`);
  await announceUnitOwnership(deps, unit.uid);
  return result.unit;
}
