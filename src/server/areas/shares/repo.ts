/**
 * Share publishers and subscribers per inventory (spec 002 §3, §5) and each unit's sharing options
 * (ours: the subscribers its live stream is shared to, channel mode "multipoint share"), in the
 * tables of migration 0003. Subscriber names and share keys are unique per inventory without case.
 */
import type { Selectable } from 'kysely';
import type { Publisher, SharePartyFields, ShareKind, Subscriber } from '../../../domain/shares.ts';
import type { ShareFoldersTable, SharePartiesTable } from '../../store/schema.ts';
import { containsText, inTransaction, lowerOf, type Db } from '../../store/queries.ts';

/** A stored party with the folder it is filed in (null = the root; migration 0013). */
export interface FiledParty extends SharePartyFields {
  readonly folderId: string | null;
}

/** A party as the My Publishers / My Subscribers tables list it. */
export interface PartyListRow extends FiledParty {
  readonly inventoryName: string;
  readonly groupName: string | null;
  /** null when filed in the root. */
  readonly folderName: string | null;
}

export interface StoredFolder {
  readonly id: string;
  readonly inventoryId: string;
  readonly kind: ShareKind;
  readonly parentId: string | null;
  readonly name: string;
  readonly isRoot: boolean;
  readonly createdOn: number;
  readonly createdBy: string;
}

export interface PartyListing {
  readonly inventoryId: string;
  /** Only this folder; for the root folder, the parties with no folder too. */
  readonly folder?: { readonly id: string; readonly isRoot: boolean };
  readonly searchKey: 'name' | 'description' | 'createdBy';
  readonly searchValue: string;
  readonly sortBy: 'name' | 'description' | 'createdOn' | 'createdBy';
  readonly sortDir: 'asc' | 'desc';
  readonly limit: number;
  readonly offset: number;
}

export type PartyPatch = Partial<Pick<FiledParty, 'name' | 'shareKey' | 'description' | 'groupId' | 'folderId'>>;

/** The table of a kind (both have the same columns: SharePartiesTable). */
const PARTY_TABLE = { publishers: 'share_publishers', subscribers: 'share_subscribers' } as const;
/** Kysely types a table by name; both tables share one row type, so one name stands for both. */
const tableOf = (kind: ShareKind): 'share_publishers' => PARTY_TABLE[kind] as 'share_publishers';

const SORT_COLUMNS = { name: 'p.name', description: 'p.description', createdOn: 'p.created_on', createdBy: 'p.created_by' } as const;

const toFolder = (r: Selectable<ShareFoldersTable>): StoredFolder => ({
  id: r.id,
  inventoryId: r.inventory_id,
  kind: r.kind as ShareKind,
  parentId: r.parent_id,
  name: r.name,
  isRoot: r.is_root === 1,
  createdOn: Number(r.created_on),
  createdBy: r.created_by,
});

const toParty = (r: Selectable<SharePartiesTable>): FiledParty => ({
  folderId: r.folder_id,
  id: r.id,
  inventoryId: r.inventory_id,
  name: r.name,
  shareKey: r.share_key,
  description: r.description,
  groupId: r.group_id,
  createdOn: Number(r.created_on),
  createdBy: r.created_by,
});

const toRow = (p: SharePartyFields & { readonly folderId?: string | null }): Selectable<SharePartiesTable> => ({
  folder_id: p.folderId ?? null,
  id: p.id,
  inventory_id: p.inventoryId,
  name: p.name,
  share_key: p.shareKey,
  description: p.description,
  group_id: p.groupId,
  created_on: p.createdOn,
  created_by: p.createdBy,
});

export class ShareRepo {
  constructor(private readonly db: Db) {}

  async insertPublisher(publisher: Publisher): Promise<void> {
    await this.db.insertInto('share_publishers').values(toRow(publisher)).execute();
  }

  async insertSubscriber(subscriber: Subscriber): Promise<void> {
    await this.db.insertInto('share_subscribers').values(toRow(subscriber)).execute();
  }

