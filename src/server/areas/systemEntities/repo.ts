/** The system-wide server list of System Entities' server tabs (every inventory's). SQL only. */
import { containsText, lowerOf, type Db } from '../../store/queries.ts';
import type { PageRequest } from '../../../protocol/rest/common.ts';
import type { SystemServerRow, SystemServerSearchKey, SystemServerSortKey } from '../../../protocol/rest/systemEntities.ts';
import type { ServerType } from '../../../domain/servers.ts';

const COLUMNS = { name: 's.name', serial: 's.serial', swVersion: 's.sw_version', inventoryName: 'i.name', cloudRegion: 's.cloud_region', createdAt: 's.created_at' } as const;

export class SystemEntitiesRepo {
  constructor(private readonly db: Db) {}

  async serverPage(type: ServerType, request: PageRequest<SystemServerSearchKey, SystemServerSortKey>): Promise<{ total: number; items: SystemServerRow[] }> {
    let query = this.db
      .selectFrom('servers as s')
      .leftJoin('inventories as i', 'i.id', 's.inventory_id')
      .select(['s.id', 's.name', 's.type', 's.serial', 's.sw_version', 's.alias', 's.inventory_id', 'i.name as inventory_name', 's.max_channels', 's.cloud_region', 's.created_at'])
      .select((eb) => eb.selectFrom('channels as c').select((inner) => inner.fn.countAll<number>().as('n')).whereRef('c.server_id', '=', 's.id').as('channel_count'))
      .where('s.type', '=', type);
    if (request.searchValue !== '') query = query.where(containsText(COLUMNS[request.searchKey], request.searchValue));
    const total = await this.db.selectFrom(query.as('listed')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const sorted =
      request.sortBy === 'channelCount'
        ? query.orderBy('channel_count', request.sortDir)
        : request.sortBy === 'createdAt'
          ? query.orderBy('s.created_at', request.sortDir)
          : query.orderBy(lowerOf(COLUMNS[request.sortBy]), request.sortDir);
    const rows = await sorted.orderBy(lowerOf('s.name')).orderBy('s.id').limit(request.limit).offset(request.offset).execute();
    return {
      total: Number(total?.n ?? 0),
      items: rows.map((r) => ({
        id: r.id,
        name: r.name,
        type: r.type as ServerType, // the CHECK admits SERVER_TYPES only
        serial: r.serial,
        swVersion: r.sw_version,
        alias: r.alias,
        inventoryId: r.inventory_id,
        inventoryName: r.inventory_name,
        maxChannels: Number(r.max_channels),
        cloudRegion: r.cloud_region,
        channelCount: Number(r.channel_count ?? 0),
        createdAt: Number(r.created_at),
      })),
    };
  }
}
