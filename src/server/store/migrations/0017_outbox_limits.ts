/**
 * Migration 0017 (issue 18, scale-out): the event outbox and the shared sign-in limits. Never edit
 * a shipped migration: add the next number.
 *
 * - event_outbox: an event a write owes the live bus, stored in the write's own transaction
 *   (src/server/live/eventOutbox.ts); the relay publishes rows in id order and deletes them once
 *   the bus acknowledged them. id: increasing integer (SQLite AUTOINCREMENT, never reused;
 *   PostgreSQL identity); data: the event's JSON; created_at: ms since the epoch.
 * - sign_in_failures: one row per failed sign-in of a client address (the per-address limit of
 *   src/server/auth/signInLimits.ts); at: ms since the epoch. Rows older than the window are purged.
 * - rate_limit_windows: the fixed-window counters of the per-address-and-username /login limit
 *   (@fastify/rate-limit counting through the store): scope, key, the window's start (ms) and the
 *   hits in it. Rows whose window ended are purged.
 */
import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { StoreDialect } from '../schema.ts';
import { columnTypes, jsonValid } from './ddl.ts';

export function outboxLimits(dialect: StoreDialect): Migration {
  const t = columnTypes(dialect);
  const sqlite = dialect === 'sqlite';
  /** An increasing integer key: SQLite's rowid alias (never reused with AUTOINCREMENT), PostgreSQL's identity. */
  const serialId = (c: ColumnDefinitionBuilder) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity());
  const idType = sqlite ? 'integer' : 'bigint';
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('event_outbox')
        .addColumn('id', idType, serialId)
        .addColumn('kind', t.text, (c) => c.notNull())
        .addColumn('entity_id', t.text, (c) => c.notNull())
        .addColumn('data', t.text, (c) => c.notNull().check(jsonValid('data')))
        .addColumn('created_at', t.time, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sign_in_failures')
        .addColumn('id', idType, serialId)
        .addColumn('address', t.text, (c) => c.notNull())
        .addColumn('at', t.time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sign_in_failures_address_at').on('sign_in_failures').columns(['address', 'at']).execute();
      await db.schema.createIndex('sign_in_failures_at').on('sign_in_failures').column('at').execute();
      await db.schema
        .createTable('rate_limit_windows')
        .addColumn('scope', t.text, (c) => c.notNull())
        .addColumn('key', t.text, (c) => c.notNull())
        .addColumn('started_at', t.time, (c) => c.notNull())
        .addColumn('window_ms', t.time, (c) => c.notNull())
        .addColumn('hits', t.integer, (c) => c.notNull())
        .addPrimaryKeyConstraint('rate_limit_windows_pk', ['scope', 'key'])
        .execute();
      await db.schema.createIndex('rate_limit_windows_started').on('rate_limit_windows').column('started_at').execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('rate_limit_windows').execute();
      await db.schema.dropTable('sign_in_failures').execute();
      await db.schema.dropTable('event_outbox').execute();
    },
  };
}