  /** An inventory's publishers, by name without case. */
  async publishers(inventoryId: string): Promise<Publisher[]> {
    const rows = await this.db.selectFrom('share_publishers').selectAll().where('inventory_id', '=', inventoryId).orderBy(lowerOf('name')).orderBy('id').execute();
    return rows.map(toParty);
  }

  /** An inventory's subscribers, by name without case. */
  async subscribers(inventoryId: string): Promise<Subscriber[]> {
    const rows = await this.db.selectFrom('share_subscribers').selectAll().where('inventory_id', '=', inventoryId).orderBy(lowerOf('name')).orderBy('id').execute();
    return rows.map(toParty);
  }

  /** The subscribers a unit's stream is shared to. */
  async unitSubscribers(unitUid: string): Promise<Subscriber[]> {
    const rows = await this.db
      .selectFrom('unit_shares as u')
      .innerJoin('share_subscribers as s', 's.id', 'u.subscriber_id')
      .selectAll('s')
      .where('u.unit_uid', '=', unitUid)
      .orderBy(lowerOf('s.name'))
      .orderBy('s.id')
      .execute();
    return rows.map(toParty);
  }

  /** Replaces a unit's sharing options in one transaction (ids checked by the caller). */
  async setUnitSubscribers(unitUid: string, subscriberIds: readonly string[]): Promise<void> {
    await inTransaction(this.db, async (db) => {
      await db.deleteFrom('unit_shares').where('unit_uid', '=', unitUid).execute();
      if (subscriberIds.length > 0) {
        await db
          .insertInto('unit_shares')
          .values(subscriberIds.map((id) => ({ unit_uid: unitUid, subscriber_id: id })))
          .execute();
      }
    });
  }

  // ── My Publishers / My Subscribers (issue 14 part B) ──────────────────────────────────────────

  /** The parties of an inventory with their inventory's, group's and folder's names. */
  private listed(kind: ShareKind, inventoryId: string) {
    return this.db
      .selectFrom(`${tableOf(kind)} as p`)
      .innerJoin('inventories as i', 'i.id', 'p.inventory_id')
      .leftJoin('groups as g', 'g.id', 'p.group_id')
      .leftJoin('share_folders as f', 'f.id', 'p.folder_id')
      .where('p.inventory_id', '=', inventoryId);
  }

  private static listRow(r: Selectable<SharePartiesTable> & { inventory_name: string; group_name: string | null; folder_name: string | null }): PartyListRow {
    return { ...toParty(r), inventoryName: r.inventory_name, groupName: r.group_name ?? null, folderName: r.folder_name ?? null };
  }

  /** One page of an inventory's parties of a kind, searched without case, sorted, then by id. */
  async partyPage(kind: ShareKind, listing: PartyListing): Promise<{ total: number; items: PartyListRow[] }> {
    let query = this.listed(kind, listing.inventoryId);
    const folder = listing.folder;
    if (folder !== undefined) {
      query = folder.isRoot ? query.where((eb) => eb.or([eb('p.folder_id', 'is', null), eb('p.folder_id', '=', folder.id)])) : query.where('p.folder_id', '=', folder.id);
    }
    if (listing.searchValue !== '') query = query.where(containsText(SORT_COLUMNS[listing.searchKey], listing.searchValue));
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const column = SORT_COLUMNS[listing.sortBy];
    const sorted = listing.sortBy === 'createdOn' ? query.orderBy(column, listing.sortDir) : query.orderBy(lowerOf(column), listing.sortDir);
    const rows = await sorted
      .selectAll('p')
      .select(['i.name as inventory_name', 'g.name as group_name', 'f.name as folder_name'])
      .orderBy(lowerOf('p.name'))
      .orderBy('p.id')
      .limit(listing.limit)
      .offset(listing.offset)
      .execute();
    return { total: Number(total?.n ?? 0), items: rows.map(ShareRepo.listRow) };
  }

  /** One party as the tables list it. */
  async partyRow(kind: ShareKind, inventoryId: string, id: string): Promise<PartyListRow | undefined> {
    const row = await this.listed(kind, inventoryId).where('p.id', '=', id).selectAll('p').select(['i.name as inventory_name', 'g.name as group_name', 'f.name as folder_name']).executeTakeFirst();
    return row && ShareRepo.listRow(row);
  }

