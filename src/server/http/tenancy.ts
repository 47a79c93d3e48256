/**
 * Tenancy: which inventories and groups a signed-in user may see. Two ways in (spec 002 §3: a user
 * has inventories and groups):
 * - operating: the groups the user belongs to (their units, channels, the live stream);
 * - administering: everything in the user's inventories (a user's own inventories plus those of
 *   their groups), for the admin screens (groups, users of an inventory).
 * A super user sees every inventory and group (spec 002 §6 super user checks: the system area
 * lists all of them).
 */
import { isSuperUser } from '../../domain/roles/roleSets.ts';
import type { RequestAuth } from './requestAuth.ts';

export interface Tenancy {
  /** True for a super user: every inventory and group. */
  readonly all: boolean;
  /** Groups the user belongs to. */
  readonly groupIds: ReadonlySet<string>;
  /** The user's inventories and those of their groups. */
  readonly inventoryIds: ReadonlySet<string>;
}

/** What the tenancy is built from (the session's groups, the store's inventories of the user). */
export interface TenancySource {
  inventoryIdsOfUser(userId: string): Promise<readonly string[]>;
}

export async function tenancyOf(auth: RequestAuth, source: TenancySource): Promise<Tenancy> {
  const all = isSuperUser(auth.roles);
  return {
    all,
    groupIds: new Set(auth.principal.groupIds),
    inventoryIds: new Set(await source.inventoryIdsOfUser(auth.user.id)),
  };
}

/** May administer the inventory (see its groups, users, units). */
export function seesInventory(tenancy: Tenancy, inventoryId: string | null | undefined): boolean {
  if (inventoryId === null || inventoryId === undefined) return tenancy.all;
  return tenancy.all || tenancy.inventoryIds.has(inventoryId);
}

/** May administer the group: a member, or the group is in one of the user's inventories. */
export function administersGroup(tenancy: Tenancy, group: { readonly id: string; readonly inventoryId: string }): boolean {
  return tenancy.all || tenancy.groupIds.has(group.id) || tenancy.inventoryIds.has(group.inventoryId);
}

/**
 * The inventories a listing is limited to: null for a super user (no limit), else the user's
 * inventories (possibly none, which lists nothing).
 */
export function inventoryFilter(tenancy: Tenancy): readonly string[] | null {
  return tenancy.all ? null : [...tenancy.inventoryIds];
}
