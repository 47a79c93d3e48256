/**
 * The event outbox table (migration 0017), written once for both engines. `add` runs on the
 * write's own transaction (a Store from `store.transaction`), so the event is stored exactly when
 * the change is; the relay reads the oldest rows and deletes them once published.
 */
import type { Db } from '../store/queries.ts';

export interface OutboxRow {
  id: number;
  kind: string;
  entityId: string;
  /** The event's data (parsed JSON). */
  data: unknown;
  createdAt: number;
}

export class OutboxRepo {
  constructor(private readonly db: Db) {}

  /** Stores one event; answers its id (ids increase in commit order within one writer). */
  async add(kind: string, entityId: string, data: unknown, createdAt: number): Promise<number> {
    const row = await this.db
      .insertInto('event_outbox')
      .values({ kind, entity_id: entityId, data: JSON.stringify(data ?? null), created_at: createdAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** The oldest `limit` rows, in id order. */
  async oldest(limit: number): Promise<OutboxRow[]> {
    const rows = await this.db.selectFrom('event_outbox').selectAll().orderBy('id').limit(limit).execute();
    return rows.map((r) => ({ id: Number(r.id), kind: r.kind, entityId: r.entity_id, data: parseData(r.data), createdAt: r.created_at }));
  }

  /** Deletes the rows with these ids (published); answers how many were deleted. */
  async remove(ids: readonly number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.db.deleteFrom('event_outbox').where('id', 'in', [...ids]).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Rows waiting (for tests and metrics). */
  async count(): Promise<number> {
    const row = await this.db.selectFrom('event_outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

function parseData(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null; // impossible: the column is CHECKed json_valid
  }
}
