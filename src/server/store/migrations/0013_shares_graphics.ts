/**
 * Migration 0013 (issue 14 part B): share folders (spec 002 §5 "Folder name unique. Root folders
 * cannot be edited"), each publisher's and subscriber's folder, and the simulated cloud graphics
 * service's own records (spec 002 §7 Graphics: apps, jobs; the service's switch per inventory).
 * Never edit a shipped migration: add the next number.
 *
 * - A folder holds publishers or subscribers (`kind`), one tree per inventory and kind; the root
 *   folder of a tree (`is_root` 1) is created by the server the first time the tree is used. A
 *   party with no folder (folder_id null, as every party before this migration) sits in the root.
 * - Folder names are unique without case per inventory and kind (NOCASE on SQLite, a unique index
 *   on lower() on PostgreSQL).
 * - Graphics jobs keep when they started and how long they take (ms): their status is read from
 *   the clock (src/domain/graphicsCloud.ts), nothing updates the rows.
 */
import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { StoreDialect } from '../schema.ts';
import { columnTypes, maxLength, NOCASE, oneOf, trimmedLength } from './ddl.ts';

/** spec 002 §5 names 1-32 (folders: ours, the same bound as the parties they hold). */
const FOLDER_NAME_MAX = 32;

export function sharesGraphics(dialect: StoreDialect): Migration {
  const t = columnTypes(dialect);
  const sqlite = dialect === 'sqlite';
  const caseless = (c: ColumnDefinitionBuilder): ColumnDefinitionBuilder => (sqlite ? c.modifyEnd(NOCASE) : c);
  return {
    async up(db: Kysely<any>): Promise<void> {
      let folders = db.schema
        .createTable('share_folders')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('inventory_id', t.text, (c) => c.notNull().references('inventories.id').onDelete('cascade'))
        .addColumn('kind', t.text, (c) => c.notNull().check(oneOf('kind', ['publishers', 'subscribers'])))
        .addColumn('parent_id', t.text, (c) => c.references('share_folders.id').onDelete('cascade'))
        .addColumn('name', t.text, (c) => caseless(c.notNull().check(trimmedLength('name', 1, FOLDER_NAME_MAX))))
        .addColumn('is_root', t.integer, (c) => c.notNull().defaultTo(0))
        .addColumn('created_on', t.time, (c) => c.notNull())
        .addColumn('created_by', t.text, (c) => c.notNull().defaultTo(''));
      if (sqlite) folders = folders.addUniqueConstraint('share_folders_name', ['inventory_id', 'kind', 'name']);
      await folders.execute();
      if (!sqlite) await sql`create unique index share_folders_name on share_folders (inventory_id, kind, lower(name))`.execute(db);
      // One root per inventory and kind.
      await db.schema.createIndex('share_folders_root').on('share_folders').columns(['inventory_id', 'kind']).unique().where(sql.ref('is_root'), '=', 1).execute();
      await db.schema.createIndex('share_folders_parent').on('share_folders').column('parent_id').execute();

      for (const table of ['share_publishers', 'share_subscribers']) {
        await db.schema
          .alterTable(table)
          .addColumn('folder_id', t.text, (c) => c.references('share_folders.id').onDelete('set null'))
          .execute();
        await db.schema.createIndex(`${table}_folder`).on(table).column('folder_id').execute();
      }

      // The cloud graphics service's switch per inventory (spec 002 §4 permission serviceEnabled).
      await db.schema
        .createTable('graphics_accounts')
        .addColumn('inventory_id', t.text, (c) => c.primaryKey().references('inventories.id').onDelete('cascade'))
        .addColumn('service_enabled', t.integer, (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', t.time, (c) => c.notNull())
        .execute();

      // Apps (spec 002 §7 POST graphics/singular "also creates a control app"): a control app names its app.
      await db.schema
        .createTable('graphics_apps')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('inventory_id', t.text, (c) => c.notNull().references('inventories.id').onDelete('cascade'))
        .addColumn('kind', t.text, (c) => c.notNull().check(oneOf('kind', ['singular', 'control'])))
        .addColumn('name', t.text, (c) => c.notNull().check(trimmedLength('name', 1, 64)))
        .addColumn('template_id', t.text, (c) => c.notNull())
        .addColumn('region', t.text, (c) => c.notNull().check(maxLength('region', 64)))
        .addColumn('app_id', t.text, (c) => c.references('graphics_apps.id').onDelete('cascade'))
        .addColumn('created_on', t.time, (c) => c.notNull())
        .addColumn('created_by', t.text, (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('graphics_apps_inventory').on('graphics_apps').columns(['inventory_id', 'created_on']).execute();

      // Jobs (spec 002 §7 POST graphics/job/status): an action on an app; status from started_at and duration_ms.
      await db.schema
        .createTable('graphics_jobs')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('inventory_id', t.text, (c) => c.notNull().references('inventories.id').onDelete('cascade'))
        .addColumn('app_id', t.text, (c) => c.notNull().references('graphics_apps.id').onDelete('cascade'))
        .addColumn('action', t.text, (c) => c.notNull().check(maxLength('action', 32)))
        .addColumn('started_at', t.time, (c) => c.notNull())
        .addColumn('duration_ms', t.integer, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('graphics_jobs_app').on('graphics_jobs').column('app_id').execute();
    },
  };
}
