/** Software versions and the inventories they are offered to (migration 0011), SQL only. */
import { inTransaction, parseJsonColumn, type Db } from '../../store/queries.ts';

export interface StoredSoftwareVersion {
  id: string;
  version: string;
  description: string;
  releaseNotesUrl: string;
  supportedDevices: string[];
  inventoryIds: string[];
  createdAt: number;
  updatedAt: number;
}

export type SoftwareVersionPatch = Partial<Pick<StoredSoftwareVersion, 'version' | 'description' | 'releaseNotesUrl' | 'supportedDevices' | 'inventoryIds'>>;

export class SoftwareVersionRepo {
  constructor(private readonly db: Db) {}

  /** Every version with its inventories (a product has tens of versions: read whole, sorted by the caller). */
  async all(): Promise<StoredSoftwareVersion[]> {
    const rows = await this.db.selectFrom('software_versions').selectAll().execute();
    const links = await this.db.selectFrom('software_version_inventories').selectAll().orderBy('inventory_id').execute();
    const byVersion = new Map<string, string[]>();
    for (const link of links) byVersion.set(link.version_id, [...(byVersion.get(link.version_id) ?? []), link.inventory_id]);
    return rows.map((r) => ({
      id: r.id,
      version: r.version,
      description: r.description,
      releaseNotesUrl: r.release_notes_url,
      supportedDevices: parseJsonColumn<string[]>(r.supported_devices_json, []),
      inventoryIds: byVersion.get(r.id) ?? [],
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    }));
  }

  async get(id: string): Promise<StoredSoftwareVersion | undefined> {
    return (await this.all()).find((v) => v.id === id);
  }

  async insert(version: StoredSoftwareVersion): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await trx
        .insertInto('software_versions')
        .values({
          id: version.id,
          version: version.version,
          description: version.description,
          release_notes_url: version.releaseNotesUrl,
          supported_devices_json: JSON.stringify(version.supportedDevices),
          created_at: version.createdAt,
          updated_at: version.updatedAt,
        })
        .execute();
      if (version.inventoryIds.length > 0) {
        await trx.insertInto('software_version_inventories').values(version.inventoryIds.map((inventory_id) => ({ version_id: version.id, inventory_id }))).execute();
      }
    });
  }

  async update(id: string, patch: SoftwareVersionPatch, now: number): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await trx
        .updateTable('software_versions')
        .set({
          ...(patch.version !== undefined ? { version: patch.version } : {}),
          ...(patch.description !== undefined ? { description: patch.description } : {}),
          ...(patch.releaseNotesUrl !== undefined ? { release_notes_url: patch.releaseNotesUrl } : {}),
          ...(patch.supportedDevices !== undefined ? { supported_devices_json: JSON.stringify(patch.supportedDevices) } : {}),
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
      if (patch.inventoryIds !== undefined) {
        await trx.deleteFrom('software_version_inventories').where('version_id', '=', id).execute();
        if (patch.inventoryIds.length > 0) {
          await trx.insertInto('software_version_inventories').values(patch.inventoryIds.map((inventory_id) => ({ version_id: id, inventory_id }))).execute();
        }
      }
    });
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('software_versions').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
