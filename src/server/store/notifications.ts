import type Database from 'better-sqlite3';

/** A global notification (spec 002 §3): shown until expireDate (ms since epoch). */
export interface StoredNotification {
  id: string;
  globalNotification: string;
  expireDate: number;
  createdAt: number;
}

interface Row {
  id: string;
  global_notification: string;
  expire_date: number;
  created_at: number;
}

export class NotificationRepo {
  private readonly insertStmt;
  private readonly activeStmt;

  constructor(db: Database.Database) {
    this.insertStmt = db.prepare(
      `INSERT INTO notifications (id, global_notification, expire_date, created_at)
       VALUES (@id, @globalNotification, @expireDate, @createdAt)`,
    );
    this.activeStmt = db.prepare<[number], Row>(
      'SELECT * FROM notifications WHERE expire_date > ? ORDER BY expire_date',
    );
  }

  insert(n: StoredNotification): void {
    this.insertStmt.run(n);
  }

  /** Notifications not yet expired at `now`, soonest expiry first. */
  active(now: number): StoredNotification[] {
    return this.activeStmt.all(now).map((r) => ({
      id: r.id,
      globalNotification: r.global_notification,
      expireDate: r.expire_date,
      createdAt: r.created_at,
    }));
  }
}
