import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Database, GroupsTable } from '../../store/schema.ts';
import { containsText, lowerOf, parseJsonColumn, toFlag, type Db } from '../../store/queries.ts';
import type { PageRequest } from '../../../protocol/rest/common.ts';
import type { GroupRow, GroupSearchKey, GroupSortKey, GroupDefaultConfiguration } from '../../../protocol/rest/groups.ts';
import type { AlertsConfiguration } from '../../../protocol/rest/alerts.ts';

export interface Group {
  id: string;
  name: string;
  inventoryId: string;
  autoAssociation: boolean;
  unitAutoAssociation: boolean;
  createdAt: number;
}

/** A group as the console lists it (groups/fetch): with its inventory's name. */
export interface GroupSummary {
  uid: string;
  name: string;
  inventoryId: string;
  inventoryName: string;
}

const toGroup = (r: Selectable<GroupsTable>): Group => ({
  id: r.id,
  name: r.name,
  inventoryId: r.inventory_id,
  autoAssociation: r.auto_association === 1,
  unitAutoAssociation: r.unit_auto_association === 1,
  createdAt: r.created_at,
});

/** Fields a group update may change; absent fields stay as stored. */
export interface GroupPatch {
  name?: string;
  autoAssociation?: boolean;
  unitAutoAssociation?: boolean;
}

/** A page of some rows and how many match in all. */
export interface Rows<T> {
  total: number;
  items: T[];
}

/** Which groups a listing covers: those of these inventories (null: every inventory). */
export interface GroupListing extends PageRequest<GroupSearchKey, GroupSortKey> {
  inventoryIds: readonly string[] | null;
}

type Eb = ExpressionBuilder<Database & { g: GroupsTable }, 'g'>;

/** How many rows of `table` name the group `g` in `column`. */
const countOf = (eb: Eb, table: 'units' | 'channels' | 'user_groups', column: 'group_id') =>
  eb.selectFrom(table).select((inner) => inner.fn.countAll<number>().as('n')).whereRef(`${table}.${column}`, '=', 'g.id');

const SEARCH_COLUMNS: Record<GroupSearchKey, string> = { name: 'g.name', inventoryName: 'i.name' };

export class GroupRepo {
  constructor(private readonly db: Db) {}

  /** The admin listing's rows: the group, its inventory's name and what it holds. */
  private rows() {
    return this.db
      .selectFrom('groups as g')
      .innerJoin('inventories as i', 'i.id', 'g.inventory_id')
      .select((eb) => [
        'g.id as id',
        'g.name as name',
        'g.inventory_id as inventoryId',
        'i.name as inventoryName',
        'g.auto_association as autoAssociation',
        'g.unit_auto_association as unitAutoAssociation',
        'g.created_at as createdAt',
        countOf(eb as unknown as Eb, 'units', 'group_id').as('unitCount'),
        countOf(eb as unknown as Eb, 'channels', 'group_id').as('channelCount'),
        countOf(eb as unknown as Eb, 'user_groups', 'group_id').as('userCount'),
      ]);
  }

  async row(id: string): Promise<GroupRow | undefined> {
    const row = await this.rows().where('g.id', '=', id).executeTakeFirst();
    return row && toRow(row);
  }

