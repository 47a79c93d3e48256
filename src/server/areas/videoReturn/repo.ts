/**
 * Video return channels in the store (spec 001 §3; migrations 0004 and 0008): the channel with its
 * inventory and server names, its groups (group_vr_channels), the admin listing. SQL only, one
 * code for SQLite and PostgreSQL (store/queries.ts).
 */
import type { Selectable } from 'kysely';
import type { VrChannelsTable } from '../../store/schema.ts';
import { containsText, lowerOf, type Db } from '../../store/queries.ts';
import type { PageRequest } from '../../../protocol/rest/common.ts';
import type { SrtMode, VrInputType } from '../../../domain/videoReturn.ts';
import type { VrSearchKey, VrSortKey } from '../../../protocol/rest/videoReturn.ts';

/** A stored video return channel (its live state is the simulator's). */
export interface StoredVrChannel {
  id: string;
  name: string;
  description: string;
  inventoryId: string;
  inventoryName: string;
  serverId: string | null;
  serverName: string | null;
  inputType: VrInputType;
  srtMode: SrtMode | null;
  url: string;
  passphrase: string;
  destinationPort: number | null;
  internalIp: string;
  externalIp: string;
  serialNumber: string;
  createdAt: number;
  updatedAt: number | null;
}

/** The stored fields a write sets (names as the domain's form). */
export interface VrChannelRecord {
  name: string;
  description: string;
  inventoryId: string;
  serverId: string | null;
  inputType: VrInputType;
  srtMode: SrtMode | null;
  url: string;
  passphrase: string;
  destinationPort: number | null;
  internalIp: string;
  externalIp: string;
  serialNumber: string;
}

export interface VrListing extends PageRequest<VrSearchKey, VrSortKey> {
  /** null: every inventory (a super user). */
  inventoryIds: readonly string[] | null;
}

type Row = Selectable<VrChannelsTable> & { inventory_name: string; server_name: string | null };

const toChannel = (r: Row): StoredVrChannel => ({
  id: r.id,
  name: r.name,
  description: r.description,
  inventoryId: r.inventory_id,
  inventoryName: r.inventory_name,
  serverId: r.server_id,
  serverName: r.server_name,
  inputType: r.input_type as VrInputType, // the CHECK admits VR_INPUT_TYPES only
  srtMode: r.srt_mode as SrtMode | null,
  url: r.url,
  passphrase: r.passphrase,
  destinationPort: r.destination_port === null ? null : Number(r.destination_port),
  internalIp: r.internal_ip,
  externalIp: r.external_ip,
  serialNumber: r.serial_number,
  createdAt: Number(r.created_at),
  updatedAt: r.updated_at === null ? null : Number(r.updated_at),
});

const SEARCH_COLUMNS: Record<VrSearchKey, string> = { name: 'v.name', inventoryName: 'i.name', serialNumber: 'v.serial_number' };

const columnsOf = (record: Partial<VrChannelRecord>) => ({
  ...(record.name !== undefined ? { name: record.name } : {}),
  ...(record.description !== undefined ? { description: record.description } : {}),
  ...(record.inventoryId !== undefined ? { inventory_id: record.inventoryId } : {}),
  ...(record.serverId !== undefined ? { server_id: record.serverId } : {}),
  ...(record.inputType !== undefined ? { input_type: record.inputType } : {}),
  ...(record.srtMode !== undefined ? { srt_mode: record.srtMode } : {}),
  ...(record.url !== undefined ? { url: record.url } : {}),
  ...(record.passphrase !== undefined ? { passphrase: record.passphrase } : {}),
  ...(record.destinationPort !== undefined ? { destination_port: record.destinationPort } : {}),
  ...(record.internalIp !== undefined ? { internal_ip: record.internalIp } : {}),
  ...(record.externalIp !== undefined ? { external_ip: record.externalIp } : {}),
  ...(record.serialNumber !== undefined ? { serial_number: record.serialNumber } : {}),
});

export class VrChannelRepo {
  constructor(private readonly db: Db) {}

  private rows() {
    return this.db
      .selectFrom('vr_channels as v')
      .innerJoin('inventories as i', 'i.id', 'v.inventory_id')
      .leftJoin('servers as s', 's.id', 'v.server_id')
      .selectAll('v')
      .select(['i.name as inventory_name', 's.name as server_name']);
  }

  async get(id: string): Promise<StoredVrChannel | undefined> {
    const row = await this.rows().where('v.id', '=', id).executeTakeFirst();
    return row && toChannel(row as Row);
  }

  /** The channels given to a group, by name. */
  async ofGroup(groupId: string): Promise<StoredVrChannel[]> {
    const rows = await this.rows()
      .innerJoin('group_vr_channels as l', 'l.vr_channel_id', 'v.id')
      .where('l.group_id', '=', groupId)
      .orderBy(lowerOf('v.name'))
      .orderBy('v.id')
      .execute();
    return rows.map((r) => toChannel(r as Row));
  }

