import type Database from 'better-sqlite3';

/**
 * FROZEN. The SQLite schema as it was shipped before the store moved to Kysely migrations
 * (src/server/store/migrations/): raw SQL per `schema_version` version 1..3, exactly as the
 * numbered migrations of the former src/server/store/migrations.ts wrote it. Never edit it.
 *
 * Only tests use it, to build a database the way an older build left it and check that the store
 * adopts it (migrations/index.ts `adoptLegacySchema`) without losing a row, and that Kysely's
 * migrations produce the same tables, columns, indexes and constraints on SQLite.
 */
export interface LegacyMigration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

export const LEGACY_MIGRATIONS: readonly LegacyMigration[] = [
  {
    version: 1,
    name: 'initial schema',
    sql: `
      CREATE TABLE inventories (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        region TEXT NOT NULL DEFAULT '',
        customer TEXT NOT NULL DEFAULT '',
        parent_id TEXT REFERENCES inventories(id) ON DELETE SET NULL,
        features_json TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(features_json)),
        created_at INTEGER NOT NULL
      );
      CREATE TABLE groups (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        inventory_id TEXT NOT NULL REFERENCES inventories(id) ON DELETE RESTRICT,
        auto_association INTEGER NOT NULL DEFAULT 0,
        unit_auto_association INTEGER NOT NULL DEFAULT 0,
        alerts_config_json TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(alerts_config_json)),
        created_at INTEGER NOT NULL
      );
      CREATE INDEX groups_inventory ON groups(inventory_id);
      CREATE TABLE users (
        id TEXT PRIMARY KEY,
        username TEXT NOT NULL UNIQUE COLLATE NOCASE,
        first_name TEXT NOT NULL DEFAULT '',
        last_name TEXT NOT NULL DEFAULT '',
        email TEXT UNIQUE COLLATE NOCASE,
        user_label TEXT NOT NULL DEFAULT '',
        user_type TEXT NOT NULL,
        active INTEGER NOT NULL DEFAULT 1,
        sso INTEGER NOT NULL DEFAULT 0,
        is_demo INTEGER NOT NULL DEFAULT 0,
        password_hash TEXT NOT NULL,
        password_salt TEXT NOT NULL,
        password_params_json TEXT NOT NULL CHECK (json_valid(password_params_json)),
        password_changed_at INTEGER NOT NULL,
        password_expires_at INTEGER,
        force_password_change INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE user_groups (
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
        PRIMARY KEY (user_id, group_id)
      ) WITHOUT ROWID;
      CREATE INDEX user_groups_group ON user_groups(group_id);
      CREATE TABLE user_preferences (
        user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        prefs_json TEXT NOT NULL CHECK (json_valid(prefs_json)),
        updated_at INTEGER NOT NULL
      );
      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,              -- sha256 of the cookie token, hex; the token itself is never stored
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL,
        last_seen_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,      -- idle expiry, pushed forward on use
        absolute_expires_at INTEGER NOT NULL
      );
      CREATE INDEX sessions_user ON sessions(user_id);
      CREATE TABLE units (
        uid TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        type TEXT NOT NULL,
        serial TEXT NOT NULL DEFAULT '',
        comment TEXT NOT NULL DEFAULT '' CHECK (length(comment) <= 100),
        group_id TEXT REFERENCES groups(id) ON DELETE SET NULL,
        inventory_id TEXT REFERENCES inventories(id) ON DELETE SET NULL,
        sw_version TEXT NOT NULL DEFAULT '',
        lat REAL,
        lng REAL,
        owned_by TEXT NOT NULL DEFAULT 'inventory',
        settings_json TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(settings_json)),
        alerts_config_json TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(alerts_config_json)),
        metadata_json TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(metadata_json)),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX units_group ON units(group_id);
      CREATE INDEX units_inventory ON units(inventory_id);
      CREATE TABLE servers (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        type TEXT NOT NULL CHECK (type IN ('mmh', 'videoReturn', 'transceiver', 'ingest')), -- SERVER_TYPES of src/domain/servers.ts
        serial TEXT NOT NULL DEFAULT '',
        sw_version TEXT NOT NULL DEFAULT '',
        alias TEXT NOT NULL DEFAULT '',
        inventory_id TEXT REFERENCES inventories(id) ON DELETE SET NULL,
        max_channels INTEGER NOT NULL DEFAULT 8,
        cloud_region TEXT NOT NULL DEFAULT '',
        config_json TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(config_json)),
        created_at INTEGER NOT NULL
      );
      CREATE TABLE channels (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        type TEXT NOT NULL CHECK (type IN ('preview', 'output', 'input', 'group', 'distributor')), -- CHANNEL_TYPES of src/domain/channels.ts
        server_id TEXT REFERENCES servers(id) ON DELETE CASCADE,
        group_id TEXT REFERENCES groups(id) ON DELETE SET NULL,
        inventory_id TEXT REFERENCES inventories(id) ON DELETE SET NULL,
        config_json TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(config_json)),
        created_at INTEGER NOT NULL
      );
      CREATE INDEX channels_group ON channels(group_id);
      CREATE TABLE notifications (
        id TEXT PRIMARY KEY,
        global_notification TEXT NOT NULL,
        expire_date INTEGER NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE client_applications (
        application_id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        active INTEGER NOT NULL DEFAULT 1,
        created_at INTEGER NOT NULL
      );
      INSERT INTO client_applications (application_id, name, active, created_at)
        VALUES ('luc-console', 'LUC console', 1, 0);
    `,
  },
  {
    version: 2,
    name: 'ad-hoc and permanent LU-Smart / LU-Lite registrations, invitations',
    sql: `
      -- spec 002 §4, §7 "Groups (legacy)": one ad-hoc registration per group and device kind.
      CREATE TABLE adhoc_registrations (
        group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('smart', 'lite')),              -- DEVICE_KINDS of src/domain/adhoc.ts
        period TEXT NOT NULL CHECK (period IN ('1day', '3days', '1week', '1month')), -- ADHOC_PERIODS
        code TEXT NOT NULL,
        expires_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (group_id, kind)
      ) WITHOUT ROWID;
      -- One permanent registration per group: its key, key regeneration and usage-monitoring reset.
      CREATE TABLE permanent_registrations (
        group_id TEXT PRIMARY KEY REFERENCES groups(id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('smart', 'lite')),
        reg_key TEXT NOT NULL,
        regeneration TEXT NOT NULL CHECK (regeneration IN ('never', 'daily', 'weekly', 'monthly')), -- KEY_REGENERATION
        usage_reset TEXT NOT NULL CHECK (usage_reset IN ('3months', '6months', '12months', 'never')), -- USAGE_RESETS
        usage_reset_since INTEGER NOT NULL,
        regenerated_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      -- POST groups/{groupId}/email and /sms: invitations as recorded (no transport sends them here).
      CREATE TABLE invitations (
        id TEXT PRIMARY KEY,
        group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
        channel TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
        recipients_json TEXT NOT NULL CHECK (json_valid(recipients_json)),
        device_name TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('smart', 'lite')),
        guest INTEGER NOT NULL DEFAULT 0,
        period TEXT,
        link TEXT NOT NULL,
        created_by TEXT REFERENCES users(id) ON DELETE SET NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX invitations_group ON invitations(group_id, created_at);
    `,
  },
  {
    version: 3,
    name: 'stories and shares',
    sql: `
      -- spec 001 §3 Story; §9 fields max 1024 (characters), slugline required. id is the storyId.
      CREATE TABLE stories (
        id TEXT PRIMARY KEY,
        inventory_id TEXT NOT NULL REFERENCES inventories(id) ON DELETE CASCADE,
        slugline TEXT NOT NULL CHECK (length(trim(slugline)) BETWEEN 1 AND 1024),
        crew_name TEXT NOT NULL DEFAULT '' CHECK (length(crew_name) <= 1024),
        usage_terms TEXT NOT NULL DEFAULT '' CHECK (length(usage_terms) <= 1024),
        provider TEXT NOT NULL DEFAULT '' CHECK (length(provider) <= 1024),
        reporter TEXT NOT NULL DEFAULT '' CHECK (length(reporter) <= 1024),
        keywords TEXT NOT NULL DEFAULT '' CHECK (length(keywords) <= 1024),
        comments TEXT NOT NULL DEFAULT '' CHECK (length(comments) <= 1024),
        last_modified INTEGER NOT NULL
      );
      CREATE INDEX stories_inventory ON stories(inventory_id, slugline);
      -- The story selected for a unit (ours); deleting the story or the unit clears it.
      CREATE TABLE unit_stories (
        unit_uid TEXT PRIMARY KEY REFERENCES units(uid) ON DELETE CASCADE,
        story_id TEXT NOT NULL REFERENCES stories(id) ON DELETE CASCADE,
        selected_at INTEGER NOT NULL
      );
      CREATE INDEX unit_stories_story ON unit_stories(story_id);
      -- spec 002 §3 Publisher (subscriber similar); §5 names 1-32, subscriber name and share key unique per inventory.
      CREATE TABLE share_publishers (
        id TEXT PRIMARY KEY,
        inventory_id TEXT NOT NULL REFERENCES inventories(id) ON DELETE CASCADE,
        name TEXT NOT NULL CHECK (length(trim(name)) BETWEEN 1 AND 32),
        share_key TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '',
        group_id TEXT REFERENCES groups(id) ON DELETE SET NULL,
        created_on INTEGER NOT NULL,
        created_by TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX share_publishers_inventory ON share_publishers(inventory_id);
      CREATE TABLE share_subscribers (
        id TEXT PRIMARY KEY,
        inventory_id TEXT NOT NULL REFERENCES inventories(id) ON DELETE CASCADE,
        name TEXT NOT NULL COLLATE NOCASE CHECK (length(trim(name)) BETWEEN 1 AND 32),
        share_key TEXT NOT NULL COLLATE NOCASE,
        description TEXT NOT NULL DEFAULT '',
        group_id TEXT REFERENCES groups(id) ON DELETE SET NULL,
        created_on INTEGER NOT NULL,
        created_by TEXT NOT NULL DEFAULT '',
        UNIQUE (inventory_id, name),
        UNIQUE (inventory_id, share_key)
      );
      -- A unit's sharing options (ours): its live stream goes to these subscribers (multipoint share).
      CREATE TABLE unit_shares (
        unit_uid TEXT NOT NULL REFERENCES units(uid) ON DELETE CASCADE,
        subscriber_id TEXT NOT NULL REFERENCES share_subscribers(id) ON DELETE CASCADE,
        PRIMARY KEY (unit_uid, subscriber_id)
      ) WITHOUT ROWID;
      CREATE INDEX unit_shares_subscriber ON unit_shares(subscriber_id);
    `,
  },
];

/**
 * Writes a database as an older build did: the `schema_version` table and the legacy migrations
 * up to `upTo` (1-3), each in its own transaction.
 */
export function writeLegacySchema(db: Database.Database, upTo = 3): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_version (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  )`);
  const record = db.prepare('INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)');
  for (const m of LEGACY_MIGRATIONS) {
    if (m.version > upTo) continue;
    db.transaction(() => {
      db.exec(m.sql);
      record.run(m.version, m.name, 0);
    })();
  }
}
