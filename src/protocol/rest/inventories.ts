/**
 * The inventories area's calls (spec 001 §3 Inventory, §7 "Admin inventories"; 002 §3). An
 * inventory is a customer's pool of units, channels, servers and users; groups live inside one.
 */
import { Schema } from 'effect';
import { endpoint } from './endpoint.ts';
import { EpochMs, Id, IdParams, Page, PageQuery } from './common.ts';

const TAGS = ['inventories'] as const;

/** An inventory as the admin list shows it. */
export const InventoryRow = Schema.Struct({
  id: Id,
  name: Schema.String,
  region: Schema.String,
  customer: Schema.String,
  parentId: Schema.NullOr(Id),
  parentName: Schema.NullOr(Schema.String),
  groupCount: Schema.Int,
  unitCount: Schema.Int,
  userCount: Schema.Int,
  createdAt: EpochMs,
});
export type InventoryRow = typeof InventoryRow.Type;

export const INVENTORY_SEARCH_KEYS = ['name', 'customer', 'region'] as const;
export const INVENTORY_SORT_KEYS = ['name', 'customer', 'region', 'unitCount', 'createdAt'] as const;
export type InventorySearchKey = (typeof INVENTORY_SEARCH_KEYS)[number];
export type InventorySortKey = (typeof INVENTORY_SORT_KEYS)[number];

export const listInventories = endpoint({
  method: 'GET',
  path: 'v2/admin/inventories',
  summary: 'Inventories the caller administers (every inventory for a super user), paged, searched and sorted',
  tags: TAGS,
  query: PageQuery(INVENTORY_SEARCH_KEYS, INVENTORY_SORT_KEYS),
  response: Page(InventoryRow),
});

export const getInventory = endpoint({ method: 'GET', path: 'v2/admin/inventories/{id}', summary: 'One inventory', tags: TAGS, params: IdParams, response: InventoryRow });
