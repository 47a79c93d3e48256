/**
 * Migration 0002 (legacy schema_version 2): ad-hoc and permanent LU-Smart / LU-Lite registrations,
 * invitations. Never edit a shipped migration: add the next number.
 */
import type { Kysely, Migration } from 'kysely';
import type { StoreDialect } from '../schema.ts';
import { columnTypes, jsonValid, oneOf, WITHOUT_ROWID } from './ddl.ts';

// The domain's lists when this shipped (src/domain/adhoc.ts).
const DEVICE_KINDS = ['smart', 'lite'];
const ADHOC_PERIODS = ['1day', '3days', '1week', '1month'];
const KEY_REGENERATION = ['never', 'daily', 'weekly', 'monthly'];
const USAGE_RESETS = ['3months', '6months', '12months', 'never'];

export function adhoc(dialect: StoreDialect): Migration {
  const t = columnTypes(dialect);
  const sqlite = dialect === 'sqlite';
  return {
    async up(db: Kysely<any>): Promise<void> {
      // spec 002 §4, §7 "Groups (legacy)": one ad-hoc registration per group and device kind.
      let registrations = db.schema
        .createTable('adhoc_registrations')
        .addColumn('group_id', t.text, (c) => c.notNull().references('groups.id').onDelete('cascade'))
        .addColumn('kind', t.text, (c) => c.notNull().check(oneOf('kind', DEVICE_KINDS)))
        .addColumn('period', t.text, (c) => c.notNull().check(oneOf('period', ADHOC_PERIODS)))
        .addColumn('code', t.text, (c) => c.notNull())
        .addColumn('expires_at', t.time, (c) => c.notNull())
        .addColumn('updated_at', t.time, (c) => c.notNull())
        .addPrimaryKeyConstraint('adhoc_registrations_pkey', ['group_id', 'kind']);
      if (sqlite) registrations = registrations.modifyEnd(WITHOUT_ROWID);
      await registrations.execute();

      // One permanent registration per group: its key, key regeneration and usage-monitoring reset.
      await db.schema
        .createTable('permanent_registrations')
        .addColumn('group_id', t.text, (c) => c.primaryKey().references('groups.id').onDelete('cascade'))
        .addColumn('kind', t.text, (c) => c.notNull().check(oneOf('kind', DEVICE_KINDS)))
        .addColumn('reg_key', t.text, (c) => c.notNull())
        .addColumn('regeneration', t.text, (c) => c.notNull().check(oneOf('regeneration', KEY_REGENERATION)))
        .addColumn('usage_reset', t.text, (c) => c.notNull().check(oneOf('usage_reset', USAGE_RESETS)))
        .addColumn('usage_reset_since', t.time, (c) => c.notNull())
        .addColumn('regenerated_at', t.time, (c) => c.notNull())
        .addColumn('updated_at', t.time, (c) => c.notNull())
        .execute();

      // POST groups/{groupId}/email and /sms: invitations as recorded (no transport sends them here).
      await db.schema
        .createTable('invitations')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('group_id', t.text, (c) => c.notNull().references('groups.id').onDelete('cascade'))
        .addColumn('channel', t.text, (c) => c.notNull().check(oneOf('channel', ['email', 'sms'])))
        .addColumn('recipients_json', t.text, (c) => c.notNull().check(jsonValid('recipients_json')))
        .addColumn('device_name', t.text, (c) => c.notNull())
        .addColumn('kind', t.text, (c) => c.notNull().check(oneOf('kind', DEVICE_KINDS)))
        .addColumn('guest', t.integer, (c) => c.notNull().defaultTo(0))
        .addColumn('period', t.text)
        .addColumn('link', t.text, (c) => c.notNull())
        .addColumn('created_by', t.text, (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', t.time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('invitations_group').on('invitations').columns(['group_id', 'created_at']).execute();
    },
  };
}
