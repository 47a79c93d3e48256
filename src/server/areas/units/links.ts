/**
 * Inventory and group links of units (spec 000 §7 "Inventory and group links"): link a unit to an
 * inventory or a group, unlink it, list its inventory and group, and remove an ad-hoc LU-Smart /
 * LU-Lite unit. A unit has one inventory and at most one group (the stored columns); every move is
 * announced (ownership.ts) so its events follow it to the new group.
 */
import { unitTypeGroup } from '../../../domain/units/productTypes.ts';
import { GRID_PAGE_SIZE } from '../../../domain/constants.ts';
import type { UnitView } from '../../../protocol/rest/units.ts';
import type { Inventory } from '../inventories/repo.ts';
import type { Group } from '../groups/repo.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { StoredUnit, UnitPatch } from './repo.ts';
import type { UnitDeps } from './live.ts';
import { announceUnitOwnership, relink } from './ownership.ts';
import { unitView } from './views.ts';

/** Ours: ad-hoc removal applies to the ad-hoc device kinds (LU-Smart and LU-Lite, spec 000 §2 "add LU-Smart or LU-Lite (ad-hoc)"). */
export const NOT_ADHOC_MESSAGE = 'Only LU-Smart and LU-Lite units can be removed as ad-hoc units';

const shown = (id: string): string => id.slice(0, 64);

/** One page of a list of at most one entry (a unit's inventory, its group). */
function pageOf<T>(items: readonly T[], range: { readonly limit?: number; readonly offset?: number }) {
  const limit = range.limit ?? GRID_PAGE_SIZE;
  const offset = range.offset ?? 0;
  return { total: items.length, limit, offset, items: items.slice(offset, offset + limit) };
}

/** Into an inventory: the unit leaves a group of another inventory. */
export async function linkToInventory(deps: UnitDeps, inventory: Inventory, unit: StoredUnit): Promise<UnitView> {
  const group = unit.groupId === null ? undefined : await deps.store.groups.get(unit.groupId);
  const patch: UnitPatch = { inventoryId: inventory.id, ...(group !== undefined && group.inventoryId !== inventory.id ? { groupId: null } : {}) };
  return unitView(deps, await relink(deps, unit, patch));
}

/** Out of its inventory (and its group). */
export async function unlinkFromInventory(deps: UnitDeps, inventory: Inventory, unit: StoredUnit): Promise<UnitView> {
  if (unit.inventoryId !== inventory.id) throw notFound(`Unit '${unit.uid}' is not in inventory '${shown(inventory.id)}'`);
  return unitView(deps, await relink(deps, unit, { inventoryId: null, groupId: null }));
}

/** Into a group: the unit takes the group's inventory. */
export async function linkToGroup(deps: UnitDeps, groupId: string, unit: StoredUnit): Promise<UnitView> {
  const group = await deps.store.groups.get(groupId);
  if (group === undefined) throw notFound(`Group '${shown(groupId)}' not found`);
  return unitView(deps, await relink(deps, unit, { groupId: group.id, inventoryId: group.inventoryId }));
}

/** Out of a group: the unit stays in its inventory. */
export async function unlinkFromGroup(deps: UnitDeps, groupId: string, unit: StoredUnit): Promise<UnitView> {
  if (unit.groupId !== groupId) throw notFound(`Unit '${unit.uid}' is not in group '${shown(groupId)}'`);
  return unitView(deps, await relink(deps, unit, { groupId: null }));
}

export async function inventoriesOfUnit(deps: UnitDeps, unit: StoredUnit, range: { readonly limit?: number; readonly offset?: number }) {
  const inventory = unit.inventoryId === null ? undefined : await deps.store.inventories.get(unit.inventoryId);
  return pageOf(inventory === undefined ? [] : [{ id: inventory.id, name: inventory.name }], range);
}

export async function groupsOfUnit(deps: UnitDeps, unit: StoredUnit, range: { readonly limit?: number; readonly offset?: number }) {
  const group: Group | undefined = unit.groupId === null ? undefined : await deps.store.groups.get(unit.groupId);
  return pageOf(group === undefined ? [] : [{ uid: group.id, name: group.name, inventoryId: group.inventoryId }], range);
}

/** The caller's groups in the unit's inventory: where the unit may be linked. */
export async function linkableGroups(deps: UnitDeps, userId: string, unit: StoredUnit) {
  return (await deps.store.groups.forUser(userId))
    .filter((g) => g.inventoryId === unit.inventoryId)
    .map((g) => ({ uid: g.uid, name: g.name, inventoryId: g.inventoryId, linked: g.uid === unit.groupId }));
}

/** Removes an ad-hoc LU-Smart or LU-Lite unit of the group from the store and the fleet. */
export async function removeAdhocUnit(deps: UnitDeps, groupId: string, unit: StoredUnit): Promise<{ uid: string; removed: true }> {
  if (unit.groupId !== groupId) throw notFound(`Unit '${unit.uid}' not found`);
  const kind = unitTypeGroup(unit.type);
  if (kind !== 'smartUnits' && kind !== 'liteUnits') throw conflict(NOT_ADHOC_MESSAGE);
  await deps.store.units.delete(unit.uid);
  await deps.fleet.get()?.fleet.removeUnit(unit.uid);
  await announceUnitOwnership(deps, unit.uid);
  return { uid: unit.uid, removed: true };
}
