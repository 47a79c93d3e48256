/**
 * Migration 0005: who may sign in to an inventory and how many users it may hold (issue
 * "Inventories", also read by the users area). Never edit a shipped migration: add the next number.
 * - inventories.identity_provider: '' = the console's own sign-in; otherwise the name of the
 *   external identity provider the inventory's users come from (spec 002 §5 "Users cannot be
 *   associated to inventories of an external identity provider");
 * - inventories.user_licences: how many users the inventory may hold; null = no limit (spec 002
 *   §8 "no available user licence"). Existing inventories get null: nothing is refused that was
 *   allowed before.
 */
import { sql, type Kysely, type Migration, type RawBuilder } from 'kysely';
import type { StoreDialect } from '../schema.ts';
import { columnTypes } from './ddl.ts';

export function inventoryIdentity(dialect: StoreDialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('inventories').addColumn('identity_provider', t.text, (c) => c.notNull().defaultTo('')).execute();
      await db.schema
        .alterTable('inventories')
        .addColumn('user_licences', t.integer, (c) => c.check(sqlNullOrNonNegative()))
        .execute();
    },
  };
}

/** CHECK (user_licences IS NULL OR user_licences >= 0). */
function sqlNullOrNonNegative(): RawBuilder<unknown> {
  return sql`user_licences is null or user_licences >= 0`;
}
