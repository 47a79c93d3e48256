/**
 * Share publishers and subscribers per inventory (spec 002 §3, §5) and each unit's sharing options
 * (ours: the subscribers its live stream is shared to, channel mode "multipoint share"), in the
 * tables of migration 0003. Subscriber names and share keys are unique per inventory without case.
 */
import type { Selectable } from 'kysely';
import type { Publisher, SharePartyFields, Subscriber } from '../../../domain/shares.ts';
import type { SharePartiesTable } from '../../store/schema.ts';
import { inTransaction, lowerOf, type Db } from '../../store/queries.ts';

const toParty = (r: Selectable<SharePartiesTable>): SharePartyFields => ({
  id: r.id,
  inventoryId: r.inventory_id,
  name: r.name,
  shareKey: r.share_key,
  description: r.description,
  groupId: r.group_id,
  createdOn: r.created_on,
  createdBy: r.created_by,
});

const toRow = (p: SharePartyFields): Selectable<SharePartiesTable> => ({
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
}
