/**
 * The store's schema migrations, run by Kysely's Migrator from this in-code list (one module per
 * migration). Kysely records each applied migration in its table `kysely_migration`; pending ones
 * run in order, all in one transaction on both engines, so a failing migration leaves the schema
 * as it was.
 *
 * Adoption: builds before Kysely kept their own table `schema_version` (versions 1..3, SQLite only).
 * Such a file is adopted once, in one transaction: the Kysely migrations matching its versions
 * are recorded as executed (they describe the same schema), `schema_version` is dropped, and the
 * later migrations run as usual. No row is touched.
 *
 * A database that holds migrations this build does not know (written by a newer build) is refused
 * with a message saying so, before anything runs.
 */
import { DEFAULT_MIGRATION_TABLE, Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { StoreDialect } from '../schema.ts';
import { initial } from './0001_initial.ts';
import { adhoc } from './0002_adhoc.ts';
import { storiesShares } from './0003_stories_shares.ts';
import { administration } from './0004_administration.ts';
import { inventoryIdentity } from './0005_inventory_identity.ts';
import { userContacts } from './0006_user_contacts.ts';
import { incidentsActivity } from './0007_incidents_activity.ts';
import { videoReturnFiles } from './0008_video_return_files.ts';
import { channelLibrary } from './0009_channel_library.ts';
import { systemSettings } from './0014_system_settings.ts';
import { supportAccess } from './0015_support_access.ts';
import { servicesUsage } from './0012_services_usage.ts';
import { serversDevices } from './0010_servers_devices.ts';
import { softwareUpgrade } from './0011_software_upgrade.ts';
import { sharesGraphics } from './0013_shares_graphics.ts';
import { hardening } from './0016_hardening.ts';
import { outboxLimits } from './0017_outbox_limits.ts';

/** Every migration by name, in the order they run (names sort in that order). */
export function storeMigrations(dialect: StoreDialect): Record<string, Migration> {
  return {
    '0001_initial': initial(dialect),
    '0002_adhoc': adhoc(dialect),
    '0003_stories_shares': storiesShares(dialect),
    '0004_administration': administration(dialect),
    '0005_inventory_identity': inventoryIdentity(dialect),
    '0006_user_contacts': userContacts(dialect),
    '0007_incidents_activity': incidentsActivity(dialect),
    '0008_video_return_files': videoReturnFiles(dialect),
    '0009_channel_library': channelLibrary(dialect),
    '0014_system_settings': systemSettings(dialect),
    '0015_support_access': supportAccess(dialect),
    '0012_services_usage': servicesUsage(dialect),
    '0010_servers_devices': serversDevices(dialect),
    '0011_software_upgrade': softwareUpgrade(dialect),
    '0013_shares_graphics': sharesGraphics(dialect),
    '0016_hardening': hardening(dialect),
    '0017_outbox_limits': outboxLimits(dialect),
  };
}

/** The legacy `schema_version` versions and the Kysely migrations that write the same schema. */
export const LEGACY_VERSIONS: Readonly<Record<number, string>> = {
  1: '0001_initial',
  2: '0002_adhoc',
  3: '0003_stories_shares',
};

/** The legacy table adoption looks for. */
export const LEGACY_VERSION_TABLE = 'schema_version';

class InCodeMigrations implements MigrationProvider {
  constructor(private readonly migrations: Record<string, Migration>) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    return this.migrations;
  }
}

async function tableExists(db: Kysely<any>, name: string): Promise<boolean> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  return tables.some((t) => t.name === name);
}

/**
 * Adopts a database written by a build that used `schema_version` (see above). Returns the
 * migrations it recorded as executed (none when there is nothing to adopt).
 */
export async function adoptLegacySchema(db: Kysely<any>, known: readonly string[]): Promise<string[]> {
  if (!(await tableExists(db, LEGACY_VERSION_TABLE))) return [];
  const rows = await db.selectFrom(LEGACY_VERSION_TABLE).select('version').orderBy('version').execute();
  const versions = rows.map((r) => Number(r['version']));
  const newest = versions.reduce((max, v) => Math.max(max, v), 0);
  const newestKnown = Math.max(...Object.keys(LEGACY_VERSIONS).map(Number));
  if (newest > newestKnown) {
    throw new Error(`database schema version ${newest} is newer than this server knows (${newestKnown}); use a newer build`);
  }
  const names = versions.map((v) => LEGACY_VERSIONS[v]).filter((n): n is string => n !== undefined && known.includes(n));
  // Recorded with one time: Kysely orders executed migrations by time, then by name.
  const timestamp = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx.schema
      .createTable(DEFAULT_MIGRATION_TABLE)
      .ifNotExists()
      .addColumn('name', 'varchar(255)', (c) => c.notNull().primaryKey())
      .addColumn('timestamp', 'varchar(255)', (c) => c.notNull())
      .execute();
    if (names.length > 0) {
      await trx
        .insertInto(DEFAULT_MIGRATION_TABLE)
        .values(names.map((name) => ({ name, timestamp })))
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    }
    await trx.schema.dropTable(LEGACY_VERSION_TABLE).execute();
  });
  return names;
}

/** Refuses a database holding migrations this build does not know (see above). */
export async function refuseNewerSchema(db: Kysely<any>, known: readonly string[]): Promise<void> {
  if (!(await tableExists(db, DEFAULT_MIGRATION_TABLE))) return;
  const rows = await db.selectFrom(DEFAULT_MIGRATION_TABLE).select('name').execute();
  const unknown = rows.map((r) => String(r['name'])).filter((name) => !known.includes(name)).sort();
  if (unknown.length > 0) {
    throw new Error(
      `database schema is newer than this server knows (it has ${unknown.join(', ')}; this server knows up to ${known[known.length - 1] ?? 'none'}); use a newer build`,
    );
  }
}

/**
 * Brings the schema up to date: adopts a legacy SQLite file, refuses a newer schema, then runs
 * the pending migrations. Returns the names of the migrations it ran.
 */
export async function migrateToLatest(db: Kysely<any>, dialect: StoreDialect, migrations: Record<string, Migration> = storeMigrations(dialect)): Promise<string[]> {
  const known = Object.keys(migrations).sort();
  if (dialect === 'sqlite') await adoptLegacySchema(db, known);
  await refuseNewerSchema(db, known);
  const migrator = new Migrator({ db, provider: new InCodeMigrations(migrations) });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName;
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(failed === undefined ? `database migrations failed: ${reason}` : `database migration ${failed} failed: ${reason}`, { cause: error });
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** The names of the migrations a database has run, in name order (for tests and diagnostics). */
export async function executedMigrations(db: Kysely<any>): Promise<string[]> {
  if (!(await tableExists(db, DEFAULT_MIGRATION_TABLE))) return [];
  const rows = await db.selectFrom(DEFAULT_MIGRATION_TABLE).select('name').orderBy('name').execute();
  return rows.map((r) => String(r['name']));
}
