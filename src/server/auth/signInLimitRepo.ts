/**
 * The shared sign-in limits' tables (migration 0017), written once for both engines: every
 * instance on one database counts in the same rows, so a limit holds across the fleet of fronts.
 *
 * - sign_in_failures: one row per failed sign-in of an address (a sliding window over them);
 * - rate_limit_windows: fixed-window hit counters (scope + key), incremented atomically by one
 *   upsert (INSERT … ON CONFLICT DO UPDATE … RETURNING, on SQLite ≥ 3.35 and PostgreSQL).
 */
import { sql } from 'kysely';
import type { Db } from '../store/queries.ts';

export class SignInLimitRepo {
  constructor(private readonly db: Db) {}

  /** Records a failed sign-in of `address` at `at` (ms). */
  async addFailure(address: string, at: number): Promise<void> {
    await this.db.insertInto('sign_in_failures').values({ address, at }).execute();
  }

  /** The times (ms) of the newest `limit` failures of `address` after `since`, newest first. */
  async recentFailures(address: string, since: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('sign_in_failures')
      .select('at')
      .where('address', '=', address)
      .where('at', '>', since)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => Number(r.at));
  }

  /**
   * Counts one hit of `key` in `scope`: a new window starts when there is none or the last one
   * ended (started_at + window_ms ≤ now). Answers the hits in the current window and when it started.
   */
  async hit(scope: string, key: string, windowMs: number, now: number): Promise<{ hits: number; startedAt: number }> {
    const ended = sql<boolean>`rate_limit_windows.started_at + rate_limit_windows.window_ms <= ${now}`;
    const row = await this.db
      .insertInto('rate_limit_windows')
      .values({ scope, key, started_at: now, window_ms: windowMs, hits: 1 })
      .onConflict((oc) =>
        oc.columns(['scope', 'key']).doUpdateSet({
          hits: sql<number>`case when ${ended} then 1 else rate_limit_windows.hits + 1 end`,
          started_at: sql<number>`case when ${ended} then ${now} else rate_limit_windows.started_at end`,
          window_ms: sql<number>`case when ${ended} then ${windowMs} else rate_limit_windows.window_ms end`,
        }),
      )
      .returning(['hits', 'started_at'])
      .executeTakeFirstOrThrow();
    return { hits: Number(row.hits), startedAt: Number(row.started_at) };
  }

  /** Deletes failures at or before `failuresBefore` and windows that ended at or before `now`; answers how many rows went. */
  async purge(failuresBefore: number, now: number): Promise<number> {
    const failures = await this.db.deleteFrom('sign_in_failures').where('at', '<=', failuresBefore).executeTakeFirst();
    const windows = await this.db
      .deleteFrom('rate_limit_windows')
      .where(sql<boolean>`started_at + window_ms <= ${now}`)
      .executeTakeFirst();
    return Number(failures.numDeletedRows) + Number(windows.numDeletedRows);
  }
}
