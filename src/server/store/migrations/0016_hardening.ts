/**
 * Migration 0016 (issue 16 item 5, accounts): the simulated mail service and pending e-mail
 * changes. Never edit a shipped migration: add the next number.
 *
 * - mail_outbox: every message the server "sends" (this product has no mail service: tests and the
 *   demo read the outbox instead); to, subject, text, when.
 * - email_changes: a user's request to use a new address, confirmed by the token mailed to that
 *   address; only the token's SHA-256 is kept, and it expires (expires_at, ms since the epoch).
 */
import type { Kysely, Migration } from 'kysely';
import type { StoreDialect } from '../schema.ts';
import { columnTypes } from './ddl.ts';

export function hardening(dialect: StoreDialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('mail_outbox')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('to_address', t.text, (c) => c.notNull())
        .addColumn('subject', t.text, (c) => c.notNull())
        .addColumn('body', t.text, (c) => c.notNull())
        .addColumn('created_at', t.time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('mail_outbox_to').on('mail_outbox').columns(['to_address', 'created_at']).execute();
      await db.schema
        .createTable('email_changes')
        .addColumn('token_hash', t.text, (c) => c.primaryKey())
        .addColumn('user_id', t.text, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('new_email', t.text, (c) => c.notNull())
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addColumn('expires_at', t.time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('email_changes_user').on('email_changes').column('user_id').execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('email_changes').execute();
      await db.schema.dropTable('mail_outbox').execute();
    },
  };
}
