import type { Selectable } from 'kysely';
import type { IfbServersTable, LuLinkSettingsTable } from '../../store/schema.ts';
import type { Db } from '../../store/queries.ts';

/** An IFB server of the support menu (issue 12; fields ours: docs/domain.md "Servers and devices"). */
export interface StoredIfbServer {
  id: string;
  name: string;
  host: string;
  port: number;
  inventoryId: string | null;
  enabled: boolean;
  createdAt: number;
  updatedAt: number;
}

const toIfb = (r: Selectable<IfbServersTable>): StoredIfbServer => ({
  id: r.id,
  name: r.name,
  host: r.host,
  port: r.port,
  inventoryId: r.inventory_id,
  enabled: r.enabled === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export class IfbServerRepo {
  constructor(private readonly db: Db) {}

  async insert(s: StoredIfbServer): Promise<void> {
    await this.db
      .insertInto('ifb_servers')
      .values({ id: s.id, name: s.name, host: s.host, port: s.port, inventory_id: s.inventoryId, enabled: s.enabled ? 1 : 0, created_at: s.createdAt, updated_at: s.updatedAt })
      .execute();
  }

  async get(id: string): Promise<StoredIfbServer | undefined> {
    const row = await this.db.selectFrom('ifb_servers').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toIfb(row);
  }

  async list(): Promise<StoredIfbServer[]> {
    return (await this.db.selectFrom('ifb_servers').selectAll().orderBy('name').orderBy('id').execute()).map(toIfb);
  }

  async update(id: string, patch: Partial<Pick<StoredIfbServer, 'name' | 'host' | 'port' | 'inventoryId' | 'enabled'>>, now: number): Promise<void> {
    await this.db
      .updateTable('ifb_servers')
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.host !== undefined ? { host: patch.host } : {}),
        ...(patch.port !== undefined ? { port: patch.port } : {}),
        ...(patch.inventoryId !== undefined ? { inventory_id: patch.inventoryId } : {}),
        ...(patch.enabled !== undefined ? { enabled: patch.enabled ? 1 : 0 } : {}),
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
  }
}

/** A unit's LU-Link settings (issue 12; fields ours). */
export interface StoredLuLink {
  unitId: string;
  enabled: boolean;
  serverId: string | null;
  maxBitrateKbps: number;
  updatedAt: number;
}

const toLuLink = (r: Selectable<LuLinkSettingsTable>): StoredLuLink => ({ unitId: r.unit_id, enabled: r.enabled === 1, serverId: r.server_id, maxBitrateKbps: r.max_bitrate_kbps, updatedAt: r.updated_at });

export class LuLinkRepo {
  constructor(private readonly db: Db) {}

  async get(unitId: string): Promise<StoredLuLink | undefined> {
    const row = await this.db.selectFrom('lulink_settings').selectAll().where('unit_id', '=', unitId).executeTakeFirst();
    return row && toLuLink(row);
  }

  async put(s: StoredLuLink): Promise<void> {
    const values = { enabled: s.enabled ? 1 : 0, server_id: s.serverId, max_bitrate_kbps: s.maxBitrateKbps, updated_at: s.updatedAt };
    await this.db
      .insertInto('lulink_settings')
      .values({ unit_id: s.unitId, ...values })
      .onConflict((oc) => oc.column('unit_id').doUpdateSet(values))
      .execute();
  }
}
