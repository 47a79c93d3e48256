/**
 * Migration 0006: the contact details a user keeps on their account (spec 002 §3 User "contact",
 * §7 GET and POST users/contact; the fields are ours). One row per user who saved them; a user
 * who never did has none (the answer is then empty texts). Never edit a shipped migration: add the
 * next number.
 */
import type { Kysely, Migration } from 'kysely';
import type { StoreDialect } from '../schema.ts';
import { columnTypes, maxLength } from './ddl.ts';

export function userContacts(dialect: StoreDialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('user_contacts')
        .addColumn('user_id', t.text, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        // Digits only is the domain's rule (src/domain/users.ts); the column keeps the lengths.
        .addColumn('phone', t.text, (c) => c.notNull().defaultTo('').check(maxLength('phone', 15)))
        .addColumn('company', t.text, (c) => c.notNull().defaultTo('').check(maxLength('company', 255)))
        .addColumn('address', t.text, (c) => c.notNull().defaultTo('').check(maxLength('address', 255)))
        .addColumn('updated_at', t.time, (c) => c.notNull())
        .execute();
    },
  };
}
