/**
 * The inventories tab's calls, each through `call(endpoint)` (src/api/call.ts): the answer is
 * decoded with the endpoint's Schema, a refusal carries its field messages. Query keys live here
 * so that a write invalidates exactly the lists it changes (an auto group is a new group, so the
 * groups lists are stale too).
 */
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call.ts';
import type { PageRequest } from '../../../protocol/rest/common.ts';
import * as inventories from '../../../protocol/rest/inventories.ts';
import type { InventoryChanges, InventoryDetails, InventorySearchKey, InventorySortKey, NewInventory } from '../../../protocol/rest/inventories.ts';
import { listInventoryGroups } from '../../../protocol/rest/groups.ts';
import { groupKeys } from '../../groups/queries.ts';

/** Most inventories the parent picker offers (ours: a super user's whole list fits one page). */
const PARENT_OPTIONS_LIMIT = 500;

export const inventoryKeys = {
  all: ['inventories'] as const,
  list: ['inventories', 'list'] as const,
  parents: ['inventories', 'parents'] as const,
  groups: (id: string) => ['inventories', 'groups', id] as const,
};

export const fetchInventoryPage = (request: PageRequest<InventorySearchKey, InventorySortKey>, signal: AbortSignal) =>
  call(inventories.listEnhancedInventories, { query: request }, { signal });

export const createInventory = (body: NewInventory): Promise<InventoryDetails> => call(inventories.createInventory, { body });

export const updateInventory = (id: string, body: InventoryChanges): Promise<InventoryDetails> => call(inventories.updateInventory, { params: { id }, body });

export const deleteInventory = (id: string) => call(inventories.deleteInventory, { params: { id } });

/** Every inventory with its parent, for the parent picker and the form's loop check. */
export async function parentOptions(signal: AbortSignal): Promise<{ id: string; name: string; parentId: string | null }[]> {
  const page = await call(inventories.listInventories, { query: { limit: PARENT_OPTIONS_LIMIT } }, { signal });
  return page.items.map((inventory) => ({ id: inventory.id, name: inventory.name, parentId: inventory.parentId }));
}

/** One page of an inventory's groups, by name. */
export const inventoryGroupsPage = (id: string, offset: number, limit: number, signal: AbortSignal) =>
  call(listInventoryGroups, { params: { id }, query: { offset, limit } }, { signal });

/** After a write: every inventory list, and the groups lists (an auto group is a new group). */
export async function invalidateInventories(queryClient: QueryClient): Promise<void> {
  await Promise.all([queryClient.invalidateQueries({ queryKey: inventoryKeys.all }), queryClient.invalidateQueries({ queryKey: groupKeys.all })]);
}
