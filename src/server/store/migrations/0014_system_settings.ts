/**
 * Migration 0014: the super user's system settings and what's-new notes (spec 001 §3, 002 §3
 * "Client application ... Modem vendor: VID and PID values and names. What's-new: version, text,
 * active. AI credentials: username, password, RTMP url, user and password"). Client applications
 * already have their table (0001). Never edit a shipped migration: add the next number.
 *
 * - modem_vendors: one row per VID/PID pair (4 hex digits each, stored in capitals), unique.
 * - unit_modems: the modems a unit reports by port with their VID/PID (spec 000 links); a vendor
 *   row a modem names cannot be deleted ("modem vendor data could not be deleted", spec 001 §8).
 * - ai_settings: one row ('system'); the two passwords live in their own columns and are never
 *   answered (the answers say only whether one is set).
 * - whats_new_notes, whats_new_seen: the notes, and per user the server version whose notes the
 *   user last closed (a note shows once after an upgrade).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { StoreDialect } from '../schema.ts';
import { columnTypes, trimmedLength } from './ddl.ts';

export function systemSettings(dialect: StoreDialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('modem_vendors')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('vid', t.text, (c) => c.notNull().check(sql`length(vid) = 4`))
        .addColumn('vid_name', t.text, (c) => c.notNull().check(trimmedLength('vid_name', 1, 64)))
        .addColumn('pid', t.text, (c) => c.notNull().check(sql`length(pid) = 4`))
        .addColumn('pid_name', t.text, (c) => c.notNull().check(trimmedLength('pid_name', 1, 64)))
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addUniqueConstraint('modem_vendors_vid_pid', ['vid', 'pid'])
        .execute();

      await db.schema
        .createTable('unit_modems')
        .addColumn('unit_id', t.text, (c) => c.notNull().references('units.uid').onDelete('cascade'))
        .addColumn('port', t.integer, (c) => c.notNull())
        .addColumn('vid', t.text, (c) => c.notNull())
        .addColumn('pid', t.text, (c) => c.notNull())
        .addPrimaryKeyConstraint('unit_modems_pk', ['unit_id', 'port'])
        .execute();
      await db.schema.createIndex('unit_modems_vid_pid').on('unit_modems').columns(['vid', 'pid']).execute();

      await db.schema
        .createTable('ai_settings')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('username', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('password', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('rtmp_url', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('rtmp_user', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('rtmp_password', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('updated_at', t.time, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('whats_new_notes')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('version', t.text, (c) => c.notNull().check(trimmedLength('version', 1, 32)))
        .addColumn('text', t.text, (c) => c.notNull().check(trimmedLength('text', 1, 4000)))
        .addColumn('active', t.integer, (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addColumn('updated_at', t.time, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('whats_new_seen')
        .addColumn('user_id', t.text, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('version', t.text, (c) => c.notNull())
        .addColumn('seen_at', t.time, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      for (const table of ['whats_new_seen', 'whats_new_notes', 'ai_settings', 'unit_modems', 'modem_vendors']) await db.schema.dropTable(table).execute();
    },
  };
}
