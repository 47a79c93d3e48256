import type { Selectable } from 'kysely';
import type { ChannelType } from '../../../domain/channels.ts';
import type { ChannelsTable } from '../../store/schema.ts';
import { containsText, lowerOf, parseJsonColumn, type Db } from '../../store/queries.ts';

/** A channel as association lists show it (src/protocol/rest/channels.ts ChannelRef). */
export interface ChannelRef {
  id: string;
  name: string;
  type: string;
  groupId: string | null;
  groupName: string | null;
}

/** A server-side channel (spec 001 §3). */
export interface StoredChannel {
  id: string;
  name: string;
  type: ChannelType;
  serverId: string | null;
  groupId: string | null;
  inventoryId: string | null;
  config: Record<string, unknown>;
  createdAt: number;
}

/** A channel with the names of what it belongs to, and its server's version (the editor's gates read it). */
export interface ChannelRow {
  channel: StoredChannel;
  serverName: string | null;
  serverVersion: string | null;
  groupName: string | null;
  inventoryName: string | null;
}

/** What an edit changes; a field left out stays. */
export interface ChannelPatch {
  name?: string;
  type?: ChannelType;
  groupId?: string | null;
  inventoryId?: string | null;
  config?: Record<string, unknown>;
}

/** The admin listing (spec 001 §7: limit, offset, searchKey, searchValue, sortBy, sortDir). */
export interface ChannelListing {
  /** null: every inventory (a super user). */
  inventoryIds: readonly string[] | null;
  searchKey: 'name' | 'serverName' | 'inventoryName' | 'groupName';
  searchValue: string;
  sortBy: 'name' | 'type' | 'serverName' | 'inventoryName' | 'groupName' | 'createdAt';
  sortDir: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const toChannel = (r: Selectable<ChannelsTable>): StoredChannel => ({
  id: r.id,
  name: r.name,
  type: r.type as ChannelType, // the CHECK admits CHANNEL_TYPES only
  serverId: r.server_id,
  groupId: r.group_id,
  inventoryId: r.inventory_id,
  config: parseJsonColumn<Record<string, unknown>>(r.config_json, {}),
  createdAt: r.created_at,
});

const COLUMN_OF = { name: 'c.name', serverName: 's.name', inventoryName: 'i.name', groupName: 'g.name' } as const;

export class ChannelRepo {
  constructor(private readonly db: Db) {}

  async insert(channel: StoredChannel): Promise<void> {
    await this.db
      .insertInto('channels')
      .values({
        id: channel.id,
        name: channel.name,
        type: channel.type,
        server_id: channel.serverId,
        group_id: channel.groupId,
        inventory_id: channel.inventoryId,
        config_json: JSON.stringify(channel.config),
        created_at: channel.createdAt,
      })
      .execute();
  }

  async get(id: string): Promise<StoredChannel | undefined> {
    const row = await this.db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toChannel(row);
  }

  async list(): Promise<StoredChannel[]> {
    const rows = await this.db.selectFrom('channels').selectAll().orderBy('name').execute();
    return rows.map(toChannel);
  }

  async listByGroup(groupId: string): Promise<StoredChannel[]> {
    const rows = await this.db.selectFrom('channels').selectAll().where('group_id', '=', groupId).orderBy('name').execute();
    return rows.map(toChannel);
  }

  async listByInventory(inventoryId: string): Promise<StoredChannel[]> {
    const rows = await this.db.selectFrom('channels').selectAll().where('inventory_id', '=', inventoryId).orderBy(lowerOf('name')).orderBy('id').execute();
    return rows.map(toChannel);
  }

  async listByServer(serverId: string): Promise<StoredChannel[]> {
    const rows = await this.db.selectFrom('channels').selectAll().where('server_id', '=', serverId).orderBy(lowerOf('name')).orderBy('id').execute();
    return rows.map(toChannel);
  }

  /** Every channel name but one channel's (names are unique across the store: a CHECK-free unique column). */
  async namesExcept(id: string | null): Promise<string[]> {
    let query = this.db.selectFrom('channels').select('name');
    if (id !== null) query = query.where('id', '!=', id);
    return (await query.execute()).map((r) => r.name);
  }

  private rows() {
    return this.db
      .selectFrom('channels as c')
      .leftJoin('servers as s', 's.id', 'c.server_id')
      .leftJoin('groups as g', 'g.id', 'c.group_id')
      .leftJoin('inventories as i', 'i.id', 'c.inventory_id')
      .selectAll('c')
      .select(['s.name as server_name', 's.sw_version as server_version', 'g.name as group_name', 'i.name as inventory_name']);
  }

