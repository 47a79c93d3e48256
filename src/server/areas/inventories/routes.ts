/**
 * The inventories area's routes: one `defineRoute` per endpoint of
 * src/protocol/rest/inventories.ts, HTTP only. Reading is for the admin set (their inventories;
 * a super user every one: inventories.read), writing for the super user (inventories.admin, spec
 * 002 §2: inventories are a tab of the system entities). The inventory a call names is checked by
 * the scope before the handler runs (unknown and foreign ids: the same 404).
 */
import { defineRoute, type RouteDefinition } from '../../http/route.ts';
import { ownInventory, SYSTEM, TENANT } from '../../http/scope.ts';
import { pageRequest } from '../../../protocol/rest/common.ts';
import * as api from '../../../protocol/rest/inventories.ts';
import { INVENTORY_SEARCH_KEYS, INVENTORY_SORT_KEYS, type InventorySearchKey, type InventorySortKey } from '../../../protocol/rest/inventories.ts';
import { DEFAULT_SEARCH_KEY, GRID_PAGE_SIZE } from '../../../domain/constants.ts';
import type { RouteDeps } from '../deps.ts';
import { InventoryService } from './service.ts';

type PageInput = Parameters<typeof pageRequest<InventorySearchKey, InventorySortKey>>[0];

export function inventoryRoutes(deps: RouteDeps): RouteDefinition[] {
  const inventories = new InventoryService(deps.store, deps.fleet, deps.now);
  const page = (query: PageInput) => pageRequest(query, INVENTORY_SEARCH_KEYS, INVENTORY_SORT_KEYS);

  return [
    defineRoute(api.listInventories, { access: 'inventories.read', scope: TENANT, handler: ({ query, tenancy }) => inventories.rowPage(tenancy, page(query)) }),
    defineRoute(api.listEnhancedInventories, { access: 'inventories.read', scope: TENANT, handler: ({ query, tenancy }) => inventories.page(tenancy, page(query)) }),
    defineRoute(api.countInventories, {
      access: 'inventories.read',
      scope: TENANT,
      handler: ({ query, tenancy }) => inventories.count(tenancy, query.searchKey ?? DEFAULT_SEARCH_KEY, query.searchValue ?? ''),
    }),
    defineRoute(api.getInventory, { access: 'inventories.read', scope: ownInventory('params.id'), handler: ({ scoped }) => inventories.row(scoped.inventory.id) }),
    defineRoute(api.createInventory, { access: 'inventories.admin', scope: SYSTEM, handler: ({ body }) => inventories.create(body) }),
    defineRoute(api.updateInventory, { access: 'inventories.admin', scope: ownInventory('params.id'), handler: ({ body, scoped }) => inventories.update(scoped.inventory, body) }),
    defineRoute(api.deleteInventory, { access: 'inventories.admin', scope: ownInventory('params.id'), handler: ({ scoped }) => inventories.remove(scoped.inventory) }),
    defineRoute(api.getInventoryProperties, { access: 'inventories.read', scope: ownInventory('params.id'), handler: ({ scoped }) => inventories.properties(scoped.inventory) }),
    defineRoute(api.setInventoryProperties, {
      access: 'inventories.admin',
      scope: ownInventory('params.id'),
      handler: ({ body, scoped }) => inventories.setProperties(scoped.inventory, body),
    }),
    defineRoute(api.serviceableDevices, {
      access: 'inventories.read',
      scope: ownInventory('params.id'),
      handler: ({ query, scoped }) => inventories.serviceable(scoped.inventory, query.limit ?? GRID_PAGE_SIZE, query.offset ?? 0),
    }),
    defineRoute(api.linkInventoryVrChannel, {
      access: 'inventories.admin',
      scope: ownInventory('params.id'),
      handler: ({ params, scoped }) => inventories.linkVrChannel(scoped.inventory, params.cid),
    }),
    defineRoute(api.unlinkInventoryVrChannel, {
      access: 'inventories.admin',
      scope: ownInventory('params.id'),
      handler: ({ params, scoped }) => inventories.unlinkVrChannel(scoped.inventory, params.cid),
    }),
  ];
}
