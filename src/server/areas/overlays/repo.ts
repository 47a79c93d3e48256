/** The graphics overlay library (migration 0009): PNG images of an inventory, kept as base64 text. */
import type { Selectable } from 'kysely';
import type { OverlaysTable } from '../../store/schema.ts';
import { lowerOf, type Db } from '../../store/queries.ts';

export interface StoredOverlay {
  id: string;
  inventoryId: string;
  fileName: string;
  width: number;
  height: number;
  sizeBytes: number;
  createdAt: number;
  createdBy: string;
}

const COLUMNS = ['id', 'inventory_id', 'file_name', 'width', 'height', 'size_bytes', 'created_at', 'created_by'] as const;

const toOverlay = (r: Pick<Selectable<OverlaysTable>, (typeof COLUMNS)[number]>): StoredOverlay => ({
  id: r.id,
  inventoryId: r.inventory_id,
  fileName: r.file_name,
  width: r.width,
  height: r.height,
  sizeBytes: r.size_bytes,
  createdAt: r.created_at,
  createdBy: r.created_by,
});

export class OverlayRepo {
  constructor(private readonly db: Db) {}

  /** An inventory's overlays by file name (without the images). */
  async listOfInventory(inventoryId: string): Promise<StoredOverlay[]> {
    const rows = await this.db.selectFrom('overlays').select(COLUMNS).where('inventory_id', '=', inventoryId).orderBy(lowerOf('file_name')).orderBy('id').execute();
    return rows.map(toOverlay);
  }

  async get(id: string): Promise<StoredOverlay | undefined> {
    const row = await this.db.selectFrom('overlays').select(COLUMNS).where('id', '=', id).executeTakeFirst();
    return row && toOverlay(row);
  }

  /** The PNG bytes of an overlay. */
  async image(id: string): Promise<Buffer | undefined> {
    const row = await this.db.selectFrom('overlays').select('png_base64').where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : Buffer.from(row.png_base64, 'base64');
  }

  async insert(overlay: StoredOverlay, png: Buffer): Promise<void> {
    await this.db
      .insertInto('overlays')
      .values({
        id: overlay.id,
        inventory_id: overlay.inventoryId,
        file_name: overlay.fileName,
        width: overlay.width,
        height: overlay.height,
        size_bytes: overlay.sizeBytes,
        png_base64: png.toString('base64'),
        created_at: overlay.createdAt,
        created_by: overlay.createdBy,
      })
      .execute();
  }

  async remove(id: string): Promise<number> {
    const result = await this.db.deleteFrom('overlays').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** How many overlays an inventory has (its deletion is refused while it has any: spec 001 §8). */
  async countOfInventory(inventoryId: string): Promise<number> {
    const row = await this.db.selectFrom('overlays').select((eb) => eb.fn.countAll<number>().as('n')).where('inventory_id', '=', inventoryId).executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