  async party(kind: ShareKind, inventoryId: string, id: string): Promise<FiledParty | undefined> {
    const row = await this.db.selectFrom(tableOf(kind)).selectAll().where('id', '=', id).where('inventory_id', '=', inventoryId).executeTakeFirst();
    return row && toParty(row);
  }

  async partiesOf(kind: ShareKind, inventoryId: string): Promise<FiledParty[]> {
    const rows = await this.db.selectFrom(tableOf(kind)).selectAll().where('inventory_id', '=', inventoryId).execute();
    return rows.map(toParty);
  }

  async insertParty(kind: ShareKind, party: FiledParty): Promise<void> {
    await this.db.insertInto(tableOf(kind)).values(toRow(party)).execute();
  }

  async updateParty(kind: ShareKind, id: string, patch: PartyPatch): Promise<void> {
    const set = {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.shareKey !== undefined ? { share_key: patch.shareKey } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      ...(patch.groupId !== undefined ? { group_id: patch.groupId } : {}),
      ...(patch.folderId !== undefined ? { folder_id: patch.folderId } : {}),
    };
    if (Object.keys(set).length === 0) return;
    await this.db.updateTable(tableOf(kind)).set(set).where('id', '=', id).execute();
  }

  /** Deletes a party (a subscriber's unit shares go with it: foreign key cascade). */
  async deleteParty(kind: ShareKind, id: string): Promise<number> {
    if (kind === 'subscribers') await this.db.deleteFrom('unit_shares').where('subscriber_id', '=', id).execute();
    const result = await this.db.deleteFrom(tableOf(kind)).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async folders(inventoryId: string, kind: ShareKind): Promise<StoredFolder[]> {
    const rows = await this.db.selectFrom('share_folders').selectAll().where('inventory_id', '=', inventoryId).where('kind', '=', kind).orderBy('is_root', 'desc').orderBy(lowerOf('name')).orderBy('id').execute();
    return rows.map(toFolder);
  }

  async folder(inventoryId: string, id: string): Promise<StoredFolder | undefined> {
    const row = await this.db.selectFrom('share_folders').selectAll().where('id', '=', id).where('inventory_id', '=', inventoryId).executeTakeFirst();
    return row && toFolder(row);
  }

  async insertFolder(folder: StoredFolder): Promise<void> {
    await this.db
      .insertInto('share_folders')
      .values({ id: folder.id, inventory_id: folder.inventoryId, kind: folder.kind, parent_id: folder.parentId, name: folder.name, is_root: folder.isRoot ? 1 : 0, created_on: folder.createdOn, created_by: folder.createdBy })
      .execute();
  }

  async renameFolder(id: string, name: string): Promise<void> {
    await this.db.updateTable('share_folders').set({ name }).where('id', '=', id).execute();
  }

  async deleteFolder(id: string): Promise<number> {
    const result = await this.db.deleteFrom('share_folders').where('id', '=', id).where('is_root', '=', 0).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Parties filed directly in each folder of a tree (the root's count includes unfiled parties). */
  async folderCounts(inventoryId: string, kind: ShareKind): Promise<Map<string | null, number>> {
    const rows = await this.db
      .selectFrom(tableOf(kind))
      .select(['folder_id'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('inventory_id', '=', inventoryId)
      .groupBy('folder_id')
      .execute();
    return new Map(rows.map((r) => [r.folder_id, Number(r.n)]));
  }

  /** What a folder holds directly: parties of its kind and sub-folders. */
  async folderHolds(folder: StoredFolder): Promise<{ parties: number; folders: number }> {
    const [parties, folders] = await Promise.all([
      this.db.selectFrom(tableOf(folder.kind)).select((eb) => eb.fn.countAll<number>().as('n')).where('folder_id', '=', folder.id).executeTakeFirst(),
      this.db.selectFrom('share_folders').select((eb) => eb.fn.countAll<number>().as('n')).where('parent_id', '=', folder.id).executeTakeFirst(),
    ]);
    return { parties: Number(parties?.n ?? 0), folders: Number(folders?.n ?? 0) };
  }
}
