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
