import type { Db } from '../../store/queries.ts';

/** A global notification (spec 002 §3): shown until expireDate (ms since epoch). */
export interface StoredNotification {
  id: string;
  globalNotification: string;
  expireDate: number;
  createdAt: number;
}

export class NotificationRepo {
  constructor(private readonly db: Db) {}

  async insert(n: StoredNotification): Promise<void> {
    await this.db
      .insertInto('notifications')
      .values({ id: n.id, global_notification: n.globalNotification, expire_date: n.expireDate, created_at: n.createdAt })
      .execute();
  }

  /** Notifications not yet expired at `now`, soonest expiry first. */
  async active(now: number): Promise<StoredNotification[]> {
    const rows = await this.db.selectFrom('notifications').selectAll().where('expire_date', '>', now).orderBy('expire_date').execute();
    return rows.map((r) => ({
      id: r.id,
      globalNotification: r.global_notification,
      expireDate: r.expire_date,
      createdAt: r.created_at,
    }));
  }
}
