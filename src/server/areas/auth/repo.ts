import type { Selectable } from 'kysely';
import type { SessionsTable } from '../../store/schema.ts';
import type { Db } from '../../store/queries.ts';

export interface Session {
  id: string; // sha256 of the cookie token, hex
  userId: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  absoluteExpiresAt: number;
}

const toSession = (r: Selectable<SessionsTable>): Session => ({
  id: r.id,
  userId: r.user_id,
  createdAt: r.created_at,
  lastSeenAt: r.last_seen_at,
  expiresAt: r.expires_at,
  absoluteExpiresAt: r.absolute_expires_at,
});

export class SessionRepo {
  constructor(private readonly db: Db) {}

  async insert(session: Session): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({
        id: session.id,
        user_id: session.userId,
        created_at: session.createdAt,
        last_seen_at: session.lastSeenAt,
        expires_at: session.expiresAt,
        absolute_expires_at: session.absoluteExpiresAt,
      })
      .execute();
  }

  async get(id: string): Promise<Session | undefined> {
    const row = await this.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toSession(row);
  }

  async touch(id: string, now: number, expiresAt: number): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen_at: now, expires_at: expiresAt }).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('sessions').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** The ids of the user's sessions (to close their websockets before they end). */
  async idsOfUser(userId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('sessions').select('id').where('user_id', '=', userId).orderBy('id').execute();
    return rows.map((r) => r.id);
  }

  /** Ends every session of the user but `exceptId` (null: all); returns the ids that ended. */
  async deleteOfUser(userId: string, exceptId: string | null = null): Promise<string[]> {
    const ids = (await this.idsOfUser(userId)).filter((id) => id !== exceptId);
    if (ids.length > 0) await this.db.deleteFrom('sessions').where('id', 'in', ids).execute();
    return ids;
  }

  /** Removes sessions past their idle or absolute expiry; returns how many. */
  async purgeExpired(now: number): Promise<number> {
    const result = await this.db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('absolute_expires_at', '<=', now)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