  /** The names of every other channel (names are unique over all inventories: migration 0004). */
  async otherNames(exceptId: string | null): Promise<string[]> {
    let query = this.db.selectFrom('vr_channels').select('name');
    if (exceptId !== null) query = query.where('id', '!=', exceptId);
    return (await query.execute()).map((r) => r.name);
  }

  /** Every channel of some inventories (null: all), by name: the simulator's view of what exists. */
  async ofInventories(inventoryIds: readonly string[] | null): Promise<StoredVrChannel[]> {
    if (inventoryIds !== null && inventoryIds.length === 0) return [];
    let query = this.rows();
    if (inventoryIds !== null) query = query.where('v.inventory_id', 'in', [...inventoryIds]);
    return (await query.orderBy(lowerOf('v.name')).orderBy('v.id').execute()).map((r) => toChannel(r as Row));
  }

  /** True when the group holds the channel. */
  async inGroup(channelId: string, groupId: string): Promise<boolean> {
    const row = await this.db.selectFrom('group_vr_channels').select('group_id').where('vr_channel_id', '=', channelId).where('group_id', '=', groupId).executeTakeFirst();
    return row !== undefined;
  }

  /** The groups holding the channel. */
  async groupIds(channelId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('group_vr_channels').select('group_id').where('vr_channel_id', '=', channelId).execute();
    return rows.map((r) => r.group_id);
  }

  /** One page of the admin listing, searched without case, sorted (names without case), then by id. */
  async page(listing: VrListing): Promise<{ total: number; items: StoredVrChannel[] }> {
    if (listing.inventoryIds !== null && listing.inventoryIds.length === 0) return { total: 0, items: [] };
    let query = this.rows();
    if (listing.inventoryIds !== null) query = query.where('v.inventory_id', 'in', [...listing.inventoryIds]);
    if (listing.searchValue !== '') query = query.where(containsText(SEARCH_COLUMNS[listing.searchKey], listing.searchValue));
    const total = await this.db
      .selectFrom(query.as('listed'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    const dir = listing.sortDir;
    const sorted =
      listing.sortBy === 'name'
        ? query.orderBy(lowerOf('v.name'), dir)
        : listing.sortBy === 'inventoryName'
          ? query.orderBy(lowerOf('i.name'), dir).orderBy(lowerOf('v.name'))
          : listing.sortBy === 'inputType'
            ? query.orderBy('v.input_type', dir).orderBy(lowerOf('v.name'))
            : query.orderBy('v.created_at', dir).orderBy(lowerOf('v.name'));
    const rows = await sorted.orderBy('v.id').limit(listing.limit).offset(listing.offset).execute();
    return { total: Number(total?.n ?? 0), items: rows.map((r) => toChannel(r as Row)) };
  }

  async insert(id: string, record: VrChannelRecord, now: number): Promise<void> {
    await this.db
      .insertInto('vr_channels')
      .values({ id, ...columnsOf(record), name: record.name, inventory_id: record.inventoryId, created_at: now, updated_at: now })
      .execute();
  }

  async update(id: string, record: Partial<VrChannelRecord>, now: number): Promise<void> {
    await this.db.updateTable('vr_channels').set({ ...columnsOf(record), updated_at: now }).where('id', '=', id).execute();
  }

  /** Deletes the channel; its group links go with it (ON DELETE CASCADE). */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('vr_channels').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The groups holding the channel, by name, one page. */
  async groupsPage(channelId: string, limit: number, offset: number): Promise<{ total: number; items: { id: string; name: string }[] }> {
    const base = this.db.selectFrom('group_vr_channels as l').innerJoin('groups as g', 'g.id', 'l.group_id').where('l.vr_channel_id', '=', channelId);
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      base.select(['g.id as id', 'g.name as name']).orderBy(lowerOf('g.name')).orderBy('g.id').limit(limit).offset(offset).execute(),
    ]);
    return { total: Number(count?.n ?? 0), items: rows };
  }

  /** The groups of the channel's inventory whose name contains `search`, each with whether it holds the channel. */
  async groupsOfInventory(channelId: string, inventoryId: string, search: string, limit: number, offset: number): Promise<{ total: number; items: { id: string; name: string; linked: boolean }[] }> {
    let base = this.db.selectFrom('groups as g').where('g.inventory_id', '=', inventoryId);
    if (search !== '') base = base.where(containsText('g.name', search));
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      base
        .select((eb) => [
          'g.id as id',
          'g.name as name',
          eb
            .exists(eb.selectFrom('group_vr_channels as l').select('l.group_id').whereRef('l.group_id', '=', 'g.id').where('l.vr_channel_id', '=', channelId))
            .as('linked'),
        ])
        .orderBy(lowerOf('g.name'))
        .orderBy('g.id')
        .limit(limit)
        .offset(offset)
        .execute(),
    ]);
    return { total: Number(count?.n ?? 0), items: rows.map((r) => ({ id: r.id, name: r.name, linked: Boolean(r.linked) })) };
  }
}