  /** One page of groups, searched without case on name or inventory name, sorted (names without case), then by id. */
  async page(listing: GroupListing): Promise<Rows<GroupRow>> {
    if (listing.inventoryIds !== null && listing.inventoryIds.length === 0) return { total: 0, items: [] };
    let query = this.rows();
    if (listing.inventoryIds !== null) query = query.where('g.inventory_id', 'in', [...listing.inventoryIds]);
    if (listing.searchValue !== '') query = query.where(containsText(SEARCH_COLUMNS[listing.searchKey], listing.searchValue));
    const total = await this.db
      .selectFrom(query.as('listed'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    const direction = listing.sortDir;
    const sorted =
      listing.sortBy === 'name'
        ? query.orderBy(lowerOf('g.name'), direction)
        : listing.sortBy === 'inventoryName'
          ? query.orderBy(lowerOf('i.name'), direction).orderBy(lowerOf('g.name'))
          : query.orderBy(listing.sortBy, direction).orderBy(lowerOf('g.name'));
    const rows = await sorted.orderBy('g.id').limit(listing.limit).offset(listing.offset).execute();
    return { total: Number(total?.n ?? 0), items: rows.map(toRow) };
  }

  async update(id: string, patch: GroupPatch): Promise<void> {
    const set = {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.autoAssociation !== undefined ? { auto_association: toFlag(patch.autoAssociation) } : {}),
      ...(patch.unitAutoAssociation !== undefined ? { unit_auto_association: toFlag(patch.unitAutoAssociation) } : {}),
    };
    if (Object.keys(set).length === 0) return;
    await this.db.updateTable('groups').set(set).where('id', '=', id).execute();
  }

  /** Deletes the group; memberships and video return links go with it (ON DELETE CASCADE). */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('groups').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** How many units and channels the group holds. */
  async contents(id: string): Promise<{ unitCount: number; channelCount: number }> {
    const row = await this.rows().where('g.id', '=', id).executeTakeFirst();
    return { unitCount: Number(row?.unitCount ?? 0), channelCount: Number(row?.channelCount ?? 0) };
  }

  async userIds(id: string): Promise<string[]> {
    const rows = await this.db.selectFrom('user_groups').select('user_id').where('group_id', '=', id).execute();
    return rows.map((r) => r.user_id);
  }

  /** The groups of an inventory with their auto-association flags (unit and user creation read them). */
  async ofInventory(inventoryId: string): Promise<Group[]> {
    const rows = await this.db.selectFrom('groups').selectAll().where('inventory_id', '=', inventoryId).orderBy('name').execute();
    return rows.map(toGroup);
  }

  async units(id: string, limit: number, offset: number): Promise<Rows<{ id: string; name: string; type: string; serial: string }>> {
    const base = this.db.selectFrom('units').where('group_id', '=', id);
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      base.select(['uid as id', 'name', 'type', 'serial']).orderBy(lowerOf('name')).orderBy('uid').limit(limit).offset(offset).execute(),
    ]);
    return { total: Number(count?.n ?? 0), items: rows };
  }

  async channels(id: string, limit: number, offset: number): Promise<Rows<{ id: string; name: string; type: string }>> {
    const base = this.db.selectFrom('channels').where('group_id', '=', id);
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      base.select(['id', 'name', 'type']).orderBy(lowerOf('name')).orderBy('id').limit(limit).offset(offset).execute(),
    ]);
    return { total: Number(count?.n ?? 0), items: rows };
  }

  async vrChannels(id: string, limit: number, offset: number): Promise<Rows<{ id: string; name: string }>> {
    const base = this.db.selectFrom('group_vr_channels as l').innerJoin('vr_channels as v', 'v.id', 'l.vr_channel_id').where('l.group_id', '=', id);
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      base.select(['v.id as id', 'v.name as name']).orderBy(lowerOf('v.name')).orderBy('v.id').limit(limit).offset(offset).execute(),
    ]);
    return { total: Number(count?.n ?? 0), items: rows };
  }

  async users(id: string, limit: number, offset: number): Promise<Rows<{ id: string; username: string; firstName: string; lastName: string; userType: string }>> {
    const base = this.db.selectFrom('user_groups as ug').innerJoin('users as u', 'u.id', 'ug.user_id').where('ug.group_id', '=', id);
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      base
        .select(['u.id as id', 'u.username as username', 'u.first_name as firstName', 'u.last_name as lastName', 'u.user_type as userType'])
        .orderBy(lowerOf('u.username'))
        .orderBy('u.id')
        .limit(limit)
        .offset(offset)
        .execute(),
    ]);
    return { total: Number(count?.n ?? 0), items: rows };
  }

  /** A video return channel's inventory (links check it), or undefined. */
  async vrChannel(id: string): Promise<{ id: string; name: string; inventoryId: string } | undefined> {
    return this.db.selectFrom('vr_channels').select(['id', 'name', 'inventory_id as inventoryId']).where('id', '=', id).executeTakeFirst();
  }

  async setVrChannel(groupId: string, vrChannelId: string, linked: boolean): Promise<void> {
    if (linked) {
      await this.db
        .insertInto('group_vr_channels')
        .values({ group_id: groupId, vr_channel_id: vrChannelId })
        .onConflict((oc) => oc.columns(['group_id', 'vr_channel_id']).doNothing())
        .execute();
    } else {
      await this.db.deleteFrom('group_vr_channels').where('group_id', '=', groupId).where('vr_channel_id', '=', vrChannelId).execute();
    }
  }

  async defaultConfiguration(id: string): Promise<{ configuration: GroupDefaultConfiguration; updatedAt: number } | undefined> {
    const row = await this.db.selectFrom('groups').select(['default_config_json', 'default_config_updated_at']).where('id', '=', id).executeTakeFirst();
    if (row === undefined || row.default_config_json === null) return undefined;
    return { configuration: parseJsonColumn<GroupDefaultConfiguration>(row.default_config_json, EMPTY_DEFAULTS), updatedAt: row.default_config_updated_at ?? 0 };
  }

  async setDefaultConfiguration(id: string, configuration: GroupDefaultConfiguration, updatedAt: number): Promise<void> {
    await this.db.updateTable('groups').set({ default_config_json: JSON.stringify(configuration), default_config_updated_at: updatedAt }).where('id', '=', id).execute();
  }

  async alertsConfiguration(id: string): Promise<AlertsConfiguration | undefined> {
    const row = await this.db.selectFrom('groups').select('alerts_config_json').where('id', '=', id).executeTakeFirst();
    return row && parseJsonColumn<AlertsConfiguration>(row.alerts_config_json, {});
  }

  async setAlertsConfiguration(id: string, configuration: AlertsConfiguration): Promise<void> {
    await this.db.updateTable('groups').set({ alerts_config_json: JSON.stringify(configuration) }).where('id', '=', id).execute();
  }

  /** The user's groups with how many units each holds (groups/fetch_machinegroups). */
  async forUserWithUnitCounts(userId: string): Promise<{ uid: string; name: string; inventoryId: string; unitCount: number }[]> {
    const rows = await this.db
      .selectFrom('user_groups as ug')
      .innerJoin('groups as g', 'g.id', 'ug.group_id')
      .select((eb) => ['g.id as uid', 'g.name as name', 'g.inventory_id as inventoryId', countOf(eb as unknown as Eb, 'units', 'group_id').as('unitCount')])
      .where('ug.user_id', '=', userId)
      .orderBy('g.name')
      .execute();
    return rows.map((r) => ({ ...r, unitCount: Number(r.unitCount ?? 0) }));
  }

  async insert(group: Group): Promise<void> {
    await this.db
      .insertInto('groups')
      .values({
        id: group.id,
        name: group.name,
        inventory_id: group.inventoryId,
        auto_association: toFlag(group.autoAssociation),
        unit_auto_association: toFlag(group.unitAutoAssociation),
        created_at: group.createdAt,
      })
      .execute();
  }

  async get(id: string): Promise<Group | undefined> {
    const row = await this.db.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toGroup(row);
  }

  async list(): Promise<Group[]> {
    const rows = await this.db.selectFrom('groups').selectAll().orderBy('name').execute();
    return rows.map(toGroup);
  }

  /** The groups a user belongs to, by name. */
  async forUser(userId: string): Promise<GroupSummary[]> {
    return this.db
      .selectFrom('user_groups as ug')
      .innerJoin('groups as g', 'g.id', 'ug.group_id')
      .innerJoin('inventories as i', 'i.id', 'g.inventory_id')
      .select(['g.id as uid', 'g.name as name', 'g.inventory_id as inventoryId', 'i.name as inventoryName'])
      .where('ug.user_id', '=', userId)
      .orderBy('g.name')
      .execute();
  }
}

const EMPTY_DEFAULTS: GroupDefaultConfiguration = { delayMs: null, storeAndForwardQuality: null, storeAndForwardCodec: null, totalCappingKbps: null, cellularCappingKbps: null };

function toRow(r: {
  id: string;
  name: string;
  inventoryId: string;
  inventoryName: string;
  autoAssociation: number;
  unitAutoAssociation: number;
  createdAt: number;
  unitCount: number | null;
  channelCount: number | null;
  userCount: number | null;
}): GroupRow {
  return {
    id: r.id,
    name: r.name,
    inventoryId: r.inventoryId,
    inventoryName: r.inventoryName,
    autoAssociation: r.autoAssociation === 1,
    unitAutoAssociation: r.unitAutoAssociation === 1,
    unitCount: Number(r.unitCount ?? 0),
    channelCount: Number(r.channelCount ?? 0),
    userCount: Number(r.userCount ?? 0),
    createdAt: r.createdAt,
  };
}
