/**
 * The inventories area's SQL, one code for SQLite and PostgreSQL (Kysely). The admin listing reads
 * each inventory with its parent's name and what it holds (groups, units, users); the rules are
 * the domain's (src/domain/inventories.ts) and the service's.
 */
import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { Database, InventoriesTable } from '../../store/schema.ts';
import { asciiLower, containsText, lowerOf, parseJsonColumn, toFlag, type Db } from '../../store/queries.ts';
import type { PageRequest } from '../../../protocol/rest/common.ts';
import type { DefaultSwVersions, InventoryDetails, InventoryProperties, InventoryRow, InventorySearchKey, InventorySortKey } from '../../../protocol/rest/inventories.ts';
import { featureSwitchesOf } from '../../../domain/inventories.ts';

export interface Inventory {
  id: string;
  name: string;
  region: string;
  customer: string;
  parentId: string | null;
  /** Feature flags per inventory (spec 000 §6): the names of those that are on (map view, reboot, lux, ...). */
  features: string[];
  createdAt: number;
}

/** What an inventory has beyond the basics (migrations 0004, 0005); each defaults when left out. */
export interface InventorySettings {
  /** A group named after the inventory was created with it. */
  autoGroup: boolean;
  sipServer: string;
  /** '' = the console's own sign-in. */
  identityProvider: string;
  /** null = no limit. */
  userLicences: number | null;
  properties: Record<string, string>;
  /** Unit type group → dotted version. */
  defaultSwVersions: Partial<Record<string, string>>;
}

export type NewInventoryRecord = Inventory & Partial<InventorySettings>;

/** Fields an update may change; absent fields stay as stored. */
export type InventoryPatch = Partial<Omit<Inventory, 'id' | 'createdAt'> & InventorySettings>;

/** A page of some rows and how many match in all. */
export interface Rows<T> {
  total: number;
  items: T[];
}

/** Which inventories a listing covers: these ids (null: every inventory). */
export interface InventoryListing extends PageRequest<InventorySearchKey, InventorySortKey> {
  inventoryIds: readonly string[] | null;
}

/** What an inventory holds, for the deletion rule. */
export interface InventoryHoldings {
  groupCount: number;
  unitCount: number;
  userCount: number;
}

/** A unit of an inventory as the serviceable listing starts from (its live state is the fleet's). */
export interface InventoryUnit {
  id: string;
  name: string;
  type: string;
  serial: string;
  swVersion: string;
  groupId: string | null;
  groupName: string | null;
}

const toInventory = (r: Selectable<InventoriesTable>): Inventory => ({
  id: r.id,
  name: r.name,
  region: r.region,
  customer: r.customer,
  parentId: r.parent_id,
  features: parseJsonColumn<string[]>(r.features_json, []),
  createdAt: r.created_at,
});

type Eb = ExpressionBuilder<Database & { i: InventoriesTable }, 'i'>;

/** How many groups, units name the inventory `i`. */
const countOf = (eb: Eb, table: 'groups' | 'units') =>
  eb.selectFrom(table).select((inner) => inner.fn.countAll<number>().as('n')).whereRef(`${table}.inventory_id`, '=', 'i.id');

/**
 * How many users belong to the inventory `i`: named in user_inventories, or members of one of its
 * groups (the tenancy reads both, src/server/areas/users/repo.ts inventoryIdsOfUser); each once.
 */
const userCountOf = () =>
  sql<number>`(select count(*) from users u where exists (select 1 from user_inventories ui where ui.user_id = u.id and ui.inventory_id = i.id)
    or exists (select 1 from user_groups ug join groups gu on gu.id = ug.group_id where ug.user_id = u.id and gu.inventory_id = i.id))`;

const SEARCH_COLUMNS: Record<InventorySearchKey, string> = { name: 'i.name', customer: 'i.customer', region: 'i.region' };

export class InventoryRepo {
  constructor(private readonly db: Db) {}

  async insert(inv: NewInventoryRecord): Promise<void> {
    await this.db
      .insertInto('inventories')
      .values({
        id: inv.id,
        name: inv.name,
        region: inv.region,
        customer: inv.customer,
        parent_id: inv.parentId,
        features_json: JSON.stringify(inv.features),
        created_at: inv.createdAt,
        auto_group: toFlag(inv.autoGroup ?? false),
        sip_server: inv.sipServer ?? '',
        identity_provider: inv.identityProvider ?? '',
        user_licences: inv.userLicences ?? null,
        properties_json: JSON.stringify(inv.properties ?? {}),
        default_sw_versions_json: JSON.stringify(inv.defaultSwVersions ?? {}),
      })
      .execute();
  }

  async get(id: string): Promise<Inventory | undefined> {
    const row = await this.db.selectFrom('inventories').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toInventory(row);
  }

