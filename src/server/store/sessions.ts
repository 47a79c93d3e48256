import type Database from 'better-sqlite3';

export interface Session {
  id: string; // sha256 of the cookie token, hex
  userId: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  absoluteExpiresAt: number;
}

interface Row {
  id: string;
  user_id: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  absolute_expires_at: number;
}

const toSession = (r: Row): Session => ({
  id: r.id,
  userId: r.user_id,
  createdAt: r.created_at,
  lastSeenAt: r.last_seen_at,
  expiresAt: r.expires_at,
  absoluteExpiresAt: r.absolute_expires_at,
});

export class SessionRepo {
  private readonly insertStmt;
  private readonly getStmt;
  private readonly touchStmt;
  private readonly deleteStmt;
  private readonly purgeStmt;

  constructor(db: Database.Database) {
    this.insertStmt = db.prepare(
      `INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at, absolute_expires_at)
       VALUES (@id, @userId, @createdAt, @lastSeenAt, @expiresAt, @absoluteExpiresAt)`,
    );
    this.getStmt = db.prepare<[string], Row>('SELECT * FROM sessions WHERE id = ?');
    this.touchStmt = db.prepare('UPDATE sessions SET last_seen_at = ?, expires_at = ? WHERE id = ?');
    this.deleteStmt = db.prepare('DELETE FROM sessions WHERE id = ?');
    this.purgeStmt = db.prepare('DELETE FROM sessions WHERE expires_at <= ? OR absolute_expires_at <= ?');
  }

  insert(session: Session): void {
    this.insertStmt.run(session);
  }

  get(id: string): Session | undefined {
    const row = this.getStmt.get(id);
    return row && toSession(row);
  }

  touch(id: string, now: number, expiresAt: number): void {
    this.touchStmt.run(now, expiresAt, id);
  }

  delete(id: string): boolean {
    return this.deleteStmt.run(id).changes > 0;
  }

  /** Removes sessions past their idle or absolute expiry; returns how many. */
  purgeExpired(now: number): number {
    return this.purgeStmt.run(now, now).changes;
  }
}
