/**
 * Migration 0011: software versions and software upgrades (issue 12, spec 000 §5, 001 §4, 002 §4).
 * Never edit a shipped migration: add the next number.
 *
 * - software_versions: the versions an administrator offers (spec 002 "Software version": version
 *   number, description, release notes URL, supported devices, inventories). The version number
 *   is unique; supported devices are product/server types as a JSON list.
 * - software_version_inventories: the inventories a version is offered to (none: every inventory).
 * - upgrade_waves / upgrade_jobs: one wave per request (a dialog's start or a batch file), one job
 *   per device with its state (spec 001 §4: pending, upgrading, succeeded, failed, rejected), its
 *   progress in percent and, when it failed or was rejected, the code and text (spec 000 §8).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { StoreDialect } from '../schema.ts';
import { columnTypes, jsonValid, oneOf, trimmedLength, maxLength, WITHOUT_ROWID } from './ddl.ts';

export const UPGRADE_JOB_STATES = ['pending', 'upgrading', 'succeeded', 'failed', 'rejected'] as const;

export function softwareUpgrade(dialect: StoreDialect): Migration {
  const t = columnTypes(dialect);
  const sqlite = dialect === 'sqlite';
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('software_versions')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('version', t.text, (c) => c.notNull().unique().check(trimmedLength('version', 1, 32)))
        .addColumn('description', t.text, (c) => c.notNull().defaultTo('').check(maxLength('description', 1024)))
        .addColumn('release_notes_url', t.text, (c) => c.notNull().defaultTo('').check(maxLength('release_notes_url', 2048)))
        .addColumn('supported_devices_json', t.text, (c) => c.notNull().defaultTo('[]').check(jsonValid('supported_devices_json')))
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addColumn('updated_at', t.time, (c) => c.notNull())
        .execute();

      let links = db.schema
        .createTable('software_version_inventories')
        .addColumn('version_id', t.text, (c) => c.notNull().references('software_versions.id').onDelete('cascade'))
        .addColumn('inventory_id', t.text, (c) => c.notNull().references('inventories.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('software_version_inventories_pk', ['version_id', 'inventory_id']);
      if (sqlite) links = links.modifyEnd(WITHOUT_ROWID);
      await links.execute();

      await db.schema
        .createTable('upgrade_waves')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('source', t.text, (c) => c.notNull().check(oneOf('source', ['dialog', 'batch'])))
        .addColumn('target_version', t.text, (c) => c.notNull())
        .addColumn('unknown_serials_json', t.text, (c) => c.notNull().defaultTo('[]').check(jsonValid('unknown_serials_json')))
        .addColumn('requested_by', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', t.time, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('upgrade_jobs')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('wave_id', t.text, (c) => c.notNull().references('upgrade_waves.id').onDelete('cascade'))
        .addColumn('device_kind', t.text, (c) => c.notNull().check(oneOf('device_kind', ['unit', 'server'])))
        .addColumn('device_id', t.text, (c) => c.notNull())
        .addColumn('device_name', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('serial', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('from_version', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('target_version', t.text, (c) => c.notNull())
        .addColumn('state', t.text, (c) => c.notNull().check(oneOf('state', UPGRADE_JOB_STATES)))
        .addColumn('progress', t.integer, (c) => c.notNull().defaultTo(0))
        .addColumn('code', t.integer)
        .addColumn('message', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addColumn('updated_at', t.time, (c) => c.notNull())
        .execute();
      await sql`create index upgrade_jobs_wave on upgrade_jobs (wave_id)`.execute(db);
      await sql`create index upgrade_jobs_device on upgrade_jobs (device_kind, device_id)`.execute(db);
    },
  };
}
