import type Database from 'better-sqlite3';
import { parseJsonColumn } from './db.ts';

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

interface Row {
  id: string;
  name: string;
  region: string;
  customer: string;
  parent_id: string | null;
  features_json: string;
  created_at: number;
}

const toInventory = (r: Row): Inventory => ({
  id: r.id,
  name: r.name,
  region: r.region,
  customer: r.customer,
  parentId: r.parent_id,
  features: parseJsonColumn<string[]>(r.features_json, []),
  createdAt: r.created_at,
});

export class InventoryRepo {
  private readonly insertStmt;
  private readonly getStmt;
  private readonly listStmt;
  private readonly countStmt;

  constructor(db: Database.Database) {
    this.insertStmt = db.prepare(
      `INSERT INTO inventories (id, name, region, customer, parent_id, features_json, created_at)
       VALUES (@id, @name, @region, @customer, @parentId, @features, @createdAt)`,
    );
    this.getStmt = db.prepare<[string], Row>('SELECT * FROM inventories WHERE id = ?');
    this.listStmt = db.prepare<[], Row>('SELECT * FROM inventories ORDER BY name');
    this.countStmt = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM inventories');
  }

  insert(inv: Inventory): void {
    this.insertStmt.run({ ...inv, features: JSON.stringify(inv.features) });
  }

  get(id: string): Inventory | undefined {
    const row = this.getStmt.get(id);
    return row && toInventory(row);
  }

  list(): Inventory[] {
    return this.listStmt.all().map(toInventory);
  }

  count(): number {
    return this.countStmt.get()?.n ?? 0;
  }
}
