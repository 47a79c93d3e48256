import type { Selectable } from 'kysely';
import type { ServerType } from '../../../domain/servers.ts';
import type { ServersTable } from '../../store/schema.ts';
import { parseJsonColumn, type Db } from '../../store/queries.ts';

/** A media server (spec 001 §3): MMH, video return, transceiver or ingest. */
export interface StoredServer {
  id: string;
  name: string;
  type: ServerType;
  serial: string;
  swVersion: string;
  alias: string;
  inventoryId: string | null;
  maxChannels: number;
  cloudRegion: string;
  config: Record<string, unknown>;
  createdAt: number;
}

const toServer = (r: Selectable<ServersTable>): StoredServer => ({
  id: r.id,
  name: r.name,
  type: r.type as ServerType, // the CHECK admits SERVER_TYPES only
  serial: r.serial,
  swVersion: r.sw_version,
  alias: r.alias,
  inventoryId: r.inventory_id,
  maxChannels: r.max_channels,
  cloudRegion: r.cloud_region,
  config: parseJsonColumn<Record<string, unknown>>(r.config_json, {}),
  createdAt: r.created_at,
});

export class ServerRepo {
  constructor(private readonly db: Db) {}

  async insert(server: StoredServer): Promise<void> {
    await this.db
      .insertInto('servers')
      .values({
        id: server.id,
        name: server.name,
        type: server.type,
        serial: server.serial,
        sw_version: server.swVersion,
        alias: server.alias,
        inventory_id: server.inventoryId,
        max_channels: server.maxChannels,
        cloud_region: server.cloudRegion,
        config_json: JSON.stringify(server.config),
        created_at: server.createdAt,
      })
      .execute();
  }

  async get(id: string): Promise<StoredServer | undefined> {
    const row = await this.db.selectFrom('servers').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toServer(row);
  }

  async list(): Promise<StoredServer[]> {
    const rows = await this.db.selectFrom('servers').selectAll().orderBy('name').execute();
    return rows.map(toServer);
  }

  /** An inventory's servers, optionally of one type, by name. */
  async listByInventory(inventoryId: string, type?: ServerType): Promise<StoredServer[]> {
    let query = this.db.selectFrom('servers').selectAll().where('inventory_id', '=', inventoryId);
    if (type !== undefined) query = query.where('type', '=', type);
    return (await query.orderBy('name').orderBy('id').execute()).map(toServer);
  }

  /** Servers of any inventory of a list (null: all), of one type, by name, at most `limit` (the multipoint list asks for 1,000). */
  async listOfType(type: ServerType, inventoryIds: readonly string[] | null, limit: number): Promise<StoredServer[]> {
    if (inventoryIds !== null && inventoryIds.length === 0) return [];
    let query = this.db.selectFrom('servers').selectAll().where('type', '=', type);
    if (inventoryIds !== null) query = query.where('inventory_id', 'in', [...inventoryIds]);
    return (await query.orderBy('name').orderBy('id').limit(limit).execute()).map(toServer);
  }

  /** Replaces a server's configuration document (the IFB mode lives there). */
  async setConfig(id: string, config: Record<string, unknown>): Promise<void> {
    await this.db.updateTable('servers').set({ config_json: JSON.stringify(config) }).where('id', '=', id).execute();
  }

  /**
   * A server is shown to the groups of its channels; the first by id answers for the websocket
   * topic. A server without channels (video return, ingest) answers with the first group of its
   * inventory, so its server.status still reaches the people who administer it (issue 12).
   */
  async groupOf(id: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('channels')
      .select('group_id')
      .where('server_id', '=', id)
      .where('group_id', 'is not', null)
      .orderBy('group_id')
      .limit(1)
      .executeTakeFirst();
    if (row?.group_id != null) return row.group_id;
    const server = await this.get(id);
    if (server?.inventoryId == null) return undefined;
    const group = await this.db.selectFrom('groups').select('id').where('inventory_id', '=', server.inventoryId).orderBy('id').limit(1).executeTakeFirst();
    return group?.id;
  }

  /** Changes a server's admin fields (issue 12: name, alias, max channels, cloud region; the IFB mode is in config). */
  async update(id: string, patch: Partial<Pick<StoredServer, 'name' | 'alias' | 'maxChannels' | 'cloudRegion' | 'config' | 'swVersion'>>): Promise<void> {
    const set = {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.alias !== undefined ? { alias: patch.alias } : {}),
      ...(patch.maxChannels !== undefined ? { max_channels: patch.maxChannels } : {}),
      ...(patch.cloudRegion !== undefined ? { cloud_region: patch.cloudRegion } : {}),
      ...(patch.config !== undefined ? { config_json: JSON.stringify(patch.config) } : {}),
      ...(patch.swVersion !== undefined ? { sw_version: patch.swVersion } : {}),
    };
    if (Object.keys(set).length === 0) return;
    await this.db.updateTable('servers').set(set).where('id', '=', id).execute();
  }

  /** True when another server already has this name (names are unique without case, spec 001 §5). */
  async nameTaken(name: string, exceptId: string): Promise<boolean> {
    const rows = await this.db.selectFrom('servers').select(['id', 'name']).where('id', '!=', exceptId).execute();
    const wanted = name.toLowerCase();
    return rows.some((r) => r.name.toLowerCase() === wanted);
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('servers').where('id', '=', id).execute();
  }

  /** How many channels run on the server. */
  async channelCount(id: string): Promise<number> {
    const row = await this.db.selectFrom('channels').select((eb) => eb.fn.countAll<number>().as('n')).where('server_id', '=', id).executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
