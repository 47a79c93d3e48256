/**
 * Migration 0012 (issue 14: managed services, usage profiles, usage reports):
 * - managed_services: one row per service an inventory started a trial of or bought (spec 001 §3
 *   "Managed service"); no row means never started (the domain shows the trial on offer).
 * - activation_grants: the users an admin allowed to use unit and licence activation in an
 *   inventory (spec 001 §6 "A permission exists to give others access to unit and licence
 *   activation").
 * - usage_profiles: data (MB) or hours per month with a reset day (spec 002 §3); inventory_id null
 *   for the shared default profiles, which this migration inserts.
 * - unit_usage_profiles: which profile a unit uses (spec 000 §3 usageProfileId).
 * - unit_usage_daily: each unit's recorded use per UTC day, summed from the fleet's usage pushes
 *   (MB moved and seconds transmitting), which the usage reports read.
 * Never edit a shipped migration: add the next number.
 */
import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { StoreDialect } from '../schema.ts';
import { columnTypes, NOCASE, oneOf, trimmedLength } from './ddl.ts';
import { PLAN_KINDS, SERVICE_NAMES, SERVICE_STATE_VALUES, TRIAL_STATES, USAGE_KINDS } from '../../../domain/services.ts';

/** The default profiles as this migration writes them (ours; src/domain/usageProfiles.ts DEFAULT_PROFILES at the time). */
const DEFAULTS = [
  { id: 'UP-DEFAULT-DATA', name: 'Default data', type: 'data', value: 10_240, reset_day: 1 },
  { id: 'UP-DEFAULT-HOURS', name: 'Default hours', type: 'hours', value: 100, reset_day: 1 },
];

export function servicesUsage(dialect: StoreDialect): Migration {
  const t = columnTypes(dialect);
  const sqlite = dialect === 'sqlite';
  const caseless = (c: ColumnDefinitionBuilder): ColumnDefinitionBuilder => (sqlite ? c.modifyEnd(NOCASE) : c);
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('managed_services')
        .addColumn('inventory_id', t.text, (c) => c.notNull().references('inventories.id').onDelete('cascade'))
        .addColumn('service_name', t.text, (c) => c.notNull().check(oneOf('service_name', SERVICE_NAMES)))
        .addColumn('plan_kind', t.text, (c) => c.check(oneOf('plan_kind', PLAN_KINDS)))
        .addColumn('state', t.text, (c) => c.notNull().check(oneOf('state', SERVICE_STATE_VALUES)))
        .addColumn('trial_state', t.text, (c) => c.check(oneOf('trial_state', TRIAL_STATES)))
        .addColumn('trial_started_at', t.time)
        .addColumn('usage_kind', t.text, (c) => c.notNull().defaultTo('na').check(oneOf('usage_kind', USAGE_KINDS)))
        .addColumn('usage_used', t.real, (c) => c.notNull().defaultTo(0))
        .addColumn('usage_limit', t.real)
        .addColumn('updated_at', t.time, (c) => c.notNull())
        .addPrimaryKeyConstraint('managed_services_pk', ['inventory_id', 'service_name'])
        .execute();

      await db.schema
        .createTable('activation_grants')
        .addColumn('inventory_id', t.text, (c) => c.notNull().references('inventories.id').onDelete('cascade'))
        .addColumn('user_id', t.text, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('granted_at', t.time, (c) => c.notNull())
        .addPrimaryKeyConstraint('activation_grants_pk', ['inventory_id', 'user_id'])
        .execute();

      let profiles = db.schema
        .createTable('usage_profiles')
        .addColumn('id', t.text, (c) => c.primaryKey())
        .addColumn('inventory_id', t.text, (c) => c.references('inventories.id').onDelete('cascade'))
        .addColumn('name', t.text, (c) => caseless(c.notNull().check(trimmedLength('name', 1, 255))))
        .addColumn('type', t.text, (c) => c.notNull().check(oneOf('type', ['data', 'hours'])))
        .addColumn('value', t.real, (c) => c.notNull().check(sql`value >= 0`))
        .addColumn('reset_day', t.integer, (c) => c.notNull().check(sql`reset_day between 1 and 31`))
        .addColumn('is_default', t.integer, (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addColumn('updated_at', t.time, (c) => c.notNull());
      if (sqlite) profiles = profiles.addUniqueConstraint('usage_profiles_name', ['inventory_id', 'name']);
      await profiles.execute();
      if (!sqlite) await sql`create unique index usage_profiles_name on usage_profiles (inventory_id, lower(name))`.execute(db);
      await db.schema.createIndex('usage_profiles_inventory').on('usage_profiles').column('inventory_id').execute();
      const now = Date.now();
      await db
        .insertInto('usage_profiles')
        .values(DEFAULTS.map((p) => ({ ...p, inventory_id: null, is_default: 1, created_at: now, updated_at: now })))
        .execute();

      await db.schema
        .createTable('unit_usage_profiles')
        .addColumn('unit_uid', t.text, (c) => c.primaryKey().references('units.uid').onDelete('cascade'))
        .addColumn('profile_id', t.text, (c) => c.notNull().references('usage_profiles.id').onDelete('cascade'))
        .execute();
      await db.schema.createIndex('unit_usage_profiles_profile').on('unit_usage_profiles').column('profile_id').execute();

      await db.schema
        .createTable('unit_usage_daily')
        .addColumn('unit_uid', t.text, (c) => c.notNull().references('units.uid').onDelete('cascade'))
        .addColumn('day', t.text, (c) => c.notNull().check(sql`length(day) = 10`))
        .addColumn('data_mb', t.real, (c) => c.notNull().defaultTo(0))
        .addColumn('seconds', t.real, (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('unit_usage_daily_pk', ['unit_uid', 'day'])
        .execute();
      await db.schema.createIndex('unit_usage_daily_day').on('unit_usage_daily').column('day').execute();
    },
  };
}
