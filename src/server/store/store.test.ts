/**
 * The store on SQLite: migrations (all or nothing, a newer schema refused), the schema they write
 * compared with the legacy SQL's, and the adoption of a file an older build left (schema_version
 * 1..3) without losing a row. The repositories' behaviour on both engines is
 * tests/integration/store-contract.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import BetterSqlite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { openDatabase, openStore } from './database.ts';
import { executedMigrations, LEGACY_VERSIONS, migrateToLatest, storeMigrations } from './migrations/index.ts';
import { writeLegacySchema } from './frozenLegacySchema.ts';
import { CONSOLE_APPLICATION_ID } from '../areas/clientApplications/repo.ts';

const MIGRATION_NAMES = Object.keys(storeMigrations('sqlite')).sort();

const folders: string[] = [];
function tempFile(name = 'luc.db'): string {
  const dir = mkdtempSync(join(tmpdir(), 'luc-store-test-'));
  folders.push(dir);
  return join(dir, name);
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// ------------------------------------------------------------------------------------------------
// What a SQLite schema is made of, read from its pragmas (names, types, NOT NULL, defaults, keys,
// foreign keys and their actions, indexes with their columns and collations, WITHOUT ROWID) and
// its CHECK expressions (normalized: no quotes, no spaces, lower case).

interface SchemaRow {
  [key: string]: unknown;
}

function checksOf(createSql: string): string[] {
  const checks: string[] = [];
  const lower = createSql.toLowerCase();
  let at = lower.indexOf('check');
  while (at !== -1) {
    const open = lower.indexOf('(', at);
    let depth = 0;
    let end = open;
    for (; end < lower.length; end += 1) {
      if (lower[end] === '(') depth += 1;
      if (lower[end] === ')') depth -= 1;
      if (depth === 0) break;
    }
    checks.push(lower.slice(open + 1, end).replace(/["\s]/g, ''));
    at = lower.indexOf('check', end);
  }
  return checks.sort();
}

function describeSchema(db: BetterSqlite.Database): Record<string, unknown> {
  const tables = db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%' AND name <> 'schema_version' ORDER BY name")
    .all() as { name: string; sql: string }[];
  const schema: Record<string, unknown> = {};
  for (const { name, sql: createSql } of tables) {
    const columns = (db.prepare(`PRAGMA table_info("${name}")`).all() as SchemaRow[]).map((c) => ({ ...c, type: String(c['type']).toLowerCase() }));
    const foreignKeys = db.prepare(`PRAGMA foreign_key_list("${name}")`).all() as SchemaRow[];
    const indexes = (db.prepare(`PRAGMA index_list("${name}")`).all() as SchemaRow[]).map((index) => ({
      name: index['name'],
      unique: index['unique'],
      origin: index['origin'],
      partial: index['partial'],
      keys: (db.prepare(`PRAGMA index_xinfo("${String(index['name'])}")`).all() as SchemaRow[])
        .filter((k) => k['key'] === 1)
        .map((k) => ({ name: k['name'], coll: String(k['coll']).toLowerCase(), desc: k['desc'] })),
    }));
    indexes.sort((a, b) => String(a.name).localeCompare(String(b.name)));
    const withoutRowid = (db.prepare(`PRAGMA table_list("${name}")`).get() as SchemaRow)['wr'];
    schema[name] = { columns, foreignKeys, indexes, withoutRowid, checks: checksOf(createSql) };
  }
  return schema;
}

async function migratedFile(file: string): Promise<void> {
  const store = await openStore(file);
  await store.close();
}

function legacyFile(file: string, upTo = 3): void {
  const db = new BetterSqlite(file);
  db.pragma('foreign_keys = ON');
  writeLegacySchema(db, upTo);
  db.close();
}

function readSchema(file: string): Record<string, unknown> {
  const db = new BetterSqlite(file, { readonly: true });
  try {
    return describeSchema(db);
  } finally {
    db.close();
  }
}

describe('migrations (SQLite)', () => {
  it('runs every migration once and records it in kysely_migration', async () => {
    const { db, dialect } = openDatabase(':memory:');
    try {
      expect(await migrateToLatest(db, dialect)).toEqual(MIGRATION_NAMES);
      expect(await migrateToLatest(db, dialect)).toEqual([]);
      expect(await executedMigrations(db)).toEqual(MIGRATION_NAMES);
    } finally {
      await db.destroy();
    }
  });

  it('registers the console’s own client application', async () => {
    const store = await openStore(':memory:');
    try {
      expect(await store.clientApplications.isActive(CONSOLE_APPLICATION_ID)).toBe(true);
      expect(await store.clientApplications.isActive('other')).toBe(false);
    } finally {
      await store.close();
    }
  });

  it('opens the file in WAL mode with foreign keys on and a 5 s busy timeout', async () => {
    const store = await openStore(tempFile());
    try {
      const pragma = async (name: string) => Object.values((await sql<Record<string, unknown>>`${sql.raw(`pragma ${name}`)}`.execute(store.db)).rows[0] ?? {})[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('foreign_keys')).toBe(1);
      expect(await pragma('synchronous')).toBe(1); // NORMAL
      expect(await pragma('busy_timeout')).toBe(5000);
    } finally {
      await store.close();
    }
  });

  it('refuses a database written by a newer schema, naming the migration it does not know', async () => {
    const file = tempFile();
    await migratedFile(file);
    const raw = new BetterSqlite(file);
    raw.prepare('INSERT INTO kysely_migration (name, timestamp) VALUES (?, ?)').run('9999_future', new Date().toISOString());
    raw.close();
    await expect(openStore(file)).rejects.toThrow(
      `database schema is newer than this server knows (it has 9999_future; this server knows up to ${MIGRATION_NAMES[MIGRATION_NAMES.length - 1]}); use a newer build`,
    );
  });

  it('rolls back a failing migration entirely', async () => {
    const { db, dialect } = openDatabase(':memory:');
    try {
      await migrateToLatest(db, dialect);
      const broken = {
        ...storeMigrations('sqlite'),
        '9000_broken': {
          async up(trx: Kysely<any>) {
            await trx.schema.createTable('t2').addColumn('x', 'integer').execute();
            await sql`select * from no_such_table`.execute(trx);
          },
        },
      };
      await expect(migrateToLatest(db, dialect, broken)).rejects.toThrow(/database migration 9000_broken failed: no such table: no_such_table/);
      expect((await db.introspection.getTables()).map((t) => t.name)).not.toContain('t2');
      expect(await executedMigrations(db)).toEqual(MIGRATION_NAMES);
    } finally {
      await db.destroy();
    }
  });

  it('writes with 0001-0003 exactly the schema of the legacy SQL: columns, types, defaults, keys, foreign keys, indexes, collations, checks', async () => {
    const fresh = tempFile('fresh.db');
    const legacy = tempFile('legacy.db');
    const { db, dialect } = openDatabase(fresh);
    const legacyNames = Object.values(LEGACY_VERSIONS);
    await migrateToLatest(db, dialect, Object.fromEntries(Object.entries(storeMigrations(dialect)).filter(([name]) => legacyNames.includes(name))));
    await db.destroy();
    legacyFile(legacy);
    const expected = readSchema(legacy);
    expect(Object.keys(expected)).toHaveLength(19);
    expect(readSchema(fresh)).toEqual(expected);
  });

  it('refuses JSON columns that are not JSON at the database level', async () => {
    const store = await openStore(':memory:');
    try {
      await store.inventories.insert({ id: 'I1', name: 'Inv', region: '', customer: '', parentId: null, features: [], createdAt: 1 });
      await expect(store.db.updateTable('inventories').set({ features_json: '{bad' }).execute()).rejects.toThrow(/CHECK constraint/);
    } finally {
      await store.close();
    }
  });
});

// ------------------------------------------------------------------------------------------------
// Adoption of a file written by a build that used schema_version.

const NOW = 1_700_000_000_000;

/** Rows in every table of the legacy schema, written with the legacy build's own SQL. */
function writeLegacyRows(file: string, upTo: number): void {
  const db = new BetterSqlite(file);
  db.pragma('foreign_keys = ON');
  db.exec(`
    INSERT INTO inventories (id, name, features_json, created_at) VALUES ('INV-1', 'Newsroom', '["map"]', ${NOW});
    INSERT INTO groups (id, name, inventory_id, created_at) VALUES ('G-1', 'News', 'INV-1', ${NOW});
    INSERT INTO users (id, username, email, user_type, is_demo, password_hash, password_salt, password_params_json, password_changed_at, created_at)
      VALUES ('USR-1', 'Ada', 'ada@example.com', 'luc_admin', 1, 'aa', 'bb', '{"algorithm":"scrypt","N":16384,"r":8,"p":1,"keyLength":64}', ${NOW}, ${NOW});
    INSERT INTO user_groups (user_id, group_id) VALUES ('USR-1', 'G-1');
    INSERT INTO user_preferences (user_id, prefs_json, updated_at) VALUES ('USR-1', '{"theme":"dark"}', ${NOW});
    INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at, absolute_expires_at) VALUES ('S-1', 'USR-1', ${NOW}, ${NOW}, ${NOW + 1000}, ${NOW + 2000});
    INSERT INTO units (uid, name, type, group_id, inventory_id, lat, lng, settings_json, created_at, updated_at)
      VALUES ('U-1', 'Cam-1', '800', 'G-1', 'INV-1', 48.85, 2.35, '{"ownedBy":"rent"}', ${NOW}, ${NOW});
    INSERT INTO servers (id, name, type, inventory_id, created_at) VALUES ('MMH-1', 'MMH-01', 'mmh', 'INV-1', ${NOW});
    INSERT INTO channels (id, name, type, server_id, group_id, created_at) VALUES ('CH-1', 'News-Preview', 'preview', 'MMH-1', 'G-1', ${NOW});
    INSERT INTO notifications (id, global_notification, expire_date, created_at) VALUES ('N-1', 'Maintenance', ${NOW + 5000}, ${NOW});
  `);
  if (upTo >= 2) {
    db.exec(`
      INSERT INTO adhoc_registrations (group_id, kind, period, code, expires_at, updated_at) VALUES ('G-1', 'smart', '1week', 'CODE-1', ${NOW + 9000}, ${NOW});
      INSERT INTO permanent_registrations (group_id, kind, reg_key, regeneration, usage_reset, usage_reset_since, regenerated_at, updated_at)
        VALUES ('G-1', 'lite', 'KEY-1', 'weekly', 'never', ${NOW}, ${NOW}, ${NOW});
      INSERT INTO invitations (id, group_id, channel, recipients_json, device_name, kind, link, created_by, created_at)
        VALUES ('INVITE-1', 'G-1', 'email', '["a@example.com"]', 'Phone-1', 'smart', 'https://join/1', 'USR-1', ${NOW});
    `);
  }
  if (upTo >= 3) {
    db.exec(`
      INSERT INTO stories (id, inventory_id, slugline, last_modified) VALUES ('STY-1', 'INV-1', 'FLOODS', ${NOW});
      INSERT INTO unit_stories (unit_uid, story_id, selected_at) VALUES ('U-1', 'STY-1', ${NOW});
      INSERT INTO share_publishers (id, inventory_id, name, share_key, created_on) VALUES ('PUB-1', 'INV-1', 'Main', 'pub-key-1', ${NOW});
      INSERT INTO share_subscribers (id, inventory_id, name, share_key, created_on) VALUES ('SUB-1', 'INV-1', 'North', 'sub-key-1', ${NOW});
      INSERT INTO unit_shares (unit_uid, subscriber_id) VALUES ('U-1', 'SUB-1');
    `);
  }
  db.close();
}