  /** True when another inventory than `exceptId` has the name, without case (as the console compares names). */
  async nameTaken(name: string, exceptId: string | null): Promise<boolean> {
    let query = this.db.selectFrom('inventories').select('id').where(lowerOf('name'), '=', asciiLower(name.trim()));
    if (exceptId !== null) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async list(): Promise<Inventory[]> {
    const rows = await this.db.selectFrom('inventories').selectAll().orderBy('name').execute();
    return rows.map(toInventory);
  }

  async count(): Promise<number> {
    const row = await this.db.selectFrom('inventories').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The admin listing's rows: every column, the parent's name and what the inventory holds. */
  private rows() {
    return this.db
      .selectFrom('inventories as i')
      .leftJoin('inventories as p', 'p.id', 'i.parent_id')
      .selectAll('i')
      .select((eb) => [
        'p.name as parent_name',
        countOf(eb as unknown as Eb, 'groups').as('group_count'),
        countOf(eb as unknown as Eb, 'units').as('unit_count'),
        userCountOf().as('user_count'),
      ]);
  }

  private listed(listing: Pick<InventoryListing, 'inventoryIds' | 'searchKey' | 'searchValue'>) {
    let query = this.rows();
    if (listing.inventoryIds !== null) query = query.where('i.id', 'in', [...listing.inventoryIds]);
    if (listing.searchValue !== '') query = query.where(containsText(SEARCH_COLUMNS[listing.searchKey], listing.searchValue));
    return query;
  }

  /** How many inventories match (the ids and the search of a listing). */
  async countMatching(listing: Pick<InventoryListing, 'inventoryIds' | 'searchKey' | 'searchValue'>): Promise<number> {
    if (listing.inventoryIds !== null && listing.inventoryIds.length === 0) return 0;
    let query = this.db.selectFrom('inventories as i').select((eb) => eb.fn.countAll<number>().as('n'));
    if (listing.inventoryIds !== null) query = query.where('i.id', 'in', [...listing.inventoryIds]);
    if (listing.searchValue !== '') query = query.where(containsText(SEARCH_COLUMNS[listing.searchKey], listing.searchValue));
    const row = await query.executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** One page, searched without case, sorted (texts without case; counts and times as numbers), then by name and id. */
  async page(listing: InventoryListing): Promise<Rows<InventoryDetails>> {
    if (listing.inventoryIds !== null && listing.inventoryIds.length === 0) return { total: 0, items: [] };
    const query = this.listed(listing);
    const total = await this.countMatching(listing);
    const direction = listing.sortDir;
    const byName = lowerOf('i.name');
    const sorted = (() => {
      switch (listing.sortBy) {
        case 'name':
          return query.orderBy(byName, direction);
        case 'customer':
          return query.orderBy(lowerOf('i.customer'), direction).orderBy(byName);
        case 'region':
          return query.orderBy(lowerOf('i.region'), direction).orderBy(byName);
        case 'parentName':
          // No parent sorts as '' (first ascending), on both engines.
          return query.orderBy(sql`lower(coalesce(p.name, ''))`, direction).orderBy(byName);
        case 'groupCount':
          return query.orderBy('group_count', direction).orderBy(byName);
        case 'unitCount':
          return query.orderBy('unit_count', direction).orderBy(byName);
        case 'userCount':
          return query.orderBy('user_count', direction).orderBy(byName);
        case 'createdAt':
          return query.orderBy('i.created_at', direction).orderBy(byName);
      }
    })();
    const rows = await sorted.orderBy('i.id').limit(listing.limit).offset(listing.offset).execute();
    return { total, items: rows.map(toDetails) };
  }

  async details(id: string): Promise<InventoryDetails | undefined> {
    const row = await this.rows().where('i.id', '=', id).executeTakeFirst();
    return row && toDetails(row);
  }

  async row(id: string): Promise<InventoryRow | undefined> {
    const details = await this.details(id);
    return details && rowOf(details);
  }

  /** Each inventory's parent id (null for a top-level one), for the loop check of a new parent. */
  async parentMap(): Promise<Map<string, string | null>> {
    const rows = await this.db.selectFrom('inventories').select(['id', 'parent_id']).execute();
    return new Map(rows.map((r) => [r.id, r.parent_id]));
  }

  async update(id: string, patch: InventoryPatch): Promise<void> {
    const set = {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.region !== undefined ? { region: patch.region } : {}),
      ...(patch.customer !== undefined ? { customer: patch.customer } : {}),
      ...(patch.parentId !== undefined ? { parent_id: patch.parentId } : {}),
      ...(patch.features !== undefined ? { features_json: JSON.stringify(patch.features) } : {}),
      ...(patch.autoGroup !== undefined ? { auto_group: toFlag(patch.autoGroup) } : {}),
      ...(patch.sipServer !== undefined ? { sip_server: patch.sipServer } : {}),
      ...(patch.identityProvider !== undefined ? { identity_provider: patch.identityProvider } : {}),
      ...(patch.userLicences !== undefined ? { user_licences: patch.userLicences } : {}),
      ...(patch.properties !== undefined ? { properties_json: JSON.stringify(patch.properties) } : {}),
      ...(patch.defaultSwVersions !== undefined ? { default_sw_versions_json: JSON.stringify(patch.defaultSwVersions) } : {}),
    };
    if (Object.keys(set).length === 0) return;
    await this.db.updateTable('inventories').set(set).where('id', '=', id).execute();
  }

  /**
   * Deletes the inventory. Its user links, video return channels, stories and share parties go
   * with it (ON DELETE CASCADE); child inventories become top-level (SET NULL). The service
   * refuses first while groups, units or users are left.
   */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('inventories').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async holdings(id: string): Promise<InventoryHoldings> {
    const row = await this.rows().where('i.id', '=', id).executeTakeFirst();
    return { groupCount: Number(row?.group_count ?? 0), unitCount: Number(row?.unit_count ?? 0), userCount: Number(row?.user_count ?? 0) };
  }

  async properties(id: string): Promise<InventoryProperties | undefined> {
    const row = await this.db.selectFrom('inventories').select('properties_json').where('id', '=', id).executeTakeFirst();
    return row && parseJsonColumn<Record<string, string>>(row.properties_json, {});
  }

  /** The inventory's units by name, with their group's name (the serviceable listing filters them by live state). */
  async units(inventoryId: string): Promise<InventoryUnit[]> {
    return this.db
      .selectFrom('units as u')
      .leftJoin('groups as g', 'g.id', 'u.group_id')
      .select(['u.uid as id', 'u.name as name', 'u.type as type', 'u.serial as serial', 'u.sw_version as swVersion', 'u.group_id as groupId', 'g.name as groupName'])
      .where('u.inventory_id', '=', inventoryId)
      .orderBy(lowerOf('u.name'))
      .orderBy('u.uid')
      .execute();
  }

  /** A video return channel with how many groups it is given to, or undefined. */
  async vrChannel(id: string): Promise<{ id: string; name: string; inventoryId: string; groupCount: number } | undefined> {
    const row = await this.db
      .selectFrom('vr_channels as v')
      .select((eb) => [
        'v.id as id',
        'v.name as name',
        'v.inventory_id as inventoryId',
        eb.selectFrom('group_vr_channels as l').select((inner) => inner.fn.countAll<number>().as('n')).whereRef('l.vr_channel_id', '=', 'v.id').as('groupCount'),
      ])
      .where('v.id', '=', id)
      .executeTakeFirst();
    return row && { ...row, groupCount: Number(row.groupCount ?? 0) };
  }

  /**
   * Moves a video return channel into an inventory; it leaves the groups that are not of that
   * inventory (a group is given only channels of its own inventory). Run it in a transaction.
   */
  async moveVrChannel(id: string, inventoryId: string): Promise<void> {
    await this.db.updateTable('vr_channels').set({ inventory_id: inventoryId }).where('id', '=', id).execute();
    await this.db
      .deleteFrom('group_vr_channels')
      .where('vr_channel_id', '=', id)
      .where('group_id', 'not in', (eb) => eb.selectFrom('groups').select('id').where('inventory_id', '=', inventoryId))
      .execute();
  }

  async deleteVrChannel(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('vr_channels').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

type ListedRow = Selectable<InventoriesTable> & { parent_name: string | null; group_count: number | null; unit_count: number | null; user_count: number | null };

function toDetails(r: ListedRow): InventoryDetails {
  return {
    id: r.id,
    name: r.name,
    region: r.region,
    customer: r.customer,
    parentId: r.parent_id,
    parentName: r.parent_name,
    groupCount: Number(r.group_count ?? 0),
    unitCount: Number(r.unit_count ?? 0),
    userCount: Number(r.user_count ?? 0),
    createdAt: Number(r.created_at),
    autoGroup: Number(r.auto_group) === 1,
    sipServer: r.sip_server,
    identityProvider: r.identity_provider,
    userLicences: r.user_licences === null ? null : Number(r.user_licences),
    features: featureSwitchesOf(parseJsonColumn<string[]>(r.features_json, [])),
    properties: parseJsonColumn<Record<string, string>>(r.properties_json, {}),
    defaultSwVersions: parseJsonColumn<DefaultSwVersions>(r.default_sw_versions_json, {}),
  };
}

/** The list row of a detailed inventory (the fields of InventoryRow, nothing more: answers are checked). */
export function rowOf(d: InventoryDetails): InventoryRow {
  return {
    id: d.id,
    name: d.name,
    region: d.region,
    customer: d.customer,
    parentId: d.parentId,
    parentName: d.parentName,
    groupCount: d.groupCount,
    unitCount: d.unitCount,
    userCount: d.userCount,
    createdAt: d.createdAt,
  };
}
