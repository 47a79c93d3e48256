/**
 * Migration 0010 (issue 12, servers live and the Devices screen): what the servers and devices
 * area stores beside the servers table (whose per-server configuration — MMH, video return, SMPTE
 * 2110, IP pipe, IFB mode — stays in servers.config_json):
 * - ifb_servers: the IFB servers of the support menu (spec 000 §2 "IFB Servers"; fields ours:
 *   name, SIP host and port, the inventory it serves, enabled);
 * - lulink_settings: a unit's LU-Link settings (spec 000 §2 modal "LU-Link settings"; fields ours:
 *   enabled, the server it links to, the link's bitrate cap in kbps).
 * Never edit a shipped migration: add the next number.
 */
import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { StoreDialect } from '../schema.ts';
import { columnTypes, NOCASE, trimmedLength } from './ddl.ts';

export function serversDevices(dialect: StoreDialect): Migration {
  const t = columnTypes(dialect);
  const sqlite = dialect === 'sqlite';
  const caseless = (c: ColumnDefinitionBuilder): ColumnDefinitionBuilder => (sqlite ? c.modifyEnd(NOCASE) : c);
  return {
    async up(db: Kysely<any>): Promise<void> {
      let ifb = db.schema
        .createTable('ifb_servers')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('name', t.text, (c) => caseless(c.notNull().check(trimmedLength('name', 1, 255))))
        .addColumn('host', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('port', t.integer, (c) => c.notNull().defaultTo(5060))
        .addColumn('inventory_id', t.text, (c) => c.references('inventories.id').onDelete('set null'))
        .addColumn('enabled', t.integer, (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addColumn('updated_at', t.time, (c) => c.notNull());
      if (sqlite) ifb = ifb.addUniqueConstraint('ifb_servers_name', ['name']);
      await ifb.execute();
      if (!sqlite) await sql`create unique index ifb_servers_name on ifb_servers (lower(name))`.execute(db);

      await db.schema
        .createTable('lulink_settings')
        .addColumn('unit_id', t.text, (c) => c.primaryKey().references('units.uid').onDelete('cascade'))
        .addColumn('enabled', t.integer, (c) => c.notNull().defaultTo(0))
        .addColumn('server_id', t.text, (c) => c.references('servers.id').onDelete('set null'))
        .addColumn('max_bitrate_kbps', t.integer, (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', t.time, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('lulink_settings').execute();
      await db.schema.dropTable('ifb_servers').execute();
    },
  };
}
