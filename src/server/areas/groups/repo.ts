import type { Selectable } from 'kysely';
import type { GroupsTable } from '../../store/schema.ts';
import { toFlag, type Db } from '../../store/queries.ts';

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

const toGroup = (r: Selectable<GroupsTable>): Group => ({
  id: r.id,
  name: r.name,
  inventoryId: r.inventory_id,
  autoAssociation: r.auto_association === 1,
  unitAutoAssociation: r.unit_auto_association === 1,
  createdAt: r.created_at,
});

export class GroupRepo {
  constructor(private readonly db: Db) {}

  async insert(group: Group): Promise<void> {
    await this.db
      .insertInto('groups')
      .values({
        id: group.id,
        name: group.name,
        inventory_id: group.inventoryId,
        auto_association: toFlag(group.autoAssociation),
        unit_auto_association: toFlag(group.unitAutoAssociation),
        created_at: group.createdAt,
      })
      .execute();
  }

  async get(id: string): Promise<Group | undefined> {
    const row = await this.db.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toGroup(row);
  }

  async list(): Promise<Group[]> {
    const rows = await this.db.selectFrom('groups').selectAll().orderBy('name').execute();
    return rows.map(toGroup);
  }

  /** The groups a user belongs to, by name. */
  async forUser(userId: string): Promise<GroupSummary[]> {
    return this.db
      .selectFrom('user_groups as ug')
      .innerJoin('groups as g', 'g.id', 'ug.group_id')
      .innerJoin('inventories as i', 'i.id', 'g.inventory_id')
      .select(['g.id as uid', 'g.name as name', 'g.inventory_id as inventoryId', 'i.name as inventoryName'])
      .where('ug.user_id', '=', userId)
      .orderBy('g.name')
      .execute();
  }
}
