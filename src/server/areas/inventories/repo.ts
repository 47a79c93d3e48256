import type { Selectable } from 'kysely';
import type { InventoriesTable } from '../../store/schema.ts';
import { parseJsonColumn, type Db } from '../../store/queries.ts';

export interface Inventory {
  id: string;
  name: string;
  region: string;
  customer: string;
  parentId: string | null;
  /** Feature flags per inventory (spec 000 §6): map view, reboot, lux, vsim, PTMP, ... */
  features: string[];
  createdAt: number;
}

const toInventory = (r: Selectable<InventoriesTable>): Inventory => ({
  id: r.id,
  name: r.name,
  region: r.region,
  customer: r.customer,
  parentId: r.parent_id,
  features: parseJsonColumn<string[]>(r.features_json, []),
  createdAt: r.created_at,
});

export class InventoryRepo {
  constructor(private readonly db: Db) {}

  async insert(inv: Inventory): Promise<void> {
    await this.db
      .insertInto('inventories')
      .values({
        id: inv.id,
        name: inv.name,
        region: inv.region,
        customer: inv.customer,
        parent_id: inv.parentId,
        features_json: JSON.stringify(inv.features),
        created_at: inv.createdAt,
      })
      .execute();
  }

  async get(id: string): Promise<Inventory | undefined> {
    const row = await this.db.selectFrom('inventories').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toInventory(row);
  }

  async list(): Promise<Inventory[]> {
    const rows = await this.db.selectFrom('inventories').selectAll().orderBy('name').execute();
    return rows.map(toInventory);
  }

  async count(): Promise<number> {
    const row = await this.db.selectFrom('inventories').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
