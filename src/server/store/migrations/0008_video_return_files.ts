/**
 * Migration 0008: video return channels, channel files and newsroom sync (issue 13). Never edit a
 * shipped migration: add the next number.
 * - vr_channels (created by 0004 with id, name, inventory, description): the rest of the entity of
 *   spec 001 §3 that is stored — the video return server it runs on (none: the channel is offline),
 *   input type (disabled, SDI, SRT), SRT mode, url, passphrase (SRT key, 10-64 characters when
 *   set), destination port (1-65535), internal and external IP, serial number. Status, uptime,
 *   input standard and parameters and the connected units are live (the simulator), never stored.
 *   Every new column has a default, so rows written by 0004-era code read as a disabled input.
 * - channel_files: the files of media servers' channels (spec 001 §3 File: fileId, fileName,
 *   luName, mmhId, sizeBytes, lastModified, isTransferring, rootDirectory). A file name is unique on
 *   its media server (spec 001 §5), compared exactly (the server's file system is case-sensitive;
 *   both engines compare text bytes here). Metadata files keep their document in `content`.
 * - ingest_accounts: an inventory's newsroom ingest account and XSLT story mapping (spec 001 §3
 *   "Inventory ingest account, XSLT mapping file", §7 ingestaccount). One row per inventory.
 */
import type { ColumnDataType, ColumnDefinitionBuilderCallback, Expression, Kysely, Migration } from 'kysely';
import type { StoreDialect } from '../schema.ts';
import { columnTypes, maxLength, oneOf } from './ddl.ts';

/** The values the CHECKs admit (src/domain/videoReturn.ts). */
const INPUT_TYPES = ['disabled', 'sdi', 'srt'] as const;
const SRT_MODES = ['listener', 'caller'] as const;

export function videoReturnFiles(dialect: StoreDialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<any>): Promise<void> {
      const vr = (name: string, build: ColumnDefinitionBuilderCallback, type: ColumnDataType | Expression<unknown> = t.text) =>
        db.schema.alterTable('vr_channels').addColumn(name, type, build).execute();
      await vr('server_id', (c) => c.references('servers.id').onDelete('set null'));
      await vr('input_type', (c) => c.notNull().defaultTo('disabled').check(oneOf('input_type', INPUT_TYPES)));
      await vr('srt_mode', (c) => c.check(oneOf('srt_mode', SRT_MODES)));
      await vr('url', (c) => c.notNull().defaultTo('').check(maxLength('url', 2048)));
      await vr('passphrase', (c) => c.notNull().defaultTo('').check(maxLength('passphrase', 64)));
      await vr('destination_port', (c) => c, t.integer);
      await vr('internal_ip', (c) => c.notNull().defaultTo('').check(maxLength('internal_ip', 255)));
      await vr('external_ip', (c) => c.notNull().defaultTo('').check(maxLength('external_ip', 255)));
      await vr('serial_number', (c) => c.notNull().defaultTo('').check(maxLength('serial_number', 64)));
      await vr('updated_at', (c) => c, t.time);
      await db.schema.createIndex('vr_channels_server').on('vr_channels').column('server_id').execute();

      await db.schema
        .createTable('channel_files')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('channel_id', t.text, (c) => c.notNull().references('channels.id').onDelete('cascade'))
        .addColumn('mmh_id', t.text, (c) => c.notNull().references('servers.id').onDelete('cascade'))
        .addColumn('unit_uid', t.text)
        .addColumn('lu_name', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('file_name', t.text, (c) => c.notNull().check(maxLength('file_name', 255)))
        .addColumn('root_directory', t.text, (c) => c.notNull().defaultTo('').check(maxLength('root_directory', 1024)))
        // bytes: bigint on PostgreSQL (recordings pass 2 GiB), INTEGER on SQLite
        .addColumn('size_bytes', t.time, (c) => c.notNull().defaultTo(0))
        .addColumn('last_modified', t.time, (c) => c.notNull())
        .addColumn('is_transferring', t.integer, (c) => c.notNull().defaultTo(0))
        .addColumn('story_id', t.text, (c) => c.references('stories.id').onDelete('set null'))
        .addColumn('content', t.text)
        .addColumn('created_at', t.time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('channel_files_name').on('channel_files').columns(['mmh_id', 'file_name']).unique().execute();
      await db.schema.createIndex('channel_files_channel').on('channel_files').columns(['channel_id', 'last_modified']).execute();

      await db.schema
        .createTable('ingest_accounts')
        .addColumn('inventory_id', t.text, (c) => c.primaryKey().references('inventories.id').onDelete('cascade'))
        .addColumn('enabled', t.integer, (c) => c.notNull().defaultTo(1))
        .addColumn('server_url', t.text, (c) => c.notNull().check(maxLength('server_url', 2048)))
        .addColumn('username', t.text, (c) => c.notNull().check(maxLength('username', 255)))
        // Kept to sign in to the newsroom system (it cannot be a hash); never answered by the API.
        .addColumn('password', t.text, (c) => c.notNull().defaultTo('').check(maxLength('password', 255)))
        .addColumn('poll_interval_s', t.integer, (c) => c.notNull().defaultTo(60))
        .addColumn('xslt_file_name', t.text)
        .addColumn('xslt_content', t.text)
        .addColumn('xslt_uploaded_at', t.time)
        .addColumn('updated_at', t.time, (c) => c.notNull())
        .execute();
    },
  };
}
