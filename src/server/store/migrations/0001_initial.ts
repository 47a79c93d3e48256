/**
 * Migration 0001: the initial schema (legacy schema_version 1). Never edit a shipped migration:
 * add the next number.
 *
 * Conventions: ids are text (the vendor's uids), times are ms since the epoch, JSON columns end in
 * `_json` and are checked with json_valid so a bad write can never store unreadable text. Columns
 * compared without case are COLLATE NOCASE on SQLite and have a unique index on lower(column) on
 * PostgreSQL.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { StoreDialect } from '../schema.ts';
import { columnTypes, jsonValid, maxLength, NOCASE, oneOf, WITHOUT_ROWID } from './ddl.ts';

/**
 * PostgreSQL's json_valid(text), the check SQLite has built in: true when the text casts to jsonb.
 * A cast that fails is a data exception, answered false, so a bad document is refused by the CHECK
 * (23514) like on SQLite rather than by a cast error.
 */
const POSTGRES_JSON_VALID = sql`create or replace function json_valid(doc text) returns boolean
  language plpgsql immutable as $$
  begin
    perform doc::jsonb;
    return true;
  exception when data_exception then
    return false;
  end
  $$`;

export function initial(dialect: StoreDialect): Migration {
  const t = columnTypes(dialect);
  const sqlite = dialect === 'sqlite';
  return {
    async up(db: Kysely<any>): Promise<void> {
      if (!sqlite) await POSTGRES_JSON_VALID.execute(db);

      await db.schema
        .createTable('inventories')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('name', t.text, (c) => c.notNull().unique())
        .addColumn('region', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('customer', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('parent_id', t.text, (c) => c.references('inventories.id').onDelete('set null'))
        .addColumn('features_json', t.text, (c) => c.notNull().defaultTo('[]').check(jsonValid('features_json')))
        .addColumn('created_at', t.time, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('groups')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('name', t.text, (c) => c.notNull().unique())
        .addColumn('inventory_id', t.text, (c) => c.notNull().references('inventories.id').onDelete('restrict'))
        .addColumn('auto_association', t.integer, (c) => c.notNull().defaultTo(0))
        .addColumn('unit_auto_association', t.integer, (c) => c.notNull().defaultTo(0))
        .addColumn('alerts_config_json', t.text, (c) => c.notNull().defaultTo('{}').check(jsonValid('alerts_config_json')))
        .addColumn('created_at', t.time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('groups_inventory').on('groups').column('inventory_id').execute();

      await db.schema
        .createTable('users')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('username', t.text, (c) => (sqlite ? c.notNull().unique().modifyEnd(NOCASE) : c.notNull()))
        .addColumn('first_name', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('last_name', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('email', t.text, (c) => (sqlite ? c.unique().modifyEnd(NOCASE) : c))
        .addColumn('user_label', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('user_type', t.text, (c) => c.notNull())
        .addColumn('active', t.integer, (c) => c.notNull().defaultTo(1))
        .addColumn('sso', t.integer, (c) => c.notNull().defaultTo(0))
        .addColumn('is_demo', t.integer, (c) => c.notNull().defaultTo(0))
        .addColumn('password_hash', t.text, (c) => c.notNull())
        .addColumn('password_salt', t.text, (c) => c.notNull())
        .addColumn('password_params_json', t.text, (c) => c.notNull().check(jsonValid('password_params_json')))
        .addColumn('password_changed_at', t.time, (c) => c.notNull())
        .addColumn('password_expires_at', t.time)
        .addColumn('force_password_change', t.integer, (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', t.time, (c) => c.notNull())
        .execute();
      if (!sqlite) {
        await sql`create unique index users_username_lower on users (lower(username))`.execute(db);
        await sql`create unique index users_email_lower on users (lower(email))`.execute(db);
      }

      let userGroups = db.schema
        .createTable('user_groups')
        .addColumn('user_id', t.text, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('group_id', t.text, (c) => c.notNull().references('groups.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('user_groups_pkey', ['user_id', 'group_id']);
      if (sqlite) userGroups = userGroups.modifyEnd(WITHOUT_ROWID);
      await userGroups.execute();
      await db.schema.createIndex('user_groups_group').on('user_groups').column('group_id').execute();

      await db.schema
        .createTable('user_preferences')
        .addColumn('user_id', t.text, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('prefs_json', t.text, (c) => c.notNull().check(jsonValid('prefs_json')))
        .addColumn('updated_at', t.time, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', t.text, (c) => c.primaryKey()) // sha256 of the cookie token, hex; the token itself is never stored
        .addColumn('user_id', t.text, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addColumn('last_seen_at', t.time, (c) => c.notNull())
        .addColumn('expires_at', t.time, (c) => c.notNull()) // idle expiry, pushed forward on use
        .addColumn('absolute_expires_at', t.time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('units')
        .addColumn('uid', t.text, (c) => c.primaryKey())
        .addColumn('name', t.text, (c) => c.notNull().unique())
        .addColumn('type', t.text, (c) => c.notNull())
        .addColumn('serial', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('comment', t.text, (c) => c.notNull().defaultTo('').check(maxLength('comment', 100)))
        .addColumn('group_id', t.text, (c) => c.references('groups.id').onDelete('set null'))
        .addColumn('inventory_id', t.text, (c) => c.references('inventories.id').onDelete('set null'))
        .addColumn('sw_version', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('lat', t.real)
        .addColumn('lng', t.real)
        .addColumn('owned_by', t.text, (c) => c.notNull().defaultTo('inventory'))
        .addColumn('settings_json', t.text, (c) => c.notNull().defaultTo('{}').check(jsonValid('settings_json')))
        .addColumn('alerts_config_json', t.text, (c) => c.notNull().defaultTo('{}').check(jsonValid('alerts_config_json')))
        .addColumn('metadata_json', t.text, (c) => c.notNull().defaultTo('{}').check(jsonValid('metadata_json')))
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addColumn('updated_at', t.time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('units_group').on('units').column('group_id').execute();
      await db.schema.createIndex('units_inventory').on('units').column('inventory_id').execute();

      await db.schema
        .createTable('servers')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('name', t.text, (c) => c.notNull().unique())
        // SERVER_TYPES of src/domain/servers.ts when this shipped
        .addColumn('type', t.text, (c) => c.notNull().check(oneOf('type', ['mmh', 'videoReturn', 'transceiver', 'ingest'])))
        .addColumn('serial', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('sw_version', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('alias', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('inventory_id', t.text, (c) => c.references('inventories.id').onDelete('set null'))
        .addColumn('max_channels', t.integer, (c) => c.notNull().defaultTo(8))
        .addColumn('cloud_region', t.text, (c) => c.notNull().defaultTo(''))
        .addColumn('config_json', t.text, (c) => c.notNull().defaultTo('{}').check(jsonValid('config_json')))
        .addColumn('created_at', t.time, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('channels')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('name', t.text, (c) => c.notNull().unique())
        // CHANNEL_TYPES of src/domain/channels.ts when this shipped
        .addColumn('type', t.text, (c) => c.notNull().check(oneOf('type', ['preview', 'output', 'input', 'group', 'distributor'])))
        .addColumn('server_id', t.text, (c) => c.references('servers.id').onDelete('cascade'))
        .addColumn('group_id', t.text, (c) => c.references('groups.id').onDelete('set null'))
        .addColumn('inventory_id', t.text, (c) => c.references('inventories.id').onDelete('set null'))
        .addColumn('config_json', t.text, (c) => c.notNull().defaultTo('{}').check(jsonValid('config_json')))
        .addColumn('created_at', t.time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('channels_group').on('channels').column('group_id').execute();

      await db.schema
        .createTable('notifications')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('global_notification', t.text, (c) => c.notNull())
        .addColumn('expire_date', t.time, (c) => c.notNull())
        .addColumn('created_at', t.time, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('client_applications')
        .addColumn('application_id', t.text, (c) => c.primaryKey())
        .addColumn('name', t.text, (c) => c.notNull())
        .addColumn('active', t.integer, (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', t.time, (c) => c.notNull())
        .execute();
      // The console's own application (CONSOLE_APPLICATION_ID of areas/clientApplications/repo.ts).
      await db.insertInto('client_applications').values({ application_id: 'luc-console', name: 'LUC console', active: 1, created_at: 0 }).execute();
    },
  };
}
