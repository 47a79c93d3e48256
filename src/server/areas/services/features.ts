/**
 * Inventory feature flags enforced on the calls they name (spec 000 §6, 001 §6 "Feature flags per
 * inventory: map view, reboot, ... social media ..."; the refusal is spec 001 §8 "Feature disabled").
 * Enforced: reboot (LuReboot) and social media (streaming to a social network). A unit in no
 * inventory has no flags to read and is not refused (ours: the flag belongs to an inventory).
 */
import { ERRORS } from '../../../domain/errors.ts';
import type { InventoryFeatureFlag } from '../../../domain/roles/roleSets.ts';
import { forbidden } from '../../http/errors.ts';
import type { RouteDeps } from '../deps.ts';

/** 403 "Feature disabled" when the unit's inventory does not have the flag on. */
export async function requireInventoryFeature(deps: Pick<RouteDeps, 'store'>, unit: { readonly inventoryId: string | null }, flag: InventoryFeatureFlag): Promise<void> {
  if (unit.inventoryId === null) return;
  const inventory = await deps.store.inventories.get(unit.inventoryId);
  if (inventory !== undefined && !inventory.features.includes(flag)) throw forbidden(ERRORS.generic.featureDisabled);
}
