/** Audio rooms of an inventory (migration 0009). */
import type { Selectable } from 'kysely';
import type { AudioInterface } from '../../../domain/channelConfig.ts';
import type { AudioRoomsTable } from '../../store/schema.ts';
import { containsText, lowerOf, parseJsonColumn, type Db } from '../../store/queries.ts';

export interface StoredAudioRoom {
  id: string;
  inventoryId: string;
  inventoryName: string;
  name: string;
  interfaces: AudioInterface[];
  createdAt: number;
  createdBy: string;
}

export interface AudioRoomListing {
  /** null: every inventory (a super user). */
  inventoryIds: readonly string[] | null;
  searchKey: 'name' | 'inventoryName' | 'createdBy';
  searchValue: string;
  sortBy: 'name' | 'inventoryName' | 'createdOn' | 'createdBy';
  sortDir: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const COLUMN_OF = { name: 'r.name', inventoryName: 'i.name', createdBy: 'r.created_by' } as const;

const toRoom = (r: Selectable<AudioRoomsTable> & { inventory_name: string }): StoredAudioRoom => ({
  id: r.id,
  inventoryId: r.inventory_id,
  inventoryName: r.inventory_name,
  name: r.name,
  interfaces: parseJsonColumn<AudioInterface[]>(r.interfaces_json, []),
  createdAt: r.created_at,
  createdBy: r.created_by,
});

export class AudioRoomRepo {
  constructor(private readonly db: Db) {}

  private rows() {
    return this.db.selectFrom('audio_rooms as r').innerJoin('inventories as i', 'i.id', 'r.inventory_id').selectAll('r').select('i.name as inventory_name');
  }

  async get(id: string): Promise<StoredAudioRoom | undefined> {
    const row = await this.rows().where('r.id', '=', id).executeTakeFirst();
    return row && toRoom(row);
  }

  async listOfInventory(inventoryId: string): Promise<StoredAudioRoom[]> {
    const rows = await this.rows().where('r.inventory_id', '=', inventoryId).orderBy(lowerOf('r.name')).orderBy('r.id').execute();
    return rows.map(toRoom);
  }

  async page(listing: AudioRoomListing): Promise<{ total: number; items: StoredAudioRoom[] }> {
    if (listing.inventoryIds !== null && listing.inventoryIds.length === 0) return { total: 0, items: [] };
    let query = this.rows();
    if (listing.inventoryIds !== null) query = query.where('r.inventory_id', 'in', [...listing.inventoryIds]);
    if (listing.searchValue !== '') query = query.where(containsText(COLUMN_OF[listing.searchKey], listing.searchValue));
    const total = await this.db
      .selectFrom(query.as('listed'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    const sorted = listing.sortBy === 'createdOn' ? query.orderBy('r.created_at', listing.sortDir) : query.orderBy(lowerOf(COLUMN_OF[listing.sortBy]), listing.sortDir);
    const rows = await sorted.orderBy(lowerOf('r.name')).orderBy('r.id').limit(listing.limit).offset(listing.offset).execute();
    return { total: Number(total?.n ?? 0), items: rows.map(toRoom) };
  }

  async insert(room: Omit<StoredAudioRoom, 'inventoryName'>): Promise<void> {
    await this.db
      .insertInto('audio_rooms')
      .values({
        id: room.id,
        inventory_id: room.inventoryId,
        name: room.name,
        interfaces_json: JSON.stringify(room.interfaces),
        created_at: room.createdAt,
        created_by: room.createdBy,
      })
      .execute();
  }

  async update(id: string, patch: { name?: string; interfaces?: readonly AudioInterface[] }): Promise<void> {
    const set = {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.interfaces !== undefined ? { interfaces_json: JSON.stringify(patch.interfaces) } : {}),
    };
    if (Object.keys(set).length === 0) return;
    await this.db.updateTable('audio_rooms').set(set).where('id', '=', id).execute();
  }

  async remove(id: string): Promise<number> {
    const result = await this.db.deleteFrom('audio_rooms').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The ids of an inventory's rooms (their use is live: the service asks the fleet which are active). */
  async idsOfInventory(inventoryId: string): Promise<string[]> {
    return (await this.db.selectFrom('audio_rooms').select('id').where('inventory_id', '=', inventoryId).execute()).map((r) => r.id);
  }
}
