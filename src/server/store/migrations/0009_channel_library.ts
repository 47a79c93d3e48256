/**
 * Migration 0009: what the channels issue stores beside the channels themselves (whose
 * configuration stays in channels.config_json): the streaming destinations of a channel (spec 001
 * §3 "Streaming destination"), the graphics overlay library of an inventory (§5 overlay image) and
 * the audio rooms of an inventory (§3 "audio rooms (name, inventory, created on and by)"). Never
 * edit a shipped migration: add the next number.
 *
 * - A destination's credentials (password, SRT passphrase) live in their own column, never in the
 *   details the answers are built from.
 * - An overlay's PNG is kept as base64 text (at most 110 KB of image, ~147 KB of text): one column
 *   type for both engines, read whole when the image is served.
 * - Names are unique without case per channel (destinations) and per inventory (overlay file
 *   names, room names): NOCASE on SQLite, unique indexes on lower() on PostgreSQL.
 */
import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { StoreDialect } from '../schema.ts';
import { columnTypes, jsonValid, NOCASE, trimmedLength } from './ddl.ts';

export function channelLibrary(dialect: StoreDialect): Migration {
  const t = columnTypes(dialect);
  const sqlite = dialect === 'sqlite';
  /** Compared without case (SQLite; PostgreSQL gets a unique index on lower()). */
  const caseless = (c: ColumnDefinitionBuilder): ColumnDefinitionBuilder => (sqlite ? c.modifyEnd(NOCASE) : c);
  return {
    async up(db: Kysely<any>): Promise<void> {
      let destinations = db.schema
        .createTable('channel_destinations')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('channel_id', t.text, (c) => c.notNull().references('channels.id').onDelete('cascade'))
        .addColumn('name', t.text, (c) => caseless(c.notNull().check(trimmedLength('name', 1, 255))))
        .addColumn('details_json', t.text, (c) => c.notNull().defaultTo('{}').check(jsonValid('details_json')))
        .addColumn('secrets_json', t.text, (c) => c.notNull().defaultTo('{}').check(jsonValid('secrets_json')))
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addColumn('updated_at', t.time, (c) => c.notNull());
      if (sqlite) destinations = destinations.addUniqueConstraint('channel_destinations_name', ['channel_id', 'name']);
      await destinations.execute();
      if (!sqlite) await sql`create unique index channel_destinations_name on channel_destinations (channel_id, lower(name))`.execute(db);

      let overlays = db.schema
        .createTable('overlays')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('inventory_id', t.text, (c) => c.notNull().references('inventories.id').onDelete('cascade'))
        .addColumn('file_name', t.text, (c) => caseless(c.notNull().check(trimmedLength('file_name', 1, 255))))
        .addColumn('width', t.integer, (c) => c.notNull())
        .addColumn('height', t.integer, (c) => c.notNull())
        .addColumn('size_bytes', t.integer, (c) => c.notNull())
        .addColumn('png_base64', t.text, (c) => c.notNull())
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addColumn('created_by', t.text, (c) => c.notNull().defaultTo(''));
      if (sqlite) overlays = overlays.addUniqueConstraint('overlays_file_name', ['inventory_id', 'file_name']);
      await overlays.execute();
      if (!sqlite) await sql`create unique index overlays_file_name on overlays (inventory_id, lower(file_name))`.execute(db);

      let rooms = db.schema
        .createTable('audio_rooms')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('inventory_id', t.text, (c) => c.notNull().references('inventories.id').onDelete('cascade'))
        .addColumn('name', t.text, (c) => caseless(c.notNull().check(trimmedLength('name', 1, 255))))
        .addColumn('interfaces_json', t.text, (c) => c.notNull().defaultTo('[]').check(jsonValid('interfaces_json')))
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addColumn('created_by', t.text, (c) => c.notNull().defaultTo(''));
      if (sqlite) rooms = rooms.addUniqueConstraint('audio_rooms_name', ['inventory_id', 'name']);
      await rooms.execute();
      if (!sqlite) await sql`create unique index audio_rooms_name on audio_rooms (inventory_id, lower(name))`.execute(db);
    },
  };
}
