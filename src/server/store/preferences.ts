import type Database from 'better-sqlite3';
import { parseJsonColumn } from './db.ts';

/** Per-user preferences (spec 002 §3), stored whole as one JSON document. */
export class PreferencesRepo {
  private readonly getStmt;
  private readonly putStmt;

  constructor(db: Database.Database) {
    this.getStmt = db.prepare<[string], { prefs_json: string }>('SELECT prefs_json FROM user_preferences WHERE user_id = ?');
    this.putStmt = db.prepare(
      `INSERT INTO user_preferences (user_id, prefs_json, updated_at) VALUES (?, ?, ?)
       ON CONFLICT(user_id) DO UPDATE SET prefs_json = excluded.prefs_json, updated_at = excluded.updated_at`,
    );
  }

  /** The stored document, or null when the user has never saved preferences. */
  get(userId: string): Record<string, unknown> | null {
    const row = this.getStmt.get(userId);
    return row ? parseJsonColumn<Record<string, unknown> | null>(row.prefs_json, null) : null;
  }

  put(userId: string, prefs: Record<string, unknown>, now: number): void {
    this.putStmt.run(userId, JSON.stringify(prefs), now);
  }
}