  private static toRow(r: Selectable<ChannelsTable> & { server_name: string | null; server_version: string | null; group_name: string | null; inventory_name: string | null }): ChannelRow {
    return {
      channel: toChannel(r),
      serverName: r.server_name,
      serverVersion: r.server_version === '' ? null : r.server_version,
      groupName: r.group_name,
      inventoryName: r.inventory_name,
    };
  }

  async row(id: string): Promise<ChannelRow | undefined> {
    const row = await this.rows().where('c.id', '=', id).executeTakeFirst();
    return row && ChannelRepo.toRow(row);
  }

  async rowsOfGroup(groupId: string): Promise<ChannelRow[]> {
    const rows = await this.rows().where('c.group_id', '=', groupId).orderBy(lowerOf('c.name')).orderBy('c.id').execute();
    return rows.map((r) => ChannelRepo.toRow(r));
  }

  async rowsByIds(ids: readonly string[]): Promise<ChannelRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.rows().where('c.id', 'in', [...ids]).orderBy(lowerOf('c.name')).orderBy('c.id').execute();
    return rows.map((r) => ChannelRepo.toRow(r));
  }

  /** One page of the admin listing, searched without case, sorted (texts without case), then by id. */
  async page(listing: ChannelListing): Promise<{ total: number; items: ChannelRow[] }> {
    if (listing.inventoryIds !== null && listing.inventoryIds.length === 0) return { total: 0, items: [] };
    let query = this.rows();
    if (listing.inventoryIds !== null) query = query.where('c.inventory_id', 'in', [...listing.inventoryIds]);
    if (listing.searchValue !== '') query = query.where(containsText(COLUMN_OF[listing.searchKey], listing.searchValue));
    const total = await this.db
      .selectFrom(query.as('listed'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    const direction = listing.sortDir;
    const sorted =
      listing.sortBy === 'createdAt'
        ? query.orderBy('c.created_at', direction)
        : listing.sortBy === 'type'
          ? query.orderBy('c.type', direction)
          : query.orderBy(lowerOf(COLUMN_OF[listing.sortBy]), direction);
    const rows = await sorted.orderBy(lowerOf('c.name')).orderBy('c.id').limit(listing.limit).offset(listing.offset).execute();
    return { total: Number(total?.n ?? 0), items: rows.map((r) => ChannelRepo.toRow(r)) };
  }

  async update(id: string, patch: ChannelPatch): Promise<void> {
    const set = {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.type !== undefined ? { type: patch.type } : {}),
      ...(patch.groupId !== undefined ? { group_id: patch.groupId } : {}),
      ...(patch.inventoryId !== undefined ? { inventory_id: patch.inventoryId } : {}),
      ...(patch.config !== undefined ? { config_json: JSON.stringify(patch.config) } : {}),
    };
    if (Object.keys(set).length === 0) return;
    await this.db.updateTable('channels').set(set).where('id', '=', id).execute();
  }

  async remove(id: string): Promise<number> {
    const result = await this.db.deleteFrom('channels').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Moves the channel into a group, or out of any (null). */
  async setGroup(id: string, groupId: string | null): Promise<void> {
    await this.db.updateTable('channels').set({ group_id: groupId }).where('id', '=', id).execute();
  }

  /** Channels of an inventory whose name contains `search` (without case), by name, one page, with their group's name. */
  async pageOfInventory(inventoryId: string, search: string, limit: number, offset: number): Promise<{ total: number; items: ChannelRef[] }> {
    let base = this.db.selectFrom('channels as c').leftJoin('groups as g', 'g.id', 'c.group_id').where('c.inventory_id', '=', inventoryId);
    if (search !== '') base = base.where(containsText('c.name', search));
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      base
        .select(['c.id as id', 'c.name as name', 'c.type as type', 'c.group_id as groupId', 'g.name as groupName'])
        .orderBy(lowerOf('c.name'))
        .orderBy('c.id')
        .limit(limit)
        .offset(offset)
        .execute(),
    ]);
    return { total: Number(count?.n ?? 0), items: rows };
  }

  async groupOf(id: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('channels').select('group_id').where('id', '=', id).executeTakeFirst();
    return row?.group_id ?? undefined;
  }
}
