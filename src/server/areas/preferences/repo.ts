import { parseJsonColumn, type Db } from '../../store/queries.ts';

/** Per-user preferences (spec 002 §3), stored whole as one JSON document. */
export class PreferencesRepo {
  constructor(private readonly db: Db) {}

  /** The stored document, or null when the user has never saved preferences. */
  async get(userId: string): Promise<Record<string, unknown> | null> {
    const row = await this.db.selectFrom('user_preferences').select('prefs_json').where('user_id', '=', userId).executeTakeFirst();
    return row ? parseJsonColumn<Record<string, unknown> | null>(row.prefs_json, null) : null;
  }

  /** Inserts or replaces the user's document. */
  async put(userId: string, prefs: object, now: number): Promise<void> {
    await this.db
      .insertInto('user_preferences')
      .values({ user_id: userId, prefs_json: JSON.stringify(prefs), updated_at: now })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet((eb) => ({ prefs_json: eb.ref('excluded.prefs_json'), updated_at: eb.ref('excluded.updated_at') })),
      )
      .execute();
  }
}
