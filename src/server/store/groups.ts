import type Database from 'better-sqlite3';

export interface Group {
  id: string;
  name: string;
  inventoryId: string;
  autoAssociation: boolean;
  unitAutoAssociation: boolean;
  createdAt: number;
}

/** A group as the console lists it (groups/fetch): with its inventory's name. */
export interface GroupSummary {
  uid: string;
  name: string;
  inventoryId: string;
  inventoryName: string;
}

interface Row {
  id: string;
  name: string;
  inventory_id: string;
  auto_association: number;
  unit_auto_association: number;
  created_at: number;
}

const toGroup = (r: Row): Group => ({
  id: r.id,
  name: r.name,
  inventoryId: r.inventory_id,
  autoAssociation: r.auto_association === 1,
  unitAutoAssociation: r.unit_auto_association === 1,
  createdAt: r.created_at,
});

export class GroupRepo {
  private readonly insertStmt;
  private readonly getStmt;
  private readonly listStmt;
  private readonly forUserStmt;

  constructor(db: Database.Database) {
    this.insertStmt = db.prepare(
      `INSERT INTO groups (id, name, inventory_id, auto_association, unit_auto_association, created_at)
       VALUES (@id, @name, @inventoryId, @autoAssociation, @unitAutoAssociation, @createdAt)`,
    );
    this.getStmt = db.prepare<[string], Row>('SELECT * FROM groups WHERE id = ?');
    this.listStmt = db.prepare<[], Row>('SELECT * FROM groups ORDER BY name');
    this.forUserStmt = db.prepare<[string], { uid: string; name: string; inventoryId: string; inventoryName: string }>(
      `SELECT g.id AS uid, g.name AS name, g.inventory_id AS inventoryId, i.name AS inventoryName
       FROM user_groups ug JOIN groups g ON g.id = ug.group_id JOIN inventories i ON i.id = g.inventory_id
       WHERE ug.user_id = ? ORDER BY g.name`,
    );
  }

  insert(group: Group): void {
    this.insertStmt.run({
      ...group,
      autoAssociation: group.autoAssociation ? 1 : 0,
      unitAutoAssociation: group.unitAutoAssociation ? 1 : 0,
    });
  }

  get(id: string): Group | undefined {
    const row = this.getStmt.get(id);
    return row && toGroup(row);
  }

  list(): Group[] {
    return this.listStmt.all().map(toGroup);
  }

  /** The groups a user belongs to, by name. */
  forUser(userId: string): GroupSummary[] {
    return this.forUserStmt.all(userId);
  }
}
