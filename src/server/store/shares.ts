/**
 * Share publishers and subscribers per inventory (spec 002 §3, §5) and each unit's sharing options
 * (ours: the subscribers its live stream is shared to, channel mode "multipoint share"), in the
 * tables of migration 3. The repository is made per store by `sharesOf(store)` (store.ts is shared).
 */
import type Database from 'better-sqlite3';
import type { Publisher, SharePartyFields, Subscriber } from '../../domain/shares.ts';
import type { Store } from './store.ts';

interface Row {
  id: string;
  inventory_id: string;
  name: string;
  share_key: string;
  description: string;
  group_id: string | null;
  created_on: number;
  created_by: string;
}

const toParty = (r: Row): SharePartyFields => ({
  id: r.id,
  inventoryId: r.inventory_id,
  name: r.name,
  shareKey: r.share_key,
  description: r.description,
  groupId: r.group_id,
  createdOn: r.created_on,
  createdBy: r.created_by,
});

const INSERT_COLUMNS = '(id, inventory_id, name, share_key, description, group_id, created_on, created_by) VALUES (@id, @inventoryId, @name, @shareKey, @description, @groupId, @createdOn, @createdBy)';

export class ShareRepo {
  private readonly insertPublisherStmt;
  private readonly insertSubscriberStmt;
  private readonly publishersStmt;
  private readonly subscribersStmt;
  private readonly unitSubscribersStmt;
  private readonly clearUnitStmt;
  private readonly addUnitStmt;

  constructor(private readonly db: Database.Database) {
    this.insertPublisherStmt = db.prepare(`INSERT INTO share_publishers ${INSERT_COLUMNS}`);
    this.insertSubscriberStmt = db.prepare(`INSERT INTO share_subscribers ${INSERT_COLUMNS}`);
    this.publishersStmt = db.prepare<[string], Row>('SELECT * FROM share_publishers WHERE inventory_id = ? ORDER BY name COLLATE NOCASE, id');
    this.subscribersStmt = db.prepare<[string], Row>('SELECT * FROM share_subscribers WHERE inventory_id = ? ORDER BY name COLLATE NOCASE, id');
    this.unitSubscribersStmt = db.prepare<[string], Row>(
      `SELECT s.* FROM unit_shares u JOIN share_subscribers s ON s.id = u.subscriber_id
       WHERE u.unit_uid = ? ORDER BY s.name COLLATE NOCASE, s.id`,
    );
    this.clearUnitStmt = db.prepare<[string]>('DELETE FROM unit_shares WHERE unit_uid = ?');
    this.addUnitStmt = db.prepare<[string, string]>('INSERT INTO unit_shares (unit_uid, subscriber_id) VALUES (?, ?)');
  }

  insertPublisher(publisher: Publisher): void {
    this.insertPublisherStmt.run(publisher);
  }

  insertSubscriber(subscriber: Subscriber): void {
    this.insertSubscriberStmt.run(subscriber);
  }

  publishers(inventoryId: string): Publisher[] {
    return this.publishersStmt.all(inventoryId).map(toParty);
  }

  subscribers(inventoryId: string): Subscriber[] {
    return this.subscribersStmt.all(inventoryId).map(toParty);
  }

  /** The subscribers a unit's stream is shared to. */
  unitSubscribers(unitUid: string): Subscriber[] {
    return this.unitSubscribersStmt.all(unitUid).map(toParty);
  }

  /** Replaces a unit's sharing options in one transaction (ids checked by the caller). */
  setUnitSubscribers(unitUid: string, subscriberIds: readonly string[]): void {
    this.db.transaction(() => {
      this.clearUnitStmt.run(unitUid);
      for (const id of subscriberIds) this.addUnitStmt.run(unitUid, id);
    })();
  }
}

const repos = new WeakMap<Store, ShareRepo>();

/** The store's share repository (made on first use). */
export function sharesOf(store: Store): ShareRepo {
  let repo = repos.get(store);
  if (repo === undefined) {
    repo = new ShareRepo(store.db);
    repos.set(store, repo);
  }
  return repo;
}

/** Demo shares (issue 5): two publishers and three subscribers per inventory, fixed ids and keys. */
export function seedDemoShares(store: Store, inventories: readonly { id: string; name: string }[], groups: readonly { id: string; inventoryId: string }[], now: number): void {
  const repo = sharesOf(store);
  for (const inventory of inventories) {
    const tag = inventory.id.replace(/^INV-/, '');
    const groupId = groups.find((g) => g.inventoryId === inventory.id)?.id ?? null;
    const party = (kind: 'PUB' | 'SUB', i: number, name: string, description: string): SharePartyFields => ({
      id: `${kind}-${tag}-${i}`,
      inventoryId: inventory.id,
      name,
      shareKey: `${kind}-${tag}-KEY-${i}`.toLowerCase(),
      description,
      groupId,
      createdOn: now,
      createdBy: 'super_user',
    });
    repo.insertPublisher(party('PUB', 1, `${inventory.name}-Main`, 'Main programme feed'));
    repo.insertPublisher(party('PUB', 2, `${inventory.name}-Backup`, 'Backup feed'));
    repo.insertSubscriber(party('SUB', 1, 'Affiliate-North', 'Regional affiliate, north'));
    repo.insertSubscriber(party('SUB', 2, 'Affiliate-South', 'Regional affiliate, south'));
    repo.insertSubscriber(party('SUB', 3, 'Partner-Network', 'Partner network exchange'));
  }
}