describe('adoption of a database written with schema_version (legacy builds)', () => {
  it('opens a version-3 file without losing a row, records 0001-0003 as executed and drops schema_version', async () => {
    const file = tempFile();
    legacyFile(file, 3);
    writeLegacyRows(file, 3);
    const store = await openStore(file);
    try {
      expect(await executedMigrations(store.db)).toEqual(MIGRATION_NAMES);
      expect((await store.db.introspection.getTables()).map((t) => t.name)).not.toContain('schema_version');
      expect(await store.inventories.get('INV-1')).toMatchObject({ name: 'Newsroom', features: ['map'] });
      expect(await store.groups.forUser('USR-1')).toEqual([{ uid: 'G-1', name: 'News', inventoryId: 'INV-1', inventoryName: 'Newsroom' }]);
      expect((await store.users.credentials('ADA'))?.password.params).toEqual({ algorithm: 'scrypt', N: 16384, r: 8, p: 1, keyLength: 64 });
      expect(await store.preferences.get('USR-1')).toEqual({ theme: 'dark' });
      expect(await store.sessions.get('S-1')).toMatchObject({ userId: 'USR-1', expiresAt: NOW + 1000 });
      expect(await store.units.get('U-1')).toMatchObject({ name: 'Cam-1', lat: 48.85, settings: { ownedBy: 'rent' }, createdAt: NOW });
      expect(await store.channels.groupOf('CH-1')).toBe('G-1');
      expect(await store.servers.groupOf('MMH-1')).toBe('G-1');
      expect(await store.notifications.active(NOW)).toHaveLength(1);
      expect(await store.adhoc.adhoc('G-1', 'smart')).toMatchObject({ code: 'CODE-1', period: '1week' });
      expect(await store.adhoc.permanent('G-1')).toMatchObject({ key: 'KEY-1', kind: 'lite' });
      expect(await store.adhoc.invitations('G-1')).toMatchObject([{ id: 'INVITE-1', recipients: ['a@example.com'], createdBy: 'USR-1' }]);
      expect((await store.stories.selectedFor('U-1'))?.slugline).toBe('FLOODS');
      expect((await store.shares.publishers('INV-1')).map((p) => p.id)).toEqual(['PUB-1']);
      expect((await store.shares.unitSubscribers('U-1')).map((s) => s.id)).toEqual(['SUB-1']);
      // The adopted schema behaves as before: a case-insensitive duplicate subscriber is refused.
      await expect(
        store.shares.insertSubscriber({ id: 'SUB-2', inventoryId: 'INV-1', name: 'NORTH', shareKey: 'other-key', description: '', groupId: null, createdOn: NOW, createdBy: '' }),
      ).rejects.toThrow(/UNIQUE/);
    } finally {
      await store.close();
    }
    // Opening again adopts nothing more and runs nothing.
    const again = await openStore(file);
    try {
      expect(await executedMigrations(again.db)).toEqual(MIGRATION_NAMES);
      expect(await again.units.count()).toBe(1);
    } finally {
      await again.close();
    }
  });

  it('adopts a version-2 file and runs 0003 (stories and shares) on it', async () => {
    const file = tempFile();
    legacyFile(file, 2);
    writeLegacyRows(file, 2);
    const store = await openStore(file);
    try {
      expect(await executedMigrations(store.db)).toEqual(MIGRATION_NAMES);
      expect(await store.adhoc.permanent('G-1')).toMatchObject({ key: 'KEY-1' });
      const story = await store.stories.insert('STY-NEW', 'INV-1', { slugline: 'NEW', crewName: '', usageTerms: '', provider: '', reporter: '', keywords: '', comments: '' }, NOW);
      expect(story.storyId).toBe('STY-NEW');
    } finally {
      await store.close();
    }
    // The same schema as a version-3 file adopted and brought up to date.
    const reference = tempFile('reference.db');
    legacyFile(reference, 3);
    await migratedFile(reference);
    expect(readSchema(file)).toEqual(readSchema(reference));
  });

  it('refuses a legacy file whose version is newer than the legacy migrations, and leaves it as it was', async () => {
    const file = tempFile();
    legacyFile(file, 3);
    const raw = new BetterSqlite(file);
    raw.prepare("INSERT INTO schema_version (version, name, applied_at) VALUES (4, 'from a newer build', 0)").run();
    raw.close();
    await expect(openStore(file)).rejects.toThrow('database schema version 4 is newer than this server knows (3); use a newer build');
    const after = new BetterSqlite(file, { readonly: true });
    expect(after.prepare('SELECT MAX(version) AS v FROM schema_version').get()).toEqual({ v: 4 });
    after.close();
  });
});
